import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentDetail } from '../../../features/payments/components/payment-detail.tsx';

/** /users/{userId}/payments/{paymentId}: one payment (paymentId is its merchantUid). */
export function PaymentDetailRoute() {
  const { t } = useTranslation();
  const { userId = '', paymentId = '' } = useParams();
  return (
    <>
      <title>{`${t('payments.detail.heading')} · ${t('app.name')}`}</title>
      <div className="mx-auto w-full max-w-3xl">
        <PaymentDetail key={paymentId} userId={userId} merchantUid={paymentId} />
      </div>
    </>
  );
}
