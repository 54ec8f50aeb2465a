import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookOpen, ChevronRight, Receipt, Settings, ShieldCheck, UserX } from 'lucide-react';
import { monthsActiveOf } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useUser } from '../../users/api/get-user.ts';
import { CompanyDetails, DetailCard } from './detail-parts.tsx';
import { SubscriptionSummary } from './admin-user-detail.tsx';
import { UserPlanBadge, UserStatusBadge } from './user-badges.tsx';

export type UserAccountLinks = {
  payments: string;
  /** the signed-in person's own places: their guidebooks, profile and subscription settings */
  own?: { guidebooks: string; profile: string; subscription: string };
  /** an administrator looking at someone: the back office's detail of that user */
  manage?: string;
  /** where someone who may not see this account goes instead: their own */
  ownAccount: string;
};

/**
 * /users/{userId} (spec 2 §2, user detail): the account as its owner sees it: who, the plan and its dates, how long
 * they have been with us, the company details, and the ways to their payments, guidebooks and settings.
 * Administrators may open anyone's; the server refuses anyone else's to a person (shown, with the way to their own).
 */
export function UserAccountDetail({
  userId,
  links,
  now = new Date(),
}: {
  userId: string;
  links: UserAccountLinks;
  now?: Date;
}) {
  const { t, i18n } = useTranslation();
  const user = useUser(userId);
  const errorMessage = useErrorMessage();

  if (user.isPending) {
    return (
      <div className="flex min-h-56 items-center justify-center gap-3 rounded-card border border-neutral-200 bg-white text-neutral-500">
        <Spinner className="text-primary-600" />
        <span role="status">{t('adminUsers.detail.loading')}</span>
      </div>
    );
  }
  if (user.isError) {
    const refused = isApiError(user.error) && (user.error.status === 403 || user.error.status === 404);
    return refused ? (
      <div className="rounded-card border border-dashed border-neutral-300 bg-white">
        <EmptyState
          className="py-14"
          icon={<UserX className="size-6" />}
          title={t('adminUsers.account.notYours')}
          titleAs="h1"
          action={
            <Link
              to={links.ownAccount}
              className="inline-flex h-11 items-center rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
            >
              {t('adminUsers.account.toOwn')}
            </Link>
          }
        />
      </div>
    ) : (
      <Banner
        tone="alert"
        action={
          <Button variant="secondary" size="sm" onClick={() => void user.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="font-semibold">{t('adminUsers.detail.error')}</p>
        <p>{errorMessage(user.error)}</p>
      </Banner>
    );
  }

  const person = user.data;
  const months = monthsActiveOf(person.createdAt, now);
  const number = (value: number) => value.toLocaleString(i18n.language === 'en' ? 'en-US' : 'ko-KR');

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary-700">
          {links.own ? t('adminUsers.account.mine') : t('adminUsers.account.someone')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold break-all text-neutral-900 sm:text-2xl">{person.name || person.email}</h1>
          <UserStatusBadge status={person.status} />
          <UserPlanBadge plan={person.subscriptionType} subscribed={person.subscription} />
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600">
          <span className="break-all">{person.email}</span>
          <span className="tabular-nums">
            {t('adminUsers.detail.joined', { date: formatDateTime(person.createdAt) })}
          </span>
        </p>
        {links.manage ? (
          <Link
            to={links.manage}
            className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
          >
            <ShieldCheck className="size-4" aria-hidden="true" />
            {t('adminUsers.account.manage')}
          </Link>
        ) : null}
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat
          label={t('adminUsers.activity.monthsActive')}
          value={t('adminUsers.activity.months', { count: months })}
        />
        <Stat label={t('adminUsers.activity.guidebooks')} value={number(person.guidebooksCount)} />
        <Stat label={t('adminUsers.account.memberSince')} value={formatDateTime(person.createdAt).slice(0, 10)} />
      </dl>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DetailCard title={t('adminUsers.subscription.title')}>
          <SubscriptionSummary user={person} />
        </DetailCard>
        <CompanyDetails user={person} />
      </div>

      <DetailCard title={t('adminUsers.links.title')}>
        <ul className="-my-2 divide-y divide-neutral-100">
          <Row href={links.payments} icon={<Receipt className="size-4.5" />} label={t('adminUsers.links.payments')} />
          {links.own ? (
            <>
              <Row
                href={links.own.guidebooks}
                icon={<BookOpen className="size-4.5" />}
                label={t('adminUsers.account.myGuidebooks')}
              />
              <Row
                href={links.own.subscription}
                icon={<Receipt className="size-4.5" />}
                label={t('adminUsers.account.subscriptionSettings')}
              />
              <Row
                href={links.own.profile}
                icon={<Settings className="size-4.5" />}
                label={t('adminUsers.account.editProfile')}
              />
            </>
          ) : null}
        </ul>
      </DetailCard>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card border border-neutral-200 bg-white px-4 py-3 shadow-raised">
      <dt className="text-xs font-semibold text-neutral-500">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-neutral-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Row({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <li>
      <Link to={href} className="group flex items-center gap-3 py-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600"
          aria-hidden="true"
        >
          {icon}
        </span>
        <span className="min-w-0 flex-1 font-semibold text-neutral-900 group-hover:text-primary-700">{label}</span>
        <ChevronRight className="size-5 shrink-0 text-neutral-400" aria-hidden="true" />
      </Link>
    </li>
  );
}
