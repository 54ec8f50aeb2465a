import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ownerIdOf, type ListedGuidebook } from '../listed-guidebook.ts';
import type { ThumbnailRequester } from '../api/request-thumbnail.ts';
import { useTitleOf } from '../use-title-of.ts';
import type { GuidebookLinks } from './guidebook-links.ts';
import { CardPicture } from './card-picture.tsx';

type GuidebookCardProps = {
  guidebook: ListedGuidebook;
  links: GuidebookLinks;
  /**
   * who may ask for a new thumbnail (spec 1 §6): an administrator for any published card, the owner for their own
   * when it needs one; null: nobody here
   */
  regenerateAs: ThumbnailRequester | null;
  /** administrators see whose guidebook it is */
  showCompany: boolean;
};

/**
 * A recent guidebook as a thumbnail card (spec 1 §2): the whole card opens the editor; the QR button lays the code
 * over the picture; the badge says whether it is published. The regenerate control (spec 1 §4, spec 3 §2.2) asks
 * for a new thumbnail: administrators on every published card, owners where theirs needs one; an overlay covers
 * the picture until the new one is listed.
 */
export function GuidebookCard({ guidebook, links, regenerateAs, showCompany }: GuidebookCardProps) {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  const title = titleOf(guidebook);

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised transition-colors hover:border-primary-200">
      <CardPicture
        guidebook={guidebook}
        title={title}
        regenerateAs={regenerateAs}
        className="h-72"
        badges={
          <>
            <span
              className={cx(
                'rounded-full px-2.5 py-1 text-xs font-semibold shadow-raised',
                guidebook.published
                  ? 'bg-primary-600 text-white'
                  : 'border border-neutral-200 bg-white text-neutral-700',
              )}
            >
              {guidebook.published ? t('guidebookLists.status.published') : t('guidebookLists.status.unpublished')}
            </span>
            {guidebook.isPublicGallery ? (
              <span className="rounded-full border border-accent-100 bg-white px-2.5 py-1 text-xs font-semibold text-accent-600 shadow-raised">
                {t('guidebookLists.status.publicGallery')}
              </span>
            ) : null}
          </>
        }
      />

      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="text-base font-semibold text-neutral-900">
          {/* The link stretches over the whole card, so a click anywhere opens the editor; the buttons sit above it. */}
          <Link
            to={links.edit(guidebook._id)}
            className="line-clamp-2 break-words after:absolute after:inset-0 after:content-[''] group-hover:text-primary-700"
          >
            {title}
          </Link>
        </h3>
        <p className="text-sm text-neutral-500 tabular-nums">
          <time dateTime={guidebook.updatedAt}>
            {t('guidebookLists.card.updatedAt', { date: formatDateTime(guidebook.updatedAt) })}
          </time>
        </p>
        {showCompany && guidebook.company.trim() ? (
          links.owner ? (
            <Link
              to={links.owner(ownerIdOf(guidebook))}
              className="relative z-10 self-start text-sm text-primary-700 underline-offset-4 hover:underline"
            >
              {guidebook.company}
            </Link>
          ) : (
            <p className="text-sm text-neutral-600">{guidebook.company}</p>
          )
        ) : null}
      </div>
    </article>
  );
}
