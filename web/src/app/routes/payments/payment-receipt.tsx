import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentReceipt } from '../../../features/payments/components/payment-receipt.tsx';

/** /users/{userId}/payments/{paymentId}/receipt: a payment's printable receipt. */
export function PaymentReceiptRoute() {
  const { t } = useTranslation();
  const { userId = '', paymentId = '' } = useParams();
  return (
    <>
      <title>{`${t('payments.receipt.title')} · ${t('app.name')}`}</title>
      <div className="mx-auto w-full max-w-3xl">
        <PaymentReceipt key={paymentId} userId={userId} merchantUid={paymentId} />
      </div>
    </>
  );
}
