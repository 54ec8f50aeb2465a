import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, ImageUp, Lock } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import type { ListedGuidebook } from '../listed-guidebook.ts';
import { thumbnailStateOf } from '../thumbnail-state.ts';

type GuidebookThumbnailProps = {
  guidebook: ListedGuidebook;
  /** the title as shown (already 'Untitled Guidebook' when blank) */
  title: string;
};

/**
 * A card's picture in its four states (spec 1 §4, see `thumbnailStateOf`). An image that fails to load falls back
 * to the calm cover; the spec's public image proxies are not tried, so no request leaves our own host.
 */
export function GuidebookThumbnail({ guidebook, title }: GuidebookThumbnailProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const state = thumbnailStateOf(guidebook);
  const url = guidebook.thumbnailUrl;

  if (state === 'ready' && url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(url)}
        className="size-full object-cover object-top"
        data-thumbnail-state="ready"
      />
    );
  }

  if (state === 'locked') {
    return (
      <Panel state="locked" tone="neutral">
        <span className="flex size-11 items-center justify-center rounded-full bg-white text-neutral-600 shadow-raised" aria-hidden="true">
          <Lock className="size-5" />
        </span>
        <p className="max-w-60 text-sm font-semibold text-balance text-neutral-700">{t('guidebookLists.thumbnail.locked')}</p>
      </Panel>
    );
  }

  if (state === 'generating') {
    return (
      <Panel state="generating" tone="primary">
        <span className="flex size-11 items-center justify-center rounded-full bg-white text-primary-600 shadow-raised" aria-hidden="true">
          <ImageUp className="size-5" />
        </span>
        <p className="flex items-center gap-2 text-sm font-semibold text-primary-800">
          <Spinner size="sm" />
          {t('guidebookLists.thumbnail.generating')}
        </p>
        <p className="max-w-60 text-xs text-balance text-primary-700">{t('guidebookLists.thumbnail.generatingHint')}</p>
      </Panel>
    );
  }

  // Published without a thumbnail yet, or one that failed to load: a quiet cover with the title.
  return (
    <Panel state="placeholder" tone="primary">
      <BookOpen className="size-7 text-primary-500" aria-hidden="true" />
      <p className="line-clamp-3 max-w-60 text-lg font-bold break-words text-primary-800" aria-hidden="true">
        {title}
      </p>
    </Panel>
  );
}

function Panel({ state, tone, children }: { state: string; tone: 'neutral' | 'primary'; children: ReactNode }) {
  return (
    <div
      data-thumbnail-state={state}
      className={
        tone === 'primary'
          ? 'flex size-full flex-col items-center justify-center gap-3 bg-primary-50 px-6 pt-8 text-center'
          : 'flex size-full flex-col items-center justify-center gap-3 bg-neutral-100 px-6 pt-8 text-center'
      }
    >
      {children}
    </div>
  );
}
