import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAllPayments } from '../../../features/payments/api/payments.ts';
import { PaymentList } from '../../../features/payments/components/payment-list.tsx';

/** /admin/payments: everyone's payments, newest first, ten a page; each row opens the payment and its payer. */
export function AdminPaymentsRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useAllPayments(page);
  return (
    <>
      <title>{`${t('payments.admin.heading')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('payments.admin.heading')}</h1>
          <p className="mt-1.5 text-base text-neutral-600">{t('payments.admin.description')}</p>
        </header>
        <PaymentList
          query={list}
          page={page}
          onPageChange={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
          variant="admin"
          label={t('payments.admin.heading')}
        />
      </div>
    </>
  );
}
