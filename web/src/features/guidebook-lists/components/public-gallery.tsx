import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Images } from 'lucide-react';
import { PUBLIC_GALLERY_SCROLL_THRESHOLD_PX, type PublicGuidebook } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { publicUrlOf } from '../listed-guidebook.ts';
import { usePublicGallery } from '../api/get-public-gallery.ts';
import { useTitleOf } from '../use-title-of.ts';
import { CardPicture } from './card-picture.tsx';

/** Whether the page's bottom is within the spec's 300 px of the window's. */
function nearBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.innerHeight + window.scrollY >= scrollHeight - PUBLIC_GALLERY_SCROLL_THRESHOLD_PX;
}

/**
 * The public gallery (spec 3 §2.2, §8): the count, cards of 400 px pictures in 3, 2 or 1 columns, the next page
 * when the bottom is within 300 px (also when the first page does not fill the window), an end message, and the
 * loading, empty and error states; a failed later page keeps what was read and offers a retry. Administrators can
 * regenerate a card's thumbnail.
 */
export function PublicGallery({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const gallery = usePublicGallery();
  const { data, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = gallery;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const totalCount = data?.pages[0]?.totalCount ?? 0;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && nearBottom()) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  useEffect(() => {
    window.addEventListener('scroll', loadMore, { passive: true });
    window.addEventListener('resize', loadMore);
    return () => {
      window.removeEventListener('scroll', loadMore);
      window.removeEventListener('resize', loadMore);
    };
  }, [loadMore]);
  // A page that does not fill the window has no scroll to wait for: look again after every page read.
  const pagesRead = data?.pages.length ?? 0;
  useEffect(() => {
    if (pagesRead > 0) loadMore();
  }, [pagesRead, loadMore]);

  if (gallery.isPending) {
    return (
      <div className="flex min-h-56 items-center justify-center gap-3 rounded-card border border-neutral-200 bg-white text-neutral-500">
        <Spinner className="text-primary-600" />
        <span role="status">{t('publicGallery.loading')}</span>
      </div>
    );
  }

  if (gallery.isError && items.length === 0) {
    return <GalleryError detail={errorMessage(gallery.error)} onRetry={() => void gallery.refetch()} />;
  }

  if (items.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-neutral-300 bg-white">
        <EmptyState
          className="py-14"
          icon={<Images className="size-6" />}
          title={t('publicGallery.empty')}
          description={t('publicGallery.emptyHint')}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-neutral-600" data-gallery-count={totalCount}>
        {t('publicGallery.count', { count: totalCount })}
      </p>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">
        {items.map((guidebook) => (
          <li key={guidebook._id}>
            <GalleryCard guidebook={guidebook} admin={admin} />
          </li>
        ))}
      </ul>
      {isFetchingNextPage ? (
        <p className="flex items-center justify-center gap-2 py-4 text-sm text-neutral-500" role="status">
          <Spinner size="sm" className="text-primary-600" />
          {t('publicGallery.loadingMore')}
        </p>
      ) : null}
      {isError ? <GalleryError detail={errorMessage(gallery.error)} onRetry={() => void fetchNextPage()} /> : null}
      {!hasNextPage && !isError ? (
        <p className="py-4 text-center text-sm text-neutral-500" data-gallery-end="true">
          {t('publicGallery.end')}
        </p>
      ) : null}
    </div>
  );
}

function GalleryError({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner
      tone="alert"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <p className="font-semibold">{t('publicGallery.error')}</p>
      <p>{detail}</p>
    </Banner>
  );
}

/** A gallery card: the picture (400 px high), the title opening the reader's page, the date it was last updated. */
function GalleryCard({ guidebook, admin }: { guidebook: PublicGuidebook; admin: boolean }) {
  const title = useTitleOf()(guidebook);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised transition-colors hover:border-primary-200">
      <CardPicture guidebook={guidebook} title={title} regenerateAs={admin ? 'admin' : null} className="h-[400px]" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="text-base font-semibold text-neutral-900">
          {/* The reader's page is drawn by the server, so a plain link; it stretches over the card, under the buttons. */}
          <a
            href={publicUrlOf(guidebook.uuid, undefined, 'gallery')}
            className="line-clamp-2 break-words after:absolute after:inset-0 after:content-[''] group-hover:text-primary-700"
          >
            {title}
          </a>
        </h2>
        <p className="text-sm text-neutral-500 tabular-nums">
          <time dateTime={guidebook.updatedAt}>{formatDateTime(guidebook.updatedAt).slice(0, 10)}</time>
        </p>
      </div>
    </article>
  );
}
