import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import { useSession } from '../../../lib/session-context.tsx';
import { useEditor, useEditorState } from '../editor-context.tsx';

/**
 * The administrator-only toolbar strip (spec §2): a compact dark band above the top menu, telling an administrator
 * whose guidebook this is, which id and version they are looking at, and leading to the back-office lists. Editing
 * someone else's guidebook is said plainly: the change is recorded under the administrator's name in its history.
 * Only drawn for administrators; the server decides what they may do either way.
 */
export function AdminStrip() {
  const { t } = useTranslation();
  const session = useSession();
  const { links } = useEditor();
  const guidebookId = useEditorState((state) => state.guidebookId);
  const revision = useEditorState((state) => state.revision);
  const settings = useEditorState((state) => state.settings);
  if (!session?.isAdmin) return null;

  const someoneElses = settings !== null && settings.ownerId !== session.id;
  const linkClass =
    'inline-flex items-center gap-1 font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white';
  return (
    <div
      role="region"
      aria-label={t('editor.admin.label')}
      className="bg-neutral-900 text-xs text-neutral-200"
      data-admin-strip
    >
      <div className="mx-auto flex min-h-9 max-w-[1400px] flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
        <span className="inline-flex items-center gap-1.5 font-bold text-white">
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {t('editor.admin.title')}
        </span>
        {settings ? (
          <span>
            {t('editor.admin.owner')}:{' '}
            <span className="font-semibold text-white">{settings.company || t('editor.admin.noCompany')}</span>
            {someoneElses ? (
              <span className="ml-2 rounded-full bg-warning-200 px-2 py-0.5 font-bold text-neutral-900">
                {t('editor.admin.notYours')}
              </span>
            ) : null}
          </span>
        ) : (
          <span>{t('editor.admin.unsaved')}</span>
        )}
        {guidebookId ? (
          <span>
            {t('editor.admin.id')}: <code className="font-mono text-neutral-100">{guidebookId}</code>
          </span>
        ) : null}
        {revision !== null ? <span>{t('editor.admin.version', { revision })}</span> : null}
        <span className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-1">
          {settings ? (
            <Link className={linkClass} to={links.ownerGuidebooks(settings.ownerId)}>
              {t('editor.admin.ownerGuidebooks')}
            </Link>
          ) : null}
          <Link className={linkClass} to={links.adminList}>
            {t('editor.admin.allGuidebooks')}
          </Link>
          {settings?.published ? (
            <a className={linkClass} href={links.publicGuidebook(settings.uuid)} target="_blank" rel="noreferrer">
              {t('editor.admin.publicPage')}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : null}
        </span>
      </div>
    </div>
  );
}
