import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Eye, QrCode } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ownerIdOf, type ListedGuidebook } from '../listed-guidebook.ts';
import { useTitleOf } from '../use-title-of.ts';
import type { GuidebookLinks } from './guidebook-links.ts';
import { PreviewLink } from './preview-link.tsx';
import { PublishedDot } from './published-dot.tsx';

type GuidebookRowsProps = {
  rows: ListedGuidebook[];
  /** the number of the first row: (page-1)*pageSize+1 */
  firstNumber: number;
  /** `full`: the guidebook list's columns; `compact`: the recent screen's search results (spec 1 §2) */
  variant: 'full' | 'compact';
  links: GuidebookLinks;
  /** administrators: the company links to its owner */
  linkOwners: boolean;
  onShowQr: (guidebook: ListedGuidebook) => void;
  /** the table's caption and the card list's name, for screen readers */
  caption: string;
};

/** The rows as a table on wide screens and as cards under 768 px (DESIGN.md); CSS shows one of the two. */
export function GuidebookRows(props: GuidebookRowsProps) {
  return (
    <>
      <GuidebookTable {...props} />
      <GuidebookCards {...props} />
    </>
  );
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-control text-neutral-600 transition-colors hover:bg-primary-50 hover:text-primary-700';

function GuidebookTable({ rows, firstNumber, variant, links, linkOwners, onShowQr, caption }: GuidebookRowsProps) {
  const { t, i18n } = useTranslation();
  const titleOf = useTitleOf();
  const full = variant === 'full';
  const number = new Intl.NumberFormat(i18n.language);
  const head = 'px-3 py-3 text-xs font-semibold whitespace-nowrap text-neutral-500 first:pl-5 last:pr-5';
  const cell = 'px-3 py-3.5 first:pl-5 last:pr-5';
  return (
    <div className="hidden overflow-x-auto rounded-card border border-neutral-200 bg-white shadow-raised md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50">
          <tr>
            <th scope="col" className={cx(head, 'w-14 text-center')}>
              {t('guidebookLists.columns.number')}
            </th>
            {full ? (
              <th scope="col" className="w-8 py-3">
                <span className="sr-only">{t('guidebookLists.columns.published')}</span>
              </th>
            ) : null}
            <th scope="col" className={head}>
              {t('guidebookLists.columns.title')}
            </th>
            <th scope="col" className={cx(head, 'w-36')}>
              {t('guidebookLists.columns.company')}
            </th>
            <th scope="col" className={cx(head, 'w-28')}>
              {t('guidebookLists.columns.updatedAt')}
            </th>
            {full ? (
              <>
                <th scope="col" className={cx(head, 'w-28')}>
                  {t('guidebookLists.columns.createdAt')}
                </th>
                <th scope="col" className={cx(head, 'w-20 text-right')}>
                  {t('guidebookLists.columns.views')}
                </th>
              </>
            ) : null}
            <th scope="col" className={cx(head, 'w-20 text-center')}>
              {t('guidebookLists.columns.preview')}
            </th>
            <th scope="col" className={cx(head, 'w-16 text-center')}>
              {t('guidebookLists.columns.qr')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((row, index) => {
            const title = titleOf(row);
            return (
              <tr key={row._id} className="align-middle transition-colors hover:bg-neutral-50">
                <td className={cx(cell, 'text-center text-neutral-500 tabular-nums')}>{firstNumber + index}</td>
                {full ? (
                  <td className="px-0 py-3.5">
                    <PublishedDot published={row.published} />
                  </td>
                ) : null}
                <th scope="row" className={cx(cell, 'font-normal')}>
                  <span className="flex min-w-0 items-center gap-2">
                    {full ? null : <PublishedDot published={row.published} />}
                    <Link
                      to={links.edit(row._id)}
                      className="line-clamp-2 text-base font-semibold text-neutral-900 underline-offset-4 hover:text-primary-700 hover:underline"
                    >
                      {title}
                    </Link>
                    {row.isPublicGallery ? <GalleryBadge /> : null}
                  </span>
                </th>
                <td className={cx(cell, 'text-neutral-700')}>
                  <Company row={row} links={links} linkOwners={linkOwners} />
                </td>
                <td className={cell}>
                  <DateTime value={row.updatedAt} />
                </td>
                {full ? (
                  <>
                    <td className={cell}>
                      <DateTime value={row.createdAt} />
                    </td>
                    <td className={cx(cell, 'text-right text-neutral-700 tabular-nums')}>
                      <Views
                        count={number.format(row.views.count)}
                        href={links.insights?.(row._id)}
                        label={t('insights.openLabel', { title })}
                      />
                    </td>
                  </>
                ) : null}
                <td className={cx(cell, 'text-center')}>
                  <PreviewLink
                    href={links.preview(row._id)}
                    label={t('guidebookLists.actions.previewOf', { title })}
                    className={iconButton}
                  >
                    <Eye className="size-4.5" aria-hidden="true" />
                  </PreviewLink>
                </td>
                <td className={cx(cell, 'text-center')}>
                  <button
                    type="button"
                    onClick={() => onShowQr(row)}
                    aria-label={t('guidebookLists.actions.qrOf', { title })}
                    title={t('guidebookLists.actions.qrOf', { title })}
                    aria-haspopup="dialog"
                    className={iconButton}
                  >
                    <QrCode className="size-4.5" aria-hidden="true" />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function GuidebookCards({ rows, firstNumber, variant, links, linkOwners, onShowQr, caption }: GuidebookRowsProps) {
  const { t, i18n } = useTranslation();
  const titleOf = useTitleOf();
  const number = new Intl.NumberFormat(i18n.language);
  const action =
    'inline-flex h-10 flex-1 items-center justify-center gap-1.5 rounded-control border border-neutral-300 bg-white px-3 text-sm font-semibold text-neutral-800 hover:bg-neutral-50';
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
      {rows.map((row, index) => {
        const title = titleOf(row);
        return (
          <li key={row._id} className="rounded-card border border-neutral-200 bg-white p-4 shadow-raised">
            <div className="flex items-start gap-3">
              <span className="mt-0.5 min-w-6 text-sm text-neutral-500 tabular-nums">{firstNumber + index}</span>
              <div className="min-w-0 flex-1">
                <p className="flex items-start gap-2">
                  <PublishedDot published={row.published} className="mt-2" />
                  <Link
                    to={links.edit(row._id)}
                    className="min-w-0 text-base font-semibold break-words text-neutral-900 hover:text-primary-700"
                  >
                    {title}
                  </Link>
                </p>
                {/* Indented past the dot, so the details line up with the title. */}
                <div className="pl-4.5">
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-neutral-600">
                    <Company row={row} links={links} linkOwners={linkOwners} />
                    {row.isPublicGallery ? <GalleryBadge /> : null}
                  </p>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-neutral-500">{t('guidebookLists.columns.updatedAt')}</dt>
                    <dd className="text-neutral-700 tabular-nums">{formatDateTime(row.updatedAt)}</dd>
                    {variant === 'full' ? (
                      <>
                        <dt className="text-neutral-500">{t('guidebookLists.columns.createdAt')}</dt>
                        <dd className="text-neutral-700 tabular-nums">{formatDateTime(row.createdAt)}</dd>
                        <dt className="text-neutral-500">{t('guidebookLists.columns.views')}</dt>
                        <dd className="text-neutral-700 tabular-nums">
                          <Views
                            count={number.format(row.views.count)}
                            href={links.insights?.(row._id)}
                            label={t('insights.openLabel', { title })}
                          />
                        </dd>
                      </>
                    ) : null}
                  </dl>
                </div>
              </div>
            </div>
            <div className="mt-4 flex gap-2">
              <PreviewLink
                href={links.preview(row._id)}
                label={t('guidebookLists.actions.previewOf', { title })}
                className={action}
              >
                <Eye className="size-4" aria-hidden="true" />
                {t('guidebookLists.actions.preview')}
              </PreviewLink>
              <button
                type="button"
                onClick={() => onShowQr(row)}
                aria-label={t('guidebookLists.actions.qrOf', { title })}
                aria-haspopup="dialog"
                className={action}
              >
                <QrCode className="size-4" aria-hidden="true" />
                {t('guidebookLists.actions.qr')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The views figure, linked to the guidebook's reader insights where the list knows the way. */
function Views({ count, href, label }: { count: string; href: string | undefined; label: string }) {
  if (href === undefined) return <>{count}</>;
  return (
    <Link
      to={href}
      aria-label={`${label}: ${count}`}
      title={label}
      className="text-primary-700 underline-offset-2 hover:underline"
    >
      {count}
    </Link>
  );
}

function Company({ row, links, linkOwners }: { row: ListedGuidebook; links: GuidebookLinks; linkOwners: boolean }) {
  const name = row.company.trim();
  if (!name) return <span className="text-neutral-400">–</span>;
  if (!linkOwners || !links.owner) return <span className="break-words">{name}</span>;
  return (
    <Link to={links.owner(ownerIdOf(row))} className="break-words text-primary-700 underline-offset-4 hover:underline">
      {name}
    </Link>
  );
}

/** Date over time, so the spec's `YYYY.MM.DD HH:mm:ss` fits a narrow column. */
function DateTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <time dateTime={value} className="flex flex-col leading-tight tabular-nums">
      <span className="text-neutral-800">{date}</span>
      <span className="text-xs text-neutral-500">{time}</span>
    </time>
  );
}

function GalleryBadge() {
  const { t } = useTranslation();
  return (
    <span className="shrink-0 rounded-full border border-accent-100 bg-white px-2 py-0.5 text-xs font-semibold text-accent-600">
      {t('guidebookLists.status.publicGallery')}
    </span>
  );
}
