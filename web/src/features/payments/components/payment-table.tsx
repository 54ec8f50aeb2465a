import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import { paths } from '../../../app/paths.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import type { Order } from '../api/payment-schemas.ts';
import { dateOf, formatWon, useMethodLabel } from '../payment-text.ts';
import { PlanBadge, StatusBadge } from './badges.tsx';

type Column = { key: string; label: string; cell: (order: Order) => ReactNode; align?: 'right' };

type PaymentTableProps = {
  orders: readonly Order[];
  page: number;
  pageSize: number;
  /** history: a person's payments; admin: everyone's, with the note and a link to the payer */
  variant: 'history' | 'admin';
  /** whose payments these are, for rows whose payer the answer does not name */
  userId?: string;
  /** an administrator's view of one person's payments (issue 23): what was refunded, and each receipt */
  withReceipts?: boolean;
};

/** A payment that has a receipt: money moved (paid, refunded in part or whole, or a transfer). */
const hasReceipt = (order: Order) => order.status === 'paid' || order.status === 'refunded' || order.status === 'partially-refunded';

/**
 * A page of payments (spec 2 §2, §9): the row number (page-1)*size+index+1, then the payment's facts; a table on
 * wide screens, one card per payment under 768 px (the same markup, laid out by CSS). Each row opens the payment.
 */
export function PaymentTable({ orders, page, pageSize, variant, userId, withReceipts = false }: PaymentTableProps) {
  const { t, i18n } = useTranslation();
  const methodOf = useMethodLabel();
  const ownerOf = (order: Order) => order.customerUid?._id ?? userId ?? '';

  const amount: Column = { key: 'amount', label: t('payments.fields.amount'), cell: (o) => formatWon(o.amount, i18n.language), align: 'right' };
  const method: Column = { key: 'method', label: t('payments.fields.method'), cell: (o) => methodOf(o) };
  const plan: Column = { key: 'plan', label: t('payments.fields.plan'), cell: (o) => <PlanBadge plan={o.plan} /> };
  const date: Column = { key: 'date', label: t('payments.fields.date'), cell: (o) => <span className="tabular-nums">{formatDateTime(dateOf(o))}</span> };
  const status: Column = { key: 'status', label: t('payments.fields.status'), cell: (o) => <StatusBadge status={o.status} /> };
  const company: Column =
    variant === 'admin'
      ? {
          key: 'company',
          label: t('payments.fields.company'),
          cell: (o) =>
            o.customerUid ? (
              <Link to={paths.adminUser.getHref(o.customerUid._id)} className="font-semibold text-primary-700 hover:underline">
                {o.customerUid.companyName || o.customerUid.name || o.customerUid.email}
              </Link>
            ) : (
              '—'
            ),
        }
      : { key: 'company', label: t('payments.fields.company'), cell: (o) => o.customerUid?.companyName || '—' };
  const note: Column = { key: 'note', label: t('payments.fields.note'), cell: (o) => o.note || '—' };

  const refunded: Column = {
    key: 'refunded',
    label: t('payments.fields.refunded'),
    cell: (o) => (o.cancelAmount > 0 ? formatWon(-o.cancelAmount, i18n.language) : '—'),
    align: 'right',
  };
  const receipt: Column = {
    key: 'receipt',
    label: t('payments.fields.receipt'),
    cell: (o) =>
      hasReceipt(o) ? (
        <Link
          to={paths.paymentReceipt.getHref(ownerOf(o), o.merchantUid)}
          className="font-semibold text-primary-700 hover:underline"
          data-receipt-of={o.merchantUid}
          aria-label={t('payments.list.receiptOf', { number: (page - 1) * pageSize + orders.indexOf(o) + 1 })}
        >
          {t('payments.fields.receipt')}
        </Link>
      ) : (
        '—'
      ),
  };

  const columns: Column[] = withReceipts
    ? [date, plan, amount, refunded, method, status, note, receipt]
    : variant === 'admin'
      ? [amount, method, plan, company, date, status, note]
      : [date, plan, amount, method, company, status];

  return (
    <table className="block w-full text-sm md:table md:border-collapse">
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-neutral-200 text-left text-xs font-semibold text-neutral-500">
          <th scope="col" className="px-3 py-2 text-right">{t('payments.fields.number')}</th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.align === 'right' ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
              {column.label}
            </th>
          ))}
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">{t('payments.list.detail')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {orders.map((order, index) => {
          const number = (page - 1) * pageSize + index + 1;
          return (
            <tr
              key={order.merchantUid}
              data-merchant-uid={order.merchantUid}
              className="relative block rounded-card border border-neutral-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:hover:bg-neutral-50"
            >
              <td className="mb-2 block text-xs font-semibold text-neutral-500 tabular-nums md:mb-0 md:table-cell md:px-3 md:py-3 md:text-right md:text-sm md:font-normal">
                <span className="md:hidden">{t('payments.fields.number')} </span>
                {number}
              </td>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`flex items-center justify-between gap-3 py-1 break-words text-neutral-800 md:table-cell md:px-3 md:py-3 ${column.align === 'right' ? 'md:text-right md:tabular-nums' : ''}`}
                >
                  <span className="text-xs text-neutral-500 md:hidden">{column.label}</span>
                  <span className="min-w-0 text-right md:text-inherit">{column.cell(order)}</span>
                </td>
              ))}
              <td className="mt-2 block md:mt-0 md:table-cell md:px-3 md:py-3 md:text-right">
                <Link
                  to={paths.paymentDetail.getHref(ownerOf(order), order.merchantUid)}
                  aria-label={t('payments.list.open', { number })}
                  className="inline-flex h-9 items-center gap-1 rounded-control px-2 text-sm font-semibold text-primary-700 hover:bg-primary-50"
                >
                  {t('payments.list.detail')}
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
