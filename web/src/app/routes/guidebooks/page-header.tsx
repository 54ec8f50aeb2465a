import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { GuidebookLinks } from '../../../features/guidebook-lists/components/guidebook-links.ts';
import { paths } from '../../paths.ts';

/** The list screens' links: the editor, the preview, the sample, and (administrators) the owner's page. */
export function guidebookLinks(admin: boolean): GuidebookLinks {
  return {
    edit: paths.guidebookEdit.getHref,
    preview: paths.guidebookPreview.getHref,
    insights: paths.guidebookInsights.getHref,
    create: paths.guidebooksCreate.getHref(),
    sample: paths.guidebooksSample.getHref(),
    ...(admin ? { owner: paths.adminUser.getHref } : {}),
  };
}

type ListPageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** beside the primary action ('MORE GUIDEBOOKS', a back link) */
  actions?: ReactNode;
};

/** Title and description on the left, the screen's one primary action ('New guidebook') on the right. */
export function ListPageHeader({ title, description, actions }: ListPageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{title}</h1>
        {description ? <p className="mt-1.5 text-base text-neutral-600">{description}</p> : null}
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row sm:items-center">
        {actions}
        <Link
          to={paths.guidebooksCreate.getHref()}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-control bg-primary-600 px-5 font-semibold text-white shadow-raised hover:bg-primary-700"
        >
          <Plus className="size-4.5" aria-hidden="true" />
          {t('guidebookLists.actions.create')}
        </Link>
      </div>
    </header>
  );
}
