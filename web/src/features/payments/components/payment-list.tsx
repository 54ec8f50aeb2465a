import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReceiptText } from 'lucide-react';
import { PAYMENTS_PAGE_SIZE } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { OrderPage } from '../api/payment-schemas.ts';
import { PaymentTable } from './payment-table.tsx';

type PaymentListProps = {
  query: UseQueryResult<OrderPage>;
  page: number;
  onPageChange: (page: number) => void;
  variant: 'history' | 'admin';
  userId?: string;
  label: string;
  /** one person's payments for an administrator: refunds and receipt links on each row (issue 23) */
  withReceipts?: boolean;
};

/** A page of payments with its states: loading, 'Something went wrong' (spec 2 §8), the empty state, the page row. */
export function PaymentList({ query, page, onPageChange, variant, userId, label, withReceipts = false }: PaymentListProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-12 text-neutral-500" role="status">
        <Spinner className="text-primary-600" />
        {t('payments.list.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <Banner tone="alert" action={<Button variant="secondary" size="sm" onClick={() => void query.refetch()}>{t('common.retry')}</Button>}>
        <p className="font-semibold">{t('payments.list.failed')}</p>
      </Banner>
    );
  }
  const { orders, pages, count } = query.data;
  if (orders.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-neutral-300 bg-white">
        <EmptyState icon={<ReceiptText className="size-6" />} title={t('payments.list.empty')} description={t('payments.list.emptyHint')} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
      <p className="text-sm text-neutral-600">{t('payments.list.count', { count })}</p>
      <div className="md:overflow-x-auto md:rounded-card md:border md:border-neutral-200 md:bg-white">
        <PaymentTable orders={orders} page={page} pageSize={PAYMENTS_PAGE_SIZE} variant={variant} withReceipts={withReceipts} {...(userId ? { userId } : {})} />
      </div>
      <Pagination page={page} pageCount={pages} onPageChange={onPageChange} label={label} />
    </div>
  );
}
