import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, ImageUp, Lock } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { thumbnailStateOf, type ThumbnailedGuidebook } from '../thumbnail-state.ts';

type GuidebookThumbnailProps = {
  guidebook: ThumbnailedGuidebook;
  /** the title as shown (already 'Untitled Guidebook' when blank) */
  title: string;
};

/**
 * Where a thumbnail may be loaded from, in order (spec 1 §6): its own address, then, for a picture on another host
 * (a CDN), each configured public image proxy. Our own /media is never sent through a proxy: a proxy cannot reach
 * what we cannot serve, and readers' addresses would go to a third party for nothing.
 */
export function thumbnailSources(url: string, proxies: readonly string[], origin: string): string[] {
  let crossOrigin = false;
  try {
    crossOrigin = new URL(url, origin).origin !== origin;
  } catch {
    return [url];
  }
  return [url, ...(crossOrigin ? proxies.map((template) => template.replace('{url}', encodeURIComponent(url))) : [])];
}

/**
 * A card's picture in its four states (spec 1 §4, see `thumbnailStateOf`). An image that fails to load is tried
 * through the configured image proxies (cross-origin only, none unless configured), then falls back to the calm
 * cover.
 */
export function GuidebookThumbnail({ guidebook, title }: GuidebookThumbnailProps) {
  const { t } = useTranslation();
  const { thumbnailProxies } = useAppConfig();
  // Which of the picture's sources is showing; a new picture starts again from its own address.
  const [attempt, setAttempt] = useState<{ url: string; index: number } | null>(null);
  const state = thumbnailStateOf(guidebook);
  const url = guidebook.thumbnailUrl;
  const sources = url ? thumbnailSources(url, thumbnailProxies, window.location.origin) : [];
  const index = attempt && attempt.url === url ? attempt.index : 0;
  const src = sources[index];

  if (state === 'ready' && url && src) {
    return (
      <img
        key={src}
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setAttempt({ url, index: index + 1 })}
        className="size-full object-cover object-top"
        data-thumbnail-state="ready"
      />
    );
  }

  if (state === 'locked') {
    return (
      <Panel state="locked" tone="neutral">
        <span
          className="flex size-11 items-center justify-center rounded-full bg-white text-neutral-600 shadow-raised"
          aria-hidden="true"
        >
          <Lock className="size-5" />
        </span>
        <p className="max-w-60 text-sm font-semibold text-balance text-neutral-700">
          {t('guidebookLists.thumbnail.locked')}
        </p>
      </Panel>
    );
  }

  if (state === 'generating') {
    return (
      <Panel state="generating" tone="primary">
        <span
          className="flex size-11 items-center justify-center rounded-full bg-white text-primary-600 shadow-raised"
          aria-hidden="true"
        >
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
