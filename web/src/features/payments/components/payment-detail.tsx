import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ListOrdered, ReceiptText, SearchX, Trash2, Undo2 } from 'lucide-react';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { isTransfer, refundableOf } from '../api/payment-schemas.ts';
import { useDeletePayment, useLastPaymentWrite, usePayment } from '../api/payments.ts';
import { dateOf, formatWon, useMethodLabel, usePaymentErrorMessage } from '../payment-text.ts';
import { PlanBadge, StatusBadge } from './badges.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { openReceiptPopup } from '../receipt.ts';

// The audit timeline is its own chunk, for administrators only.
const AuditTimeline = lazy(() =>
  import('../../audit/components/audit-timeline.tsx').then((module) => ({ default: module.AuditTimeline })),
);

/**
 * One payment (spec 2 §2): amount, plan, method, date and who paid; the receipt in a popup; for administrators the
 * payer's other payments, Delete and Refund (each behind a confirm dialog). Failures show in a red banner.
 */
export function PaymentDetail({ userId, merchantUid }: { userId: string; merchantUid: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  // a refund made here moves this: the audit timeline below reads again up to it
  const lastWrite = useLastPaymentWrite();
  const payment = usePayment(merchantUid);
  const remove = useDeletePayment();
  const methodOf = useMethodLabel();
  const errorText = usePaymentErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const isAdmin = session?.isAdmin ?? false;

  const back = (
    <Link
      to={`${paths.settingsSubscription.getHref()}?step=paymentHistory`}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('payments.detail.back')}
    </Link>
  );

  if (payment.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-12 text-neutral-500" role="status">
        <Spinner className="text-primary-600" />
        {t('payments.detail.loading')}
      </p>
    );
  }
  if (payment.isError) {
    const missing = isApiError(payment.error) && (payment.error.status === 404 || payment.error.status === 403);
    return (
      <div className="flex flex-col gap-4">
        {back}
        {missing ? (
          <div className="rounded-card border border-dashed border-neutral-300 bg-white">
            <EmptyState
              titleAs="h1"
              icon={<SearchX className="size-6" />}
              title={t('payments.detail.missing')}
              description={t('payments.detail.missingHint')}
            />
          </div>
        ) : (
          <Banner
            tone="alert"
            action={
              <Button variant="secondary" size="sm" onClick={() => void payment.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {errorText(payment.error)}
          </Banner>
        )}
      </div>
    );
  }

  const order = payment.data;
  const ownerId = order.customerUid?._id ?? userId;
  const refundable = refundableOf(order);
  const canRefund = isAdmin && !isTransfer(order) && order.status !== 'failed' && refundable > 0;
  const refundedAmount = order.amount - refundable;

  // our own receipt page (which links the provider's): a payment that went through, a refund, a transfer
  const hasReceipt = order.kind !== 'card-check' && order.status !== 'failed' && order.status !== 'pending';

  return (
    <div className="flex flex-col gap-5">
      {back}
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('payments.detail.heading')}</h1>
          <p className="mt-1 text-xs break-all text-neutral-500">{order.merchantUid}</p>
        </div>
        {hasReceipt ? (
          <Button
            variant="secondary"
            icon={<ReceiptText className="size-4" aria-hidden="true" />}
            onClick={() => {
              const href = paths.paymentReceipt.getHref(ownerId, order.merchantUid);
              // a refused popup: the receipt in this tab instead
              if (!openReceiptPopup(href)) void navigate(href);
            }}
          >
            {t('payments.detail.receipt')}
          </Button>
        ) : null}
      </header>

      {error ? <Banner tone="alert">{error}</Banner> : null}
      {order.refundedAt ? (
        <Banner tone="warning">
          {t('payments.detail.refundedNotice', {
            date: formatDateTime(order.refundedAt),
            amount: formatWon(refundedAmount || order.amount, i18n.language),
          })}
        </Banner>
      ) : null}
      {order.status === 'failed' && order.fail_reason ? (
        <Banner tone="alert">{t('payments.detail.failed', { reason: order.fail_reason })}</Banner>
      ) : null}

      <section
        className="rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-6"
        aria-label={t('payments.detail.heading')}
      >
        <p className="text-sm text-neutral-500">{t('payments.fields.amount')}</p>
        <p className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-bold text-neutral-900 tabular-nums">
          {formatWon(order.amount, i18n.language)}
          <StatusBadge status={order.status} />
        </p>
        <dl className="mt-5 grid gap-x-6 gap-y-4 border-t border-neutral-200 pt-5 sm:grid-cols-2">
          <Field label={t('payments.fields.plan')}>
            <PlanBadge plan={order.plan} />
          </Field>
          <Field label={t('payments.fields.method')}>{methodOf(order)}</Field>
          <Field label={t('payments.fields.date')}>
            <span className="tabular-nums">{formatDateTime(dateOf(order))}</span>
          </Field>
          <Field label={t('payments.fields.name')}>{order.customerUid?.name || '—'}</Field>
          <Field label={t('payments.fields.email')}>
            <span className="break-all">{order.customerUid?.email || order.buyer_email || '—'}</span>
          </Field>
          <Field label={t('payments.fields.company')}>{order.customerUid?.companyName || '—'}</Field>
          {order.note ? <Field label={t('payments.fields.note')}>{order.note}</Field> : null}
        </dl>
      </section>

      {isAdmin ? (
        <section className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={paths.userPayments.getHref(ownerId)}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-700 hover:underline"
          >
            <ListOrdered className="size-4" aria-hidden="true" />
            {t('payments.detail.userPayments')}
          </Link>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button
              variant="secondary"
              className="text-alert-700"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={() => setConfirmDelete(true)}
            >
              {t('payments.detail.delete')}
            </Button>
            {canRefund ? (
              <Button
                variant="primary"
                icon={<Undo2 className="size-4" aria-hidden="true" />}
                onClick={() => setRefunding(true)}
              >
                {t('payments.detail.refund')}
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}

      {/* administrators see who did what to this payment (issue 14), loaded after the detail */}
      {isAdmin ? (
        <Suspense fallback={null}>
          <AuditTimeline
            subject="payment"
            id={order.merchantUid}
            {...(lastWrite === undefined ? {} : { after: lastWrite })}
          />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('payments.detail.deleteTitle')}
        message={t('payments.detail.deleteMessage')}
        confirmLabel={t('payments.detail.delete')}
        tone="accent"
        onConfirm={async () => {
          setError(null);
          try {
            await remove.mutateAsync(order.merchantUid);
            void navigate(paths.userPayments.getHref(ownerId));
          } catch (failure) {
            setError(errorText(failure));
          }
        }}
      />
      {/* mounted only while open, so each refund starts from the full amount */}
      {canRefund && refunding ? (
        <RefundDialog
          open={refunding}
          onOpenChange={setRefunding}
          order={order}
          refundable={refundable}
          onFailed={(failure) => setError(errorText(failure))}
          onDone={() => setError(null)}
        />
      ) : null}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-neutral-500">{label}</dt>
      <dd className="mt-1 text-base text-neutral-900">{children}</dd>
    </div>
  );
}
