import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { cx } from '../../../lib/class-names.ts';
import type { Order } from '../api/payment-schemas.ts';
import { useRefundPayment } from '../api/payments.ts';
import { formatWon } from '../payment-text.ts';

type RefundDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  order: Order;
  /** what is left to refund */
  refundable: number;
  onDone(): void;
  /** the failure goes to the page's red banner (spec 2 §8) */
  onFailed(error: unknown): void;
};

/** The refund's confirm step: all that is left, or a part of it (a whole number of won up to that). */
export function RefundDialog({ open, onOpenChange, order, refundable, onDone, onFailed }: RefundDialogProps) {
  const { t, i18n } = useTranslation();
  const refund = useRefundPayment();
  const cancel = useRef<HTMLButtonElement>(null);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amountText, setAmountText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const amountId = useId();
  const hintId = useId();

  const partialAmount = Number(amountText.replaceAll(',', '').trim());
  const partialValid = Number.isInteger(partialAmount) && partialAmount >= 1 && partialAmount <= refundable;

  const submit = async () => {
    if (mode === 'partial' && !partialValid) {
      setInvalid(true);
      return;
    }
    try {
      await refund.mutateAsync(
        mode === 'full'
          ? { merchantUid: order.merchantUid }
          : { merchantUid: order.merchantUid, amount: partialAmount },
      );
      onDone();
    } catch (error) {
      onFailed(error);
    }
    onOpenChange(false);
  };

  const option = (value: 'full' | 'partial', label: string) => (
    <label
      className={cx(
        'flex cursor-pointer items-center gap-3 rounded-control border px-4 py-3 text-base',
        mode === value ? 'border-primary-600 bg-primary-50 text-neutral-900' : 'border-neutral-300 text-neutral-700',
      )}
    >
      <input
        type="radio"
        name="refund-mode"
        value={value}
        checked={mode === value}
        onChange={() => setMode(value)}
        className="accent-primary-600"
      />
      {label}
    </label>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.refund.title')}
      initialFocus={cancel}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" loading={refund.isPending} onClick={() => void submit()}>
            {t('payments.refund.confirm')}
          </Button>
        </>
      }
    >
      <p className="text-base text-neutral-700">
        {t('payments.refund.message', { amount: formatWon(refundable, i18n.language) })}
      </p>
      <fieldset className="mt-4 flex flex-col gap-2">
        <legend className="sr-only">{t('payments.refund.title')}</legend>
        {option('full', t('payments.refund.full', { amount: formatWon(refundable, i18n.language) }))}
        {option('partial', t('payments.refund.partial'))}
      </fieldset>
      {mode === 'partial' ? (
        <div className="mt-3">
          <label htmlFor={amountId} className="text-sm font-semibold text-neutral-800">
            {t('payments.refund.amount')}
          </label>
          <input
            id={amountId}
            name="refundAmount"
            inputMode="numeric"
            value={amountText}
            aria-invalid={invalid && !partialValid}
            aria-describedby={hintId}
            onChange={(event) => {
              setAmountText(event.target.value);
              setInvalid(false);
            }}
            className="mt-1 h-11 w-full rounded-control border border-neutral-300 px-3 text-base tabular-nums focus:border-primary-600 focus:outline-none"
          />
          <p
            id={hintId}
            className={cx('mt-1 text-sm', invalid && !partialValid ? 'text-alert-700' : 'text-neutral-500')}
          >
            {t('payments.refund.amountHint', { max: formatWon(refundable, i18n.language) })}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
