import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { useUserPayments } from '../../../features/payments/api/payments.ts';
import { PaymentList } from '../../../features/payments/components/payment-list.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { paths } from '../../paths.ts';

/** /users/{userId}/payments: a person's payments, ten a page (oneself, or anyone for an administrator). */
export function UserPaymentsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = useParams().userId ?? '';
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useUserPayments(userId, page);
  const own = session?.id === userId;
  const payer = own ? null : list.data?.orders[0]?.customerUid;
  const title = payer
    ? t('payments.userList.headingOf', { name: payer.companyName || payer.name || payer.email })
    : t('payments.userList.heading');
  return (
    <>
      <title>{`${title} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-3">
          <Link
            to={
              own || !session?.isAdmin
                ? `${paths.settingsSubscription.getHref()}?step=paymentHistory`
                : paths.adminPayments.getHref()
            }
            className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {own || !session?.isAdmin ? t('payments.userList.backToSubscription') : t('payments.userList.backToAdmin')}
          </Link>
          <div>
            <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{title}</h1>
            {payer ? <p className="mt-1 text-sm text-neutral-600">{payer.email}</p> : null}
          </div>
        </header>
        <PaymentList
          query={list}
          page={page}
          onPageChange={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
          variant="history"
          userId={userId}
          label={title}
        />
      </div>
    </>
  );
}
