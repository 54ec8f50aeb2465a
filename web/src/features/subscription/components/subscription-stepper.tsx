import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Check, CreditCard, History, Layers, X } from 'lucide-react';
import type { BillingCycle } from '@pocketguide/contracts';
import { PURCHASABLE_PLANS, priceOf, publishLimitOf, upgradesFrom, type PurchasablePlan } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/return-path.ts';
import { useSession } from '../../../lib/session-context.tsx';
import type { Session } from '../../../lib/session.ts';
import { useMyPayments } from '../../payments/api/payments.ts';
import { PaymentList } from '../../payments/components/payment-list.tsx';
import { formatWon, usePaymentErrorMessage } from '../../payments/payment-text.ts';
import { useChangeCard, usePurchase, type PaymentPhase } from '../api/payment-flows.ts';
import { useUnsubscribe } from '../api/subscription.ts';
import { currentStep, isPaidStep, type SubscriptionStep } from '../steps.ts';


type Go = (step: SubscriptionStep | null) => void;
/** The plan just bought here (its success is said on the step the person lands on), or null. */
type Purchased = PurchasablePlan | null;

/**
 * The subscription screen (spec 2 §2): one step at a time, chosen by `?step=`, else by the session's subscription
 * type. Close, cancel and success go back to the type's step (after a success the session names the new plan).
 */
export function SubscriptionStepper() {
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const [purchased, setPurchased] = useState<Purchased>(null);
  if (!session) return null;
  const step = currentStep(search.get('step'), session.subscriptionType);
  const go: Go = (next) => {
    setSearch(next ? { step: next } : {});
    window.scrollTo({ top: 0 });
  };

  if (step === 'free') return <FreeStep session={session} go={go} />;
  if (step === 'onemonth') return <OneMonthStep session={session} go={go} purchased={purchased} />;
  if (step === 'purchase') return <PurchaseStep session={session} go={go} onPurchased={setPurchased} />;
  if (step === 'paymentHistory') return <HistoryStep go={go} />;
  if (step === 'unsubscribe') return <UnsubscribeStep session={session} go={go} />;
  if (isPaidStep(step)) return <PaidStep session={session} go={go} purchased={purchased} />;
  return null;
}

const dayOf = (iso: string) => formatDateTime(iso).slice(0, 10);
const hasEnded = (iso: string) => Date.parse(iso) <= Date.now();

function StepActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{children}</div>;
}

function HistoryButton({ go }: { go: Go }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" icon={<History className="size-4" aria-hidden="true" />} onClick={() => go('paymentHistory')}>
      {t('subscription.actions.history')}
    </Button>
  );
}

function SubscribeButton({ go }: { go: Go }) {
  const { t } = useTranslation();
  return (
    <Button variant="accent" onClick={() => go('purchase')}>
      {t('subscription.actions.subscribe')}
    </Button>
  );
}

/** What a purchase made here says on the step the person lands on (issue 23: a clear success message). */
function PurchasedBanner({ purchased }: { purchased: Purchased }) {
  const { t } = useTranslation();
  if (!purchased) return null;
  return (
    <Banner tone="info" className="mb-4">
      <p role="status" className="font-semibold" data-purchased={purchased}>
        {t('subscription.purchase.done', { plan: t(`plans.${purchased}`) })}
      </p>
    </Banner>
  );
}

/** A larger plan to move to, while this one runs (the plan a refused publish offers). */
function UpgradeButton({ session, go }: { session: Session; go: Go }) {
  const { t } = useTranslation();
  if (!session.subscription || upgradesFrom(session.subscriptionType).length === 0) return null;
  return (
    <Button variant="secondary" onClick={() => go('purchase')}>
      {t('subscription.actions.upgrade')}
    </Button>
  );
}

function FreeStep({ session, go }: { session: Session; go: Go }) {
  const { t } = useTranslation();
  const ended = hasEnded(session.expiresAt);
  return (
    <div data-step="free">
      <Banner tone="info">
        <p className="font-semibold">{t('subscription.free.banner')}</p>
        <p className="mt-0.5">
          {ended ? t('subscription.free.ended', { date: dayOf(session.expiresAt) }) : t('subscription.free.until', { date: dayOf(session.expiresAt) })}
        </p>
      </Banner>
      <p className="mt-5 text-base text-neutral-700">{t('subscription.free.pitch')}</p>
      <StepActions>
        <HistoryButton go={go} />
        <SubscribeButton go={go} />
      </StepActions>
    </div>
  );
}

function InfoCard({ icon, label, value, action }: { icon: ReactNode; label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-card border border-neutral-200 bg-white p-4">
      <span className="flex items-center gap-2 text-xs font-semibold text-neutral-500">
        <span className="text-primary-600" aria-hidden="true">
          {icon}
        </span>
        {label}
      </span>
      <span className="text-base font-bold break-words text-neutral-900">{value}</span>
      {action}
    </div>
  );
}

function PhaseNote({ phase }: { phase: PaymentPhase }) {
  const { t } = useTranslation();
  if (phase === 'idle') return null;
  return (
    <p className="mt-4 flex items-center gap-2 text-sm text-neutral-600" role="status">
      <Spinner size="sm" className="text-primary-600" />
      {phase === 'window' ? t('subscription.progress.window') : t('subscription.progress.confirming')}
    </p>
  );
}

function PaidStep({ session, go, purchased }: { session: Session; go: Go; purchased: Purchased }) {
  const { t } = useTranslation();
  const errorText = usePaymentErrorMessage();
  const changeCard = useChangeCard();
  const plan = session.subscriptionType === 'free' || session.subscriptionType === 'onemonth' ? 'standard' : session.subscriptionType;
  const active = session.subscription;
  const ended = hasEnded(session.expiresAt);
  const date = dayOf(session.expiresAt);
  return (
    <div data-step="paid">
      <PurchasedBanner purchased={purchased} />
      <Banner tone="info">
        <p className="font-semibold">{t('subscription.paid.banner', { plan: t(`plans.${plan}`) })}</p>
      </Banner>
      {changeCard.isError ? (
        <Banner tone="alert" className="mt-4">
          {errorText(changeCard.error)}
        </Banner>
      ) : null}
      {changeCard.isSuccess ? (
        <Banner tone="info" className="mt-4">
          {t('subscription.changeCard.done')}
        </Banner>
      ) : null}
      <div className="mt-5 grid gap-3 sm:grid-cols-3">
        <InfoCard icon={<Layers className="size-4" />} label={t('subscription.paid.plan')} value={t(`plans.${plan}`)} />
        <InfoCard icon={<CalendarClock className="size-4" />} label={t('subscription.paid.cycle')} value={t('subscription.cycle.month')} />
        <InfoCard
          icon={<CreditCard className="size-4" />}
          label={t('subscription.paid.method')}
          value={session.paymentMethod ?? t('subscription.paid.noMethod')}
          action={
            <button
              type="button"
              disabled={changeCard.isPending}
              onClick={() => changeCard.mutate()}
              className="mt-1 self-start text-sm font-semibold text-primary-700 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t('subscription.actions.changeCard')}
            </button>
          }
        />
      </div>
      <PhaseNote phase={changeCard.phase} />
      {active ? (
        <p className="mt-5 text-sm text-neutral-600">{t('subscription.paid.autoCharge', { date })}</p>
      ) : (
        <Banner tone="warning" className="mt-5">
          {ended ? t('subscription.paid.ended', { date }) : t('subscription.paid.ending', { date })}
        </Banner>
      )}
      <StepActions>
        {active ? (
          <Button variant="ghost" onClick={() => go('unsubscribe')}>
            {t('subscription.actions.unsubscribe')}
          </Button>
        ) : null}
        <HistoryButton go={go} />
        {active ? <UpgradeButton session={session} go={go} /> : <SubscribeButton go={go} />}
      </StepActions>
    </div>
  );
}

function OneMonthStep({ session, go, purchased }: { session: Session; go: Go; purchased: Purchased }) {
  const { t } = useTranslation();
  const ended = hasEnded(session.expiresAt);
  return (
    <div data-step="onemonth">
      <PurchasedBanner purchased={purchased} />
      <Banner tone="info">
        <p className="font-semibold">{t('subscription.onemonth.banner')}</p>
        <p className="mt-0.5">
          {ended ? t('subscription.onemonth.ended', { date: dayOf(session.expiresAt) }) : t('subscription.onemonth.until', { date: dayOf(session.expiresAt) })}
        </p>
      </Banner>
      <StepActions>
        <HistoryButton go={go} />
        {ended ? <SubscribeButton go={go} /> : <UpgradeButton session={session} go={go} />}
      </StepActions>
    </div>
  );
}

function CloseButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('common.close')}
      title={t('common.close')}
      className="flex size-9 shrink-0 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
    >
      <X className="size-5" aria-hidden="true" />
    </button>
  );
}

function StepHeading({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <div className="mb-5 flex items-center justify-between gap-3">
      <h3 className="text-base font-bold text-neutral-900">{title}</h3>
      <CloseButton onClick={onClose} />
    </div>
  );
}

function PurchaseStep({ session, go, onPurchased }: { session: Session; go: Go; onPurchased: (plan: PurchasablePlan) => void }) {
  const { t, i18n } = useTranslation();
  const errorText = usePaymentErrorMessage();
  const purchase = usePurchase();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // a running plan is only upgraded (the larger plans); otherwise every plan is for sale
  const upgrading = session.subscription && upgradesFrom(session.subscriptionType).length > 0;
  const plans: readonly PurchasablePlan[] = upgrading ? upgradesFrom(session.subscriptionType) : PURCHASABLE_PLANS;
  const asked = plans.find((option) => option === search.get('plan'));
  // where the person was before (the editor's refused publish): back there once paid, or on closing
  const returnTo = safeReturnPath(search.get(RETURN_PARAM));
  const [plan, setPlan] = useState<PurchasablePlan>(asked ?? (plans.includes('standard') ? 'standard' : plans[0]!));
  const [cycle, setCycle] = useState<BillingCycle>('month');
  const [refusal, setRefusal] = useState<string | null>(null);
  const now = new Date();
  const price = priceOf(plan, now);

  const buy = () => {
    setRefusal(null);
    if (cycle === 'year') {
      setRefusal(t('payments.serverMessages.yearly'));
      return;
    }
    if (plan === 'onemonth' && session.subscription) {
      setRefusal(t('payments.serverMessages.oneMonthForSubscribed'));
      return;
    }
    purchase.mutate(
      { plan, billingCycle: plan === 'onemonth' ? 'month' : cycle },
      {
        onSuccess: () => {
          if (returnTo) {
            toast.success(t('subscription.purchase.doneReturn', { plan: t(`plans.${plan}`) }), { duration: 10_000 });
            void navigate(returnTo);
          } else {
            onPurchased(plan);
            go(null);
          }
        },
      },
    );
  };
  const close = () => (returnTo ? void navigate(returnTo) : go(null));

  return (
    <div data-step="purchase">
      <StepHeading title={t(upgrading ? 'subscription.purchase.upgradeHeading' : 'subscription.purchase.heading')} onClose={close} />
      {upgrading ? (
        <Banner tone="info" className="mb-5">
          {t('subscription.purchase.upgradeNote', { plan: t(`plans.${session.subscriptionType}`), date: dayOf(session.expiresAt) })}
        </Banner>
      ) : null}
      <fieldset disabled={purchase.isPending}>
        <legend className="text-sm font-semibold text-neutral-800">{t('subscription.purchase.plan')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {plans.map((option) => (
            <label
              key={option}
              className={cx(
                'relative flex cursor-pointer flex-col gap-1 rounded-card border p-4 transition-colors',
                plan === option ? 'border-primary-600 bg-primary-50 ring-1 ring-primary-600' : 'border-neutral-200 bg-white hover:border-primary-200',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="plan"
                    value={option}
                    checked={plan === option}
                    onChange={() => setPlan(option)}
                    className="size-4 accent-primary-600"
                  />
                  <span className="font-bold text-neutral-900">{t(`plans.${option}`)}</span>
                </span>
                {plan === option ? <Check className="size-4 text-primary-600" aria-hidden="true" /> : null}
              </span>
              <span className="text-lg font-bold text-neutral-900 tabular-nums">
                {formatWon(priceOf(option, now), i18n.language)}
                <span className="ml-1 text-sm font-normal text-neutral-500">
                  {option === 'onemonth' ? t('subscription.purchase.perOnce') : t('subscription.purchase.perMonth')}
                </span>
              </span>
              <span className="text-sm text-neutral-600">{t('subscription.purchase.includes', { count: publishLimitOf(option) })}</span>
              {option === 'onemonth' ? <span className="text-xs text-neutral-500">{t('subscription.purchase.onemonthNote')}</span> : null}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-neutral-500">{t('subscription.purchase.vat')}</p>
      </fieldset>

      {plan === 'onemonth' ? null : (
        <fieldset className="mt-6" disabled={purchase.isPending}>
          <legend className="text-sm font-semibold text-neutral-800">{t('subscription.purchase.cycle')}</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <label className={cx('flex cursor-pointer items-center gap-2 rounded-control border px-4 py-3', cycle === 'month' ? 'border-primary-600 bg-primary-50' : 'border-neutral-200')}>
              <input type="radio" name="billingCycle" value="month" checked={cycle === 'month'} onChange={() => setCycle('month')} className="size-4 accent-primary-600" />
              <span className="font-semibold text-neutral-900">{t('subscription.cycle.month')}</span>
            </label>
            <label className="flex cursor-not-allowed items-center gap-2 rounded-control border border-neutral-200 bg-neutral-50 px-4 py-3 text-neutral-500">
              <input type="radio" name="billingCycle" value="year" disabled checked={cycle === 'year'} onChange={() => setCycle('year')} className="size-4" />
              <span>
                <span className="font-semibold">{t('subscription.cycle.year')}</span>
                <span className="block text-xs">{t('payments.serverMessages.yearly')}</span>
              </span>
            </label>
          </div>
        </fieldset>
      )}

      <div className="mt-6 rounded-card bg-neutral-50 p-4 text-sm text-neutral-700">
        <p className="flex items-baseline justify-between gap-3">
          <span>{t('subscription.purchase.total')}</span>
          <span className="text-lg font-bold text-neutral-900 tabular-nums">{formatWon(price, i18n.language)}</span>
        </p>
        <p className="mt-1 text-xs text-neutral-500">{plan === 'onemonth' ? t('subscription.purchase.onemonthCharge') : t('subscription.purchase.renewal')}</p>
      </div>

      {refusal ? (
        <Banner tone="alert" className="mt-4">
          {refusal}
        </Banner>
      ) : null}
      {purchase.isError ? (
        <Banner tone="alert" className="mt-4">
          {errorText(purchase.error)}
        </Banner>
      ) : null}
      <PhaseNote phase={purchase.phase} />
      <StepActions>
        <Button variant="secondary" onClick={close} disabled={purchase.isPending}>
          {t(returnTo ? 'subscription.purchase.back' : 'common.close')}
        </Button>
        <Button variant="accent" loading={purchase.isPending} onClick={buy}>
          {t('subscription.purchase.pay', { amount: formatWon(price, i18n.language) })}
        </Button>
      </StepActions>
    </div>
  );
}

function HistoryStep({ go }: { go: Go }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useMyPayments(page);
  return (
    <div data-step="paymentHistory">
      <StepHeading title={t('subscription.history.heading')} onClose={() => go(null)} />
      <PaymentList query={list} page={page} onPageChange={setPage} variant="history" label={t('subscription.history.heading')} />
    </div>
  );
}

function UnsubscribeStep({ session, go }: { session: Session; go: Go }) {
  const { t } = useTranslation();
  const errorText = usePaymentErrorMessage();
  const unsubscribe = useUnsubscribe();
  const date = dayOf(session.expiresAt);
  return (
    <div data-step="unsubscribe">
      <h3 className="text-base font-bold text-neutral-900">{t('subscription.unsubscribe.heading')}</h3>
      <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-base text-neutral-700">
        <li>{t('subscription.unsubscribe.noteEnd', { date })}</li>
        <li>{t('subscription.unsubscribe.noteAgain')}</li>
        <li>{t('subscription.unsubscribe.noteData')}</li>
      </ul>
      {unsubscribe.isError ? (
        <Banner tone="alert" className="mt-4">
          {errorText(unsubscribe.error)}
        </Banner>
      ) : null}
      {unsubscribe.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-neutral-600" role="status">
          <Spinner size="sm" className="text-primary-600" />
          {t('subscription.progress.unsubscribing')}
        </p>
      ) : null}
      <StepActions>
        <Button variant="secondary" disabled={unsubscribe.isPending} onClick={() => go(null)}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(undefined, { onSuccess: () => go(null) })}>
          {t('subscription.actions.unsubscribe')}
        </Button>
      </StepActions>
    </div>
  );
}
