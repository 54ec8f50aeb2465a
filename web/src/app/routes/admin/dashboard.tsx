import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import { useSession } from '../../../lib/session-context.tsx';
import { useNavItems } from '../../shell/navigation.tsx';

const DESCRIPTION_KEYS = {
  guidebooks: 'admin.sections.guidebooks',
  icons: 'admin.sections.icons',
  users: 'admin.sections.users',
  payments: 'admin.sections.payments',
  messages: 'admin.sections.messages',
} as const;

/** The back office's landing until the dashboard issue: who is signed in, and the way to each section. */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const sections = useNavItems(true).filter((item) => item.key in DESCRIPTION_KEYS);
  return (
    <>
      <title>{`${t('admin.pageTitle')} · ${t('app.name')}`}</title>
      <header>
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('admin.heading')}</h1>
        <p className="mt-2 text-base text-neutral-600">{t('admin.description')}</p>
        {session ? <p className="mt-1 text-sm text-neutral-500">{t('admin.signedInAs', { name: session.name })}</p> : null}
      </header>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map(({ key, label, href, Icon }) => (
          <li key={key}>
            <Link
              to={href}
              className="group flex h-full items-center gap-4 rounded-card border border-neutral-200 bg-white p-5 shadow-raised transition-colors hover:border-primary-200"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600" aria-hidden="true">
                <Icon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2 text-base font-semibold text-neutral-900">
                  {label}
                  <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-600">{t('common.comingSoon')}</span>
                </span>
                <span className="mt-0.5 block text-sm text-neutral-500">{t(DESCRIPTION_KEYS[key as keyof typeof DESCRIPTION_KEYS])}</span>
              </span>
              <ChevronRight className="size-5 text-neutral-400 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
