import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { useUserPayments } from '../../../features/payments/api/payments.ts';
import { PaymentList } from '../../../features/payments/components/payment-list.tsx';
import { paths } from '../../paths.ts';

/**
 * /admin/users/{userId}/payments (issue 23): one person's payments, refunds and bank transfers, ten a page, each
 * with what was refunded and its receipt; a row opens the payment. Loading, empty and failed states as every list.
 */
export function AdminUserPaymentsRoute() {
  const { t } = useTranslation();
  const userId = useParams().userId ?? '';
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useUserPayments(userId, page);
  const payer = list.data?.orders[0]?.customerUid;
  const title = payer ? t('payments.userList.headingOf', { name: payer.companyName || payer.name || payer.email }) : t('payments.userList.adminHeading');
  return (
    <>
      <title>{`${title} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-3">
          <Link to={paths.adminUser.getHref(userId)} className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('payments.userList.backToUser')}
          </Link>
          <div>
            <h1 className="text-xl font-bold break-words text-neutral-900 sm:text-2xl">{title}</h1>
            <p className="mt-1 text-sm text-neutral-600">{payer?.email ?? t('payments.userList.adminDescription')}</p>
          </div>
        </header>
        <PaymentList
          query={list}
          page={page}
          onPageChange={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
          variant="history"
          userId={userId}
          label={title}
          withReceipts
        />
      </div>
    </>
  );
}
