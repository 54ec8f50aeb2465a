import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Play, Video } from 'lucide-react';
import { webUrlSchema, type SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { UrlField } from './url-field.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

const YOUTUBE_ID = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})(?![\w-])/i;

/**
 * The video id of a YouTube address (watch, share, embed, shorts and live links), or null. The viewer's own rule
 * (`youTubeId` in contracts/src/viewer/render-items.ts) is kept apart so the readers' script shares no chunk with
 * the editor; a test holds the two to the same answers.
 */
export function youtubeVideoId(url: string): string | null {
  return YOUTUBE_ID.exec(url.trim())?.[1] ?? null;
}

/** The privacy-enhanced embed address: no cookies until the video is played. */
const youTubeEmbedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}`;

/** What to store for a typed address: 'https://' added when no scheme is given; null when it is not a video link. */
export function videoUrlFromInput(input: string): string | null {
  const value = input.trim();
  if (value === '') return '';
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  return webUrlSchema.safeParse(url).success && youtubeVideoId(url) ? url : null;
}

/**
 * A YouTube video, 16:9 (its height is 0.5625 of its width, spec §3); the author pastes its address. Like the
 * viewer, the canvas shows a facade and loads the player only when asked: a page of many videos stays light, and
 * nothing is fetched from YouTube until the author plays one.
 */
export function VideoItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<SectionItemOf<'video'>>) {
  const { t } = useTranslation();
  const id = youtubeVideoId(item.url);
  // The id that was played: another address shows the facade again.
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2" {...(editable ? pressToSelect(onActivate) : {})}>
      <div className="relative aspect-video w-full overflow-hidden rounded-control bg-neutral-100">
        {id && playing === id ? (
          <iframe
            src={`${youTubeEmbedUrl(id)}?autoplay=1&rel=0`}
            title={t('editorItems.video.frameTitle')}
            className="absolute inset-0 size-full"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : id ? (
          <button
            type="button"
            data-video-facade={id}
            title={`YouTube ${id}`}
            onClick={() => setPlaying(id)}
            className="absolute inset-0 flex items-center justify-center bg-[radial-gradient(circle_at_50%_45%,#3a3f41,var(--color-neutral-900))] text-white focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
          >
            {/* As readers get it (the viewer's `.pg-video-facade`): the play button and 'YouTube', never the raw id.
                Named by what it does and what it shows, so the visible words are part of its name. */}
            <span className="sr-only">{`${t('editorItems.video.play')}:`}</span>{' '}
            <span className="flex h-12 w-[68px] items-center justify-center rounded-[14px] bg-[#d92d2d]" aria-hidden="true">
              <Play className="size-6 translate-x-0.5 fill-current" />
            </span>
            <span className="absolute bottom-2.5 left-3 text-[13px] font-semibold opacity-85">YouTube</span>{' '}
            {/* the id tells two videos apart (in the button's name and on hover) without being drawn */}
            <span className="sr-only">{id}</span>
          </button>
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-neutral-600">
            <Video className="size-6" aria-hidden="true" />
            <span>{t('editorItems.video.placeholder')}</span>
          </div>
        )}
        {/* In the editor the first click selects the item; once selected, the facade plays the video. */}
        {editable && !active ? <div className="absolute inset-0" aria-hidden="true" /> : null}
      </div>
      {editable && active ? (
        <UrlField
          url={item.url}
          label={t('editorItems.video.urlLabel')}
          placeholder="https://www.youtube.com/watch?v=…"
          invalidMessage={t('editorItems.video.invalid')}
          parse={videoUrlFromInput}
          onSave={(url) =>
            onEdit((draft) => {
              draft.url = url;
            })
          }
        />
      ) : null}
    </div>
  );
}
