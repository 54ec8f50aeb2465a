import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ExternalLink, Printer, SearchX } from 'lucide-react';
import type { Receipt } from '@pocketguide/contracts/payment/receipts';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useReceipt } from '../api/payments.ts';
import { formatWon } from '../payment-text.ts';

/**
 * On paper only the receipt prints: the app's header, navigation and buttons are left off, the receipt fills the
 * page in black on white.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-receipt], [data-receipt] * { visibility: visible; }
  [data-receipt] { position: absolute; inset: 0; margin: 0; border: 0; box-shadow: none; padding: 12mm; color: #000; }
  [data-receipt] a { color: #000; text-decoration: none; }
  [data-receipt-actions] { display: none !important; }
  @page { size: A4; margin: 10mm; }
}`;

function Party({ title, rows }: { title: string; rows: Array<[string, string | null]> }) {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <section className="flex-1 rounded-control border border-neutral-200 p-4">
      <h2 className="text-sm font-bold text-neutral-900">{title}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-neutral-500">{label}</dt>
            <dd className="break-words text-neutral-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ReceiptBody({ receipt, userId }: { receipt: Receipt; userId: string }) {
  const { t, i18n } = useTranslation();
  const won = (amount: number) => formatWon(amount, i18n.language);
  const kindLabel = {
    payment: t('payments.receipt.kindPayment'),
    refund: t('payments.receipt.kindRefund'),
    transfer: t('payments.receipt.kindTransfer'),
  };
  const { seller, buyer } = receipt;
  return (
    <article
      data-receipt
      className="flex flex-col gap-5 rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-8"
      aria-labelledby="receipt-title"
    >
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="receipt-title" className="text-2xl font-bold text-neutral-900">
            {t('payments.receipt.title')}
          </h1>
          <p className="mt-1 text-xs break-all text-neutral-500">
            {t('payments.receipt.orderNumber')} {receipt.merchantUid}
          </p>
        </div>
        <div data-receipt-actions className="flex flex-wrap gap-2">
          <Link
            to={paths.paymentDetail.getHref(userId, receipt.merchantUid)}
            className="inline-flex h-10 items-center gap-1.5 rounded-control px-3 text-sm font-semibold text-neutral-700 hover:bg-neutral-100"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('payments.receipt.back')}
          </Link>
          <Button
            variant="secondary"
            icon={<Printer className="size-4" aria-hidden="true" />}
            onClick={() => window.print()}
          >
            {t('payments.receipt.print')}
          </Button>
        </div>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Party
          title={t('payments.receipt.seller')}
          rows={[
            [t('payments.receipt.name'), seller.name],
            [t('payments.receipt.businessNumber'), seller.businessNumber],
            [t('payments.receipt.representative'), seller.representative],
            [t('payments.receipt.address'), seller.address],
            [t('payments.receipt.phone'), seller.phone],
            [t('payments.receipt.email'), seller.email],
          ]}
        />
        <Party
          title={t('payments.receipt.buyer')}
          rows={[
            [t('payments.receipt.name'), buyer.name],
            [t('payments.receipt.company'), buyer.companyName],
            [t('payments.receipt.email'), buyer.email],
          ]}
        />
      </div>
      <p className="text-sm text-neutral-700">
        {t('payments.receipt.item')}: {t('payments.receipt.itemName', { plan: t(`plans.${receipt.plan}`) })}
        {receipt.cardName ? ` · ${t('payments.receipt.method')}: ${receipt.cardName}` : ''}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[30rem] text-sm">
          <thead>
            <tr className="border-b-2 border-neutral-300 text-left text-neutral-600">
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('payments.receipt.date')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('payments.receipt.kind')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('payments.receipt.supply')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('payments.receipt.vat')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('payments.receipt.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={`${line.kind}-${line.at}`} className="border-b border-neutral-100">
                <td className="py-2 pr-3 tabular-nums">{formatDateTime(line.at)}</td>
                <td className="py-2 pr-3">{kindLabel[line.kind]}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{won(line.amounts.supply)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{won(line.amounts.vat)}</td>
                <td className="py-2 text-right tabular-nums">{won(line.amounts.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-neutral-300 font-bold text-neutral-900">
              <th scope="row" colSpan={2} className="py-2 pr-3 text-left">
                {t('payments.receipt.net')}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums" data-receipt-net-supply>
                {won(receipt.net.supply)}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums" data-receipt-net-vat>
                {won(receipt.net.vat)}
              </td>
              <td className="py-2 text-right tabular-nums" data-receipt-net-total>
                {won(receipt.net.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-neutral-500">{t('payments.receipt.vatNote')}</p>
      <footer className="flex flex-wrap items-center justify-between gap-2 text-xs text-neutral-500">
        <span>{t('payments.receipt.issuedAt', { date: formatDateTime(receipt.issuedAt) })}</span>
        {receipt.providerReceiptUrl && /^https?:\/\//.test(receipt.providerReceiptUrl) ? (
          <a
            href={receipt.providerReceiptUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            {t('payments.receipt.provider')}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </footer>
    </article>
  );
}

/** A payment's, refund's or transfer's receipt (spec 2 §9): seller, buyer, 공급가액 / 부가세 / 합계, printable. */
export function PaymentReceipt({ userId, merchantUid }: { userId: string; merchantUid: string }) {
  const { t } = useTranslation();
  const receipt = useReceipt(merchantUid);
  if (receipt.isPending) {
    return (
      <div className="flex min-h-60 items-center justify-center text-primary-600">
        <Spinner size="lg" label={t('payments.receipt.loading')} />
      </div>
    );
  }
  if (receipt.isError) {
    const missing = isApiError(receipt.error) && receipt.error.status === 404;
    return missing ? (
      <div className="rounded-card border border-dashed border-neutral-300 bg-white">
        <EmptyState titleAs="h1" icon={<SearchX className="size-6" />} title={t('payments.receipt.notFound')} />
      </div>
    ) : (
      <Banner
        tone="alert"
        action={
          <Button variant="secondary" size="sm" onClick={() => void receipt.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('payments.receipt.notFound')}
      </Banner>
    );
  }
  return <ReceiptBody receipt={receipt.data} userId={userId} />;
}
