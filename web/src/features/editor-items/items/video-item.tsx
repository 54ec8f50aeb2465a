import { useTranslation } from 'react-i18next';
import { Video } from 'lucide-react';
import { webUrlSchema, type SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { UrlField } from './url-field.tsx';

const YOUTUBE_ID = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})/i;

/** The video id of a YouTube address (watch, share, embed, shorts and live links), or null. */
export function youtubeVideoId(url: string): string | null {
  return YOUTUBE_ID.exec(url.trim())?.[1] ?? null;
}

/** The privacy-enhanced embed address: no cookies until the reader plays the video. */
export const youtubeEmbedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}`;

/** What to store for a typed address: 'https://' added when no scheme is given; null when it is not a video link. */
export function videoUrlFromInput(input: string): string | null {
  const value = input.trim();
  if (value === '') return '';
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  return webUrlSchema.safeParse(url).success && youtubeVideoId(url) ? url : null;
}

/** A YouTube video, 16:9 (its height is 0.5625 of its width, spec §3); the author pastes its address. */
export function VideoItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<SectionItemOf<'video'>>) {
  const { t } = useTranslation();
  const id = youtubeVideoId(item.url);
  return (
    <div className="flex flex-col gap-2 px-4 py-2" onPointerDownCapture={editable ? onActivate : undefined}>
      <div className="relative aspect-video w-full overflow-hidden rounded-control bg-neutral-100">
        {id ? (
          <iframe
            src={youtubeEmbedUrl(id)}
            title={t('editorItems.video.frameTitle')}
            className="absolute inset-0 size-full"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-neutral-600">
            <Video className="size-6" aria-hidden="true" />
            <span>{t('editorItems.video.placeholder')}</span>
          </div>
        )}
        {/* In the editor a click selects the item instead of starting the video. */}
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
