import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  BookOpen,
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  CreditCard,
  Eye,
  EyeOff,
  Globe,
  Images,
  Receipt,
  Send,
  Trash2,
  UserX,
} from 'lucide-react';
import {
  ADMIN_PLANS,
  SUBSCRIPTION_MESSAGES,
  isAdminRole,
  type AdminUserActivity,
  type UserView,
} from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { formatWon, usePaymentErrorMessage } from '../../payments/payment-text.ts';
import { useUser } from '../../users/api/get-user.ts';
import { useAdminUserAction, useUserActivity, type AdminUserAction } from '../api/admin-users.ts';
import { CompanyDetails, DetailCard } from './detail-parts.tsx';
import { UserPlanBadge, UserStatusBadge } from './user-badges.tsx';

type AdminPlan = (typeof ADMIN_PLANS)[number];

/** Action buttons may wrap their label on a narrow screen rather than push the card wider than the screen. */
const ACTION = 'h-auto! min-h-11 whitespace-normal! py-2 text-left';

type AdminUserDetailProps = {
  userId: string;
  listHref: string;
  guidebooksHref: string;
  paymentsHref: string;
  /** the audit timeline of this user, when the product has one */
  timeline?: ReactNode;
};

/** The subscription rules the server may answer with (contracts' SUBSCRIPTION_MESSAGES), each with a text of ours. */
const SUBSCRIPTION_RULES = [
  'oneMonthForSubscribed',
  'oneMonthUnsubscribe',
  'alreadySubscribed',
  'notSubscribed',
] as const;

/** An action waiting for its confirm dialog. */
type Pending = {
  action: AdminUserAction;
  title: string;
  message: string;
  confirmLabel: string;
  tone: 'primary' | 'accent';
};

/**
 * /admin/users/{userId} (spec 3 §2.6): the activity overview (counts, months active), user management (hide,
 * unhide, delete), subscription management (one month of standard, unsubscribe, change plan, schedule a payment),
 * company details and the ways to the user's guidebooks and payments. Every action asks first; a refusal is shown
 * on the page (the spec only logged them), and the user is read again after each one.
 */
export function AdminUserDetail({ userId, listHref, guidebooksHref, paymentsHref, timeline }: AdminUserDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = useUser(userId);
  const activity = useUserActivity(userId, { enabled: user.isSuccess });
  const action = useAdminUserAction(userId);
  const errorMessage = useErrorMessage();
  const paymentErrorMessage = usePaymentErrorMessage();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [plan, setPlan] = useState<AdminPlan | null>(null);

  const back = (
    <Link
      to={listHref}
      className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      {t('adminUsers.detail.back')}
    </Link>
  );

  if (user.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <div className="flex min-h-56 items-center justify-center gap-3 rounded-card border border-neutral-200 bg-white text-neutral-500">
          <Spinner className="text-primary-600" />
          <span role="status">{t('adminUsers.detail.loading')}</span>
        </div>
      </div>
    );
  }
  if (user.isError) {
    const missing = isApiError(user.error) && user.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        {back}
        {missing ? (
          <div className="rounded-card border border-dashed border-neutral-300 bg-white">
            <EmptyState
              className="py-14"
              icon={<UserX className="size-6" />}
              title={t('adminUsers.detail.notFound')}
              titleAs="h1"
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
        )}
      </div>
    );
  }

  const person = user.data;
  const self = session?.id === person.id;
  const chosenPlan: AdminPlan = plan ?? ADMIN_PLANS.find((value) => value === person.subscriptionType) ?? 'standard';
  const name = person.name || person.email;

  const ask = (next: Pending) => {
    setFailure(null);
    setPending(next);
  };

  const run = async ({ action: chosen, title }: Pending) => {
    try {
      const result = await action.mutateAsync(chosen);
      toast.success(
        t(`adminUsers.done.${chosen.type}`, {
          name,
          plan: chosen.type === 'change-plan' ? t(`plans.${chosen.plan}`) : '',
        }),
      );
      if (chosen.type === 'delete')
        void navigate(listHref, {
          replace: true,
          state: result.position === undefined ? {} : { after: result.position },
        });
    } catch (error) {
      const subscription = chosen.type !== 'hide' && chosen.type !== 'unhide' && chosen.type !== 'delete';
      // the account's own subscription rules, in the reader's language; then the payment texts; then the generic ones
      const rule = isApiError(error)
        ? SUBSCRIPTION_RULES.find((key) => SUBSCRIPTION_MESSAGES[key] === error.message)
        : undefined;
      const message = rule
        ? t(`adminUsers.serverMessages.${rule}`)
        : subscription
          ? paymentErrorMessage(error)
          : errorMessage(error);
      setFailure({ title: t('adminUsers.detail.actionFailed', { action: title }), message });
      toast.error(message);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {back}
      <header className="flex flex-col gap-2" data-admin-user={person.id}>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold break-all text-neutral-900 sm:text-2xl">
            {person.name || t('adminUsers.noName')}
          </h1>
          <UserStatusBadge status={person.status} />
          <UserPlanBadge plan={person.subscriptionType} subscribed={person.subscription} />
          {isAdminRole(person.role) ? (
            <span className="rounded-full bg-neutral-900 px-2 py-0.5 text-xs font-semibold text-white">
              {t('adminUsers.detail.adminRole')}
            </span>
          ) : null}
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600">
          <span className="break-all">{person.email}</span>
          {person.companyName ? <span className="break-all">{person.companyName}</span> : null}
          <span className="tabular-nums">
            {t('adminUsers.detail.joined', { date: formatDateTime(person.createdAt) })}
          </span>
        </p>
      </header>

      {failure ? (
        <Banner
          tone="alert"
          action={
            <Button variant="ghost" size="sm" onClick={() => setFailure(null)}>
              {t('common.close')}
            </Button>
          }
        >
          <p className="font-semibold" data-action-failure>
            {failure.title}
          </p>
          <p>{failure.message}</p>
        </Banner>
      ) : null}

      <ActivityOverview
        activity={activity.data}
        pending={activity.isPending}
        failed={activity.isError}
        onRetry={() => void activity.refetch()}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DetailCard title={t('adminUsers.subscription.title')} description={t('adminUsers.subscription.description')}>
          <SubscriptionSummary user={person} />
          <div className="mt-5 flex flex-col gap-3 border-t border-neutral-100 pt-5">
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className={ACTION}
                icon={<CalendarClock className="size-4" aria-hidden="true" />}
                disabled={person.subscription || action.isPending}
                title={person.subscription ? t('adminUsers.subscription.oneMonthOnlyUnsubscribed') : undefined}
                onClick={() =>
                  ask({
                    action: { type: 'subscribe-one-month' },
                    title: t('adminUsers.actions.subscribeOneMonth'),
                    message: t('adminUsers.confirm.subscribeOneMonth', { name }),
                    confirmLabel: t('adminUsers.actions.subscribeOneMonth'),
                    tone: 'primary',
                  })
                }
              >
                {t('adminUsers.actions.subscribeOneMonth')}
              </Button>
              <Button
                variant="secondary"
                className={ACTION}
                disabled={!person.subscription || action.isPending}
                onClick={() =>
                  ask({
                    action: { type: 'unsubscribe' },
                    title: t('adminUsers.actions.unsubscribe'),
                    message: t('adminUsers.confirm.unsubscribe', { name, date: formatDateTime(person.expiresAt) }),
                    confirmLabel: t('adminUsers.actions.unsubscribe'),
                    tone: 'accent',
                  })
                }
              >
                {t('adminUsers.actions.unsubscribe')}
              </Button>
              <Button
                variant="secondary"
                className={ACTION}
                icon={<Send className="size-4" aria-hidden="true" />}
                disabled={person.subscriptionType === 'free' || action.isPending}
                title={person.subscriptionType === 'free' ? t('adminUsers.subscription.scheduleNeedsPlan') : undefined}
                onClick={() =>
                  ask({
                    action: { type: 'schedule-payment' },
                    title: t('adminUsers.actions.schedulePayment'),
                    message: t('adminUsers.confirm.schedulePayment', { name }),
                    confirmLabel: t('adminUsers.actions.schedulePayment'),
                    tone: 'primary',
                  })
                }
              >
                {t('adminUsers.actions.schedulePayment')}
              </Button>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm font-semibold text-neutral-700">
                {t('adminUsers.subscription.planLabel')}
                <select
                  value={chosenPlan}
                  onChange={(event) => setPlan(event.target.value as AdminPlan)}
                  className="h-10 rounded-control border border-neutral-300 bg-white px-3 text-sm font-normal text-neutral-900"
                >
                  {ADMIN_PLANS.map((value) => (
                    <option key={value} value={value}>
                      {t(`plans.${value}`)}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="secondary"
                className={ACTION}
                disabled={action.isPending}
                onClick={() =>
                  ask({
                    action: { type: 'change-plan', plan: chosenPlan },
                    title: t('adminUsers.actions.changePlan'),
                    message: t('adminUsers.confirm.changePlan', { name, plan: t(`plans.${chosenPlan}`) }),
                    confirmLabel: t('adminUsers.actions.changePlan'),
                    tone: 'primary',
                  })
                }
              >
                {t('adminUsers.actions.changePlan')}
              </Button>
            </div>
          </div>
        </DetailCard>

        <DetailCard title={t('adminUsers.management.title')} description={t('adminUsers.management.description')}>
          <p className="text-sm text-neutral-600">
            {person.isHidden ? t('adminUsers.management.hiddenNow') : t('adminUsers.management.visibleNow')}
          </p>
          {self ? <p className="mt-2 text-sm text-neutral-500">{t('adminUsers.management.self')}</p> : null}
          <div className="mt-5 flex flex-wrap gap-2 border-t border-neutral-100 pt-5">
            {person.isHidden ? (
              <Button
                variant="secondary"
                className={ACTION}
                icon={<Eye className="size-4" aria-hidden="true" />}
                disabled={action.isPending}
                onClick={() =>
                  ask({
                    action: { type: 'unhide' },
                    title: t('adminUsers.actions.unhide'),
                    message: t('adminUsers.confirm.unhide', { name }),
                    confirmLabel: t('adminUsers.actions.unhide'),
                    tone: 'primary',
                  })
                }
              >
                {t('adminUsers.actions.unhide')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                className={ACTION}
                icon={<EyeOff className="size-4" aria-hidden="true" />}
                disabled={self || action.isPending}
                onClick={() =>
                  ask({
                    action: { type: 'hide' },
                    title: t('adminUsers.actions.hide'),
                    message: t('adminUsers.confirm.hide', { name }),
                    confirmLabel: t('adminUsers.actions.hide'),
                    tone: 'accent',
                  })
                }
              >
                {t('adminUsers.actions.hide')}
              </Button>
            )}
            <Button
              variant="secondary"
              className={`${ACTION} border-alert-200 text-alert-700 hover:bg-alert-50`}
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              disabled={self || action.isPending}
              onClick={() =>
                ask({
                  action: { type: 'delete' },
                  title: t('adminUsers.actions.delete'),
                  message: t('adminUsers.confirm.delete', { name }),
                  confirmLabel: t('adminUsers.actions.delete'),
                  tone: 'accent',
                })
              }
            >
              {t('adminUsers.actions.delete')}
            </Button>
          </div>
        </DetailCard>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CompanyDetails user={person} />
        <DetailCard title={t('adminUsers.links.title')}>
          <ul className="-my-2 divide-y divide-neutral-100">
            <RecordLink
              href={guidebooksHref}
              icon={<BookOpen className="size-4.5" />}
              label={t('adminUsers.links.guidebooks')}
              hint={t('adminUsers.links.guidebooksHint', {
                count: activity.data?.guidebooksCount ?? person.guidebooksCount,
              })}
            />
            <RecordLink
              href={paymentsHref}
              icon={<Receipt className="size-4.5" />}
              label={t('adminUsers.links.payments')}
              hint={t('adminUsers.links.paymentsHint')}
            />
          </ul>
        </DetailCard>
      </div>

      {timeline}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.title ?? ''}
        message={pending?.message ?? ''}
        confirmLabel={pending?.confirmLabel ?? ''}
        tone={pending?.tone ?? 'primary'}
        onConfirm={async () => {
          if (pending) await run(pending);
        }}
      />
    </div>
  );
}

function RecordLink({ href, icon, label, hint }: { href: string; icon: ReactNode; label: string; hint: string }) {
  return (
    <li>
      <Link to={href} className="group flex items-center gap-3 py-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600"
          aria-hidden="true"
        >
          {icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-neutral-900 group-hover:text-primary-700">{label}</span>
          <span className="block text-sm text-neutral-500">{hint}</span>
        </span>
        <ChevronRight
          className="size-5 shrink-0 text-neutral-400 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

/** The plan, whether it renews, until when, and the card on file. */
export function SubscriptionSummary({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const paid = user.subscriptionType !== 'free';
  const ended = Date.parse(user.expiresAt) < Date.now();
  const state = user.subscription
    ? user.subscriptionType === 'onemonth'
      ? 'oneMonth'
      : 'active'
    : paid
      ? ended
        ? 'expired'
        : 'ending'
      : ended
        ? 'trialEnded'
        : 'free';
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2.5 text-sm">
      <dt className="text-neutral-500">{t('adminUsers.subscription.plan')}</dt>
      <dd>
        <UserPlanBadge plan={user.subscriptionType} subscribed={user.subscription} />
      </dd>
      <dt className="text-neutral-500">{t('adminUsers.subscription.state')}</dt>
      <dd className="text-neutral-800" data-subscription-state={state}>
        {t(`adminUsers.subscription.states.${state}`)}
      </dd>
      <dt className="text-neutral-500">
        {paid ? t('adminUsers.subscription.expiresAt') : t('adminUsers.subscription.trialEndsAt')}
      </dt>
      <dd className="text-neutral-800 tabular-nums">{formatDateTime(user.expiresAt)}</dd>
      <dt className="text-neutral-500">{t('adminUsers.subscription.paymentMethod')}</dt>
      <dd className="flex items-center gap-1.5 text-neutral-800">
        <CreditCard className="size-4 text-neutral-500" aria-hidden="true" />
        {user.paymentMethod || t('adminUsers.subscription.noPaymentMethod')}
      </dd>
    </dl>
  );
}

type ActivityOverviewProps = {
  activity: AdminUserActivity | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
};

/** The statistic counts of the overview, the months since joining and the last activity. */
function ActivityOverview({ activity, pending, failed, onRetry }: ActivityOverviewProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language === 'en' ? 'en-US' : 'ko-KR');
  const none = '—';
  const stats: { key: string; label: string; value: string; icon: ReactNode }[] = activity
    ? [
        {
          key: 'guidebooks',
          label: t('adminUsers.activity.guidebooks'),
          value: number(activity.guidebooksCount),
          icon: <BookOpen className="size-4" />,
        },
        {
          key: 'published',
          label: t('adminUsers.activity.published'),
          value: number(activity.publishedCount),
          icon: <Globe className="size-4" />,
        },
        {
          key: 'gallery',
          label: t('adminUsers.activity.gallery'),
          value: number(activity.publicGalleryCount),
          icon: <Images className="size-4" />,
        },
        {
          key: 'views',
          label: t('adminUsers.activity.views'),
          value: number(activity.views),
          icon: <Eye className="size-4" />,
        },
        {
          key: 'payments',
          label: t('adminUsers.activity.payments'),
          value: activity.payments ? number(activity.payments.count) : none,
          icon: <Receipt className="size-4" />,
        },
        {
          key: 'paid',
          label: t('adminUsers.activity.paidTotal'),
          value: activity.payments ? formatWon(activity.payments.total, i18n.language) : none,
          icon: <CreditCard className="size-4" />,
        },
        {
          key: 'months',
          label: t('adminUsers.activity.monthsActive'),
          value: t('adminUsers.activity.months', { count: activity.monthsActive }),
          icon: <CalendarClock className="size-4" />,
        },
      ]
    : [];

  return (
    <section
      aria-labelledby="admin-user-activity"
      className="rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-user-activity" className="text-base font-bold text-neutral-900">
          {t('adminUsers.activity.title')}
        </h2>
        {activity ? (
          <p className="text-sm text-neutral-500 tabular-nums">
            {t('adminUsers.activity.lastActivity', { date: formatDateTime(activity.lastActivityAt) })}
          </p>
        ) : null}
      </div>
      {pending && !failed ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-neutral-500" role="status">
          <Spinner className="text-primary-600" />
          {t('adminUsers.activity.loading')}
        </p>
      ) : failed ? (
        <Banner
          className="mt-4"
          tone="alert"
          action={
            <Button variant="secondary" size="sm" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('adminUsers.activity.error')}
        </Banner>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-activity-stats>
            {stats.map((stat) => (
              <div
                key={stat.key}
                className="rounded-control border border-neutral-100 bg-neutral-50 px-3 py-2.5"
                data-stat={stat.key}
              >
                <dt className="flex items-center gap-1.5 text-xs font-semibold text-neutral-500">
                  <span aria-hidden="true">{stat.icon}</span>
                  {stat.label}
                </dt>
                <dd className="mt-1 text-lg font-bold text-neutral-900 tabular-nums">{stat.value}</dd>
              </div>
            ))}
          </dl>
          {activity && activity.payments === null ? (
            <p className="mt-3 text-xs text-neutral-500">{t('adminUsers.activity.paymentsUnknown')}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
