import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../../testing/sessions.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { order, orderPage } from '../testing/orders.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

type Answer = Response | ((request: RecordedRequest) => Response);

function server(answers: Record<string, Answer>) {
  return stubFetch((request) => {
    const answer = answers[`${request.method} ${request.url.pathname}`];
    if (answer) return typeof answer === 'function' ? answer(request) : answer.clone();
    if (request.url.pathname === '/api/messages') return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    return problem({ status: 404, code: 'not_found', message: 'Not found' });
  });
}

const DETAIL = '/users/user-1/payments/pg_purchase_1';
const RECEIPT_PAGE = `${DETAIL}/receipt`;

const RECEIPT = {
  merchantUid: 'pg_purchase_1',
  kind: 'purchase',
  plan: 'standard',
  billingCycle: 'month',
  method: 'card',
  cardName: '신한카드',
  seller: { name: '포켓가이드 주식회사', businessNumber: '123-45-67890', representative: '홍길동', address: '서울시 중구', phone: '', email: 'billing@example.com' },
  buyer: { name: '김여행', companyName: '포켓트래블', email: 'traveller@example.com' },
  lines: [
    { kind: 'payment', at: '2026-11-20T01:02:03.000Z', amounts: { supply: 50_000, vat: 5_000, total: 55_000 } },
    { kind: 'refund', at: '2026-11-21T01:02:03.000Z', amounts: { supply: -10_000, vat: -1_000, total: -11_000 } },
  ],
  net: { supply: 40_000, vat: 4_000, total: 44_000 },
  providerReceiptUrl: 'https://receipt.example.com/r/1',
  issuedAt: '2026-11-22T01:02:03.000Z',
};

describe('the receipt page', () => {
  it('in Korean: seller from the settings, buyer, 공급가액 / 부가세 / 합계 per line and what stands, the PG receipt linked', async () => {
    server({ 'GET /api/payments/pg_purchase_1/receipt': json(RECEIPT) });
    const view = renderApp({ path: RECEIPT_PAGE, auth: signedIn() });
    const receipt = await screen.findByRole('article', { name: '영수증' });
    expect(within(receipt).getByText('123-45-67890')).toBeDefined();
    expect(within(receipt).getByText('포켓가이드 주식회사')).toBeDefined();
    expect(within(receipt).getByText('포켓트래블')).toBeDefined();
    // an empty seller field is left off
    expect(within(receipt).queryByText('전화')).toBeNull();
    const headers = within(receipt).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['일시', '구분', '공급가액', '부가세', '합계']);
    const rows = within(receipt).getAllByRole('row').map((row) => row.textContent);
    expect(rows[1]).toContain('결제50,000원5,000원55,000원');
    expect(rows[2]).toContain('환불-10,000원-1,000원-11,000원');
    expect(rows[3]).toBe('최종 금액40,000원4,000원44,000원');
    expect(within(receipt).getByRole('link', { name: 'PG사 영수증 보기' }).getAttribute('href')).toBe('https://receipt.example.com/r/1');
    expect(within(receipt).getByRole('button', { name: '인쇄' })).toBeDefined();
    // the print layout: only the receipt on paper, its buttons left off
    expect(receipt.querySelector('style')?.textContent).toContain('@media print');
    view.unmount();
  });

  it('in English, and a receipt the server refuses (someone else’s) is "not found"', async () => {
    server({ 'GET /api/payments/pg_purchase_1/receipt': json({ ...RECEIPT, providerReceiptUrl: null }) });
    const view = renderApp({ path: RECEIPT_PAGE, language: 'en', auth: signedIn({ language: 'en' }) });
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(receipt).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Type', 'Supply value', 'VAT', 'Total']);
    expect(within(receipt).getByText('Business registration no.')).toBeDefined();
    expect(within(receipt).queryByRole('link', { name: /provider/ })).toBeNull();
    view.unmount();

    server({ 'GET /api/payments/pg_purchase_1/receipt': problem({ status: 404, code: 'not_found', message: PAYMENT_MESSAGES.orderNotFound }) });
    const refused = renderApp({ path: RECEIPT_PAGE, language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByRole('heading', { name: 'The receipt could not be found.' })).toBeDefined();
    refused.unmount();
  });
});

describe('payment detail', () => {
  it('shows the payment, and the receipt opens in an 800x600 popup; a person sees no admin actions', async () => {
    server({ 'GET /api/payments/pg_purchase_1': json(order()) });
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    renderApp({ path: DETAIL, auth: signedIn() });
    expect(await screen.findByRole('heading', { name: '결제 상세', level: 1 })).toBeDefined();
    expect(screen.getByText('50,000원')).toBeDefined();
    expect(screen.getByText('스탠다드')).toBeDefined();
    expect(screen.getByText('카드 (신한카드)')).toBeDefined();
    expect(screen.getByText(formatDateTime('2026-11-20T01:02:03.000Z'))).toBeDefined();
    // the payer, on the page (the header's profile menu may name the same person once its chunk has loaded)
    expect(within(screen.getByRole('main')).getByText('김여행')).toBeDefined();
    expect(within(screen.getByRole('main')).getByText('traveller@example.com')).toBeDefined();
    expect(screen.getByText('포켓트래블')).toBeDefined();
    expect(screen.getByRole('link', { name: '결제 내역으로 돌아가기' }).getAttribute('href')).toBe('/settings/subscription?step=paymentHistory');
    expect(screen.queryByRole('button', { name: '환불' })).toBeNull();
    expect(screen.queryByRole('button', { name: '삭제' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '영수증' }));
    expect(open).toHaveBeenCalledWith('/users/user-1/payments/pg_purchase_1/receipt', 'pocketguide-receipt', 'width=800,height=600');
  });

  it('a blocked popup shows the receipt page in this tab; a failed payment has no receipt button', async () => {
    let current = order({ receiptUrl: null, paymentData: null, method: 'transfer', note: '세금계산서 발행' });
    server({ 'GET /api/payments/pg_purchase_1': () => json(current), 'GET /api/payments/pg_purchase_1/receipt': json(RECEIPT) });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const view = renderApp({ path: DETAIL, language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByText('Bank transfer')).toBeDefined();
    expect(screen.getByText('세금계산서 발행')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/users/user-1/payments/pg_purchase_1/receipt'));
    expect(await screen.findByRole('heading', { name: 'Receipt', level: 1 })).toBeDefined();

    current = order({ status: 'failed', paidAt: null });
    view.unmount();
    const failed = renderApp({ path: DETAIL, language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByRole('heading', { name: 'Payment details', level: 1 })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Receipt' })).toBeNull();
    failed.unmount();
  });

  it('a missing payment shows the empty state; another failure the red banner', async () => {
    server({ 'GET /api/payments/pg_purchase_1': problem({ status: 404, code: 'not_found', message: PAYMENT_MESSAGES.orderNotFound }) });
    renderApp({ path: DETAIL, auth: signedIn() });
    expect(await screen.findByRole('heading', { name: '결제 내역을 찾을 수 없습니다' })).toBeDefined();
  });

  it('admin: a partial refund behind its dialog, the refund notice, the refund button gone after the rest; failures in a red banner', async () => {
    let refusal = true;
    const requests = server({
      'GET /api/payments/pg_purchase_1': json(order()),
      'POST /api/payments/refund': (request) => {
        if (refusal) return problem({ status: 400, code: 'refund_too_large', message: PAYMENT_MESSAGES.refundTooLarge });
        const amount = (request.body as { amount?: number }).amount;
        return json({ merchantUid: 'pg_purchase_1', refundedAt: '2026-11-21T03:04:05.000Z', cancelAmount: amount === undefined ? 50_000 : amount, position: 7 });
      },
    });
    renderApp({ path: DETAIL, auth: signedInAdmin() });
    expect((await screen.findByRole('link', { name: '이 사용자의 결제 내역' })).getAttribute('href')).toBe('/users/user-1/payments');

    fireEvent.click(screen.getByRole('button', { name: '환불' }));
    const dialog = await screen.findByRole('dialog', { name: '결제 환불' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '부분 환불' }));
    const amount = within(dialog).getByLabelText('환불 금액(원)');
    fireEvent.change(amount, { target: { value: '60000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '환불' }));
    expect(within(dialog).getByText('1원부터 50,000원까지 입력할 수 있습니다.').className).toContain('text-alert-700');
    expect(requests.filter((request) => request.url.pathname === '/api/payments/refund')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '10000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '환불' }));
    expect(await screen.findByText('환불 금액이 남은 결제 금액보다 큽니다.')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('환불 금액이 남은 결제 금액보다 큽니다.');

    refusal = false;
    fireEvent.click(screen.getByRole('button', { name: '환불' }));
    const again = await screen.findByRole('dialog', { name: '결제 환불' });
    fireEvent.click(within(again).getByRole('radio', { name: '부분 환불' }));
    fireEvent.change(within(again).getByLabelText('환불 금액(원)'), { target: { value: '10,000' } });
    fireEvent.click(within(again).getByRole('button', { name: '환불' }));
    expect(await screen.findByText(`${formatDateTime('2026-11-21T03:04:05.000Z')}에 10,000원이 환불되었습니다.`)).toBeDefined();
    expect(requests.filter((request) => request.url.pathname === '/api/payments/refund').at(-1)?.body).toEqual({ merchantUid: 'pg_purchase_1', amount: 10_000 });
    expect(screen.getByText('부분 환불')).toBeDefined();
    // the audit timeline reads again, up to the refund, without a reload
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/api/admin/audit/payment/pg_purchase_1' && request.url.searchParams.get('after') === '7')).toBe(true),
    );

    // the rest
    fireEvent.click(screen.getByRole('button', { name: '환불' }));
    const rest = await screen.findByRole('dialog', { name: '결제 환불' });
    expect(within(rest).getByRole('radio', { name: '전액 환불 (40,000원)' })).toBeDefined();
    fireEvent.click(within(rest).getByRole('button', { name: '환불' }));
    await waitFor(() => expect(requests.filter((request) => request.url.pathname === '/api/payments/refund')).toHaveLength(3));
    await waitFor(() => expect(screen.queryByRole('button', { name: '환불' })).toBeNull());
    expect(requests.filter((request) => request.url.pathname === '/api/payments/refund').at(-1)?.body).toEqual({ merchantUid: 'pg_purchase_1' });
    expect(screen.getByText('환불됨')).toBeDefined();
  });

  it('admin: delete asks first, a refusal shows in the red banner, success goes to the user’s payments', async () => {
    let refusal = true;
    const requests = server({
      'GET /api/payments/pg_purchase_1': json(order()),
      'DELETE /api/payments/pg_purchase_1': () =>
        refusal ? problem({ status: 500, code: 'internal_error', message: 'boom' }) : json({ merchantUid: 'pg_purchase_1', deletedAt: '2026-11-21T00:00:00.000Z', position: 8 }),
      'GET /api/payments/user/user-1': json(orderPage(1, 0)),
    });
    const { router } = renderApp({ path: DETAIL, language: 'en', auth: signedInAdmin({ language: 'en' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete payment' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again in a moment.')).toBeDefined();
    expect(router.state.location.pathname).toBe(DETAIL);

    refusal = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete payment' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user-1/payments'));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('No payments yet')).toBeDefined();
  });
});

describe('payment lists', () => {
  it('/admin/payments: amount, method, plan, company linking to the user, date and note; rows open the payment; pages', async () => {
    const requests = server({
      'GET /api/payments/all': (request) => {
        const page = Number(request.url.searchParams.get('page'));
        const answer = orderPage(page, 23);
        answer.orders[0] = { ...answer.orders[0]!, note: '연간 계약 선결제' };
        return json(answer);
      },
    });
    const { router } = renderApp({ path: '/admin/payments', auth: signedInAdmin() });
    expect(await screen.findByRole('heading', { name: '결제 관리', level: 1 })).toBeDefined();
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(10));
    const headers = [...document.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['번호', '결제 금액', '결제 수단', '요금제', '회사', '결제일', '상태', '메모', '상세']);
    const first = document.querySelector('tbody tr')!;
    expect(first.textContent).toContain('연간 계약 선결제');
    expect(within(first as HTMLElement).getByRole('link', { name: '포켓트래블' }).getAttribute('href')).toBe('/admin/users/user-1');
    expect(within(first as HTMLElement).getByRole('link', { name: '1번 결제 상세 보기' }).getAttribute('href')).toBe('/users/user-1/payments/pg_1');
    fireEvent.click(screen.getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(document.querySelector('tbody tr td')!.textContent).toContain('21');
    expect(requests.at(-1)?.url.searchParams.get('limit')).toBe('10');
  });

  it('/users/{userId}/payments: that user’s payments, ‘Something went wrong’ when they fail', async () => {
    server({ 'GET /api/payments/user/user-9': problem({ status: 500, code: 'internal_error', message: 'boom' }) });
    renderApp({ path: '/users/user-9/payments', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    expect(await screen.findByText(/Something went wrong/)).toBeDefined();
  });
});

describe('/admin/users/{id}/payments (issue 23)', () => {
  const PAGE = '/admin/users/user-1/payments';

  it('one person’s payments, refunds and transfers, each with its receipt; a failed one has none', async () => {
    const orders = [
      order({ _id: 'pg_purchase_1', merchantUid: 'pg_purchase_1', status: 'partially-refunded', cancelAmount: 11_000 }),
      order({ _id: 'pg_transfer_1', merchantUid: 'pg_transfer_1', kind: 'transfer', method: 'transfer', plan: 'pro', amount: 150_000, paymentData: null, note: '세금계산서 발행' }),
      order({ _id: 'pg_s_1', merchantUid: 'pg_s_1', kind: 'renewal', status: 'failed', paidAt: null, fail_reason: 'card declined' }),
    ];
    server({ 'GET /api/payments/user/user-1': json({ orders, count: 3, pages: 1, page: 1 }) });
    renderApp({ path: PAGE, auth: signedInAdmin() });
    expect(await screen.findByRole('heading', { name: '포켓트래블의 결제 내역', level: 1 }, WAIT)).toBeDefined();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('-11,000원')).toBeDefined();
    expect(within(rows[0]!).getByRole('link', { name: '1번 결제 영수증' }).getAttribute('href')).toBe('/users/user-1/payments/pg_purchase_1/receipt');
    expect(within(rows[1]!).getByText('세금계산서 발행')).toBeDefined();
    expect(within(rows[1]!).getByRole('link', { name: '2번 결제 영수증' }).getAttribute('href')).toBe('/users/user-1/payments/pg_transfer_1/receipt');
    expect(within(rows[2]!).queryByRole('link', { name: /영수증/ })).toBeNull();
    expect(screen.getByRole('link', { name: '회원 정보로 돌아가기' }).getAttribute('href')).toBe('/admin/users/user-1');
  });

  it('in English: loading first, then the empty state', async () => {
    let answer: (response: Response) => void = () => {};
    server({ 'GET /api/payments/user/user-1': () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response });
    renderApp({ path: PAGE, language: 'en', auth: signedInAdmin({ language: 'en' }) });
    expect(await screen.findByText('Loading payments…', {}, WAIT)).toBeDefined();
    answer(json({ orders: [], count: 0, pages: 1, page: 1 }));
    expect(await screen.findByText('No payments yet', {}, WAIT)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Payments of this member', level: 1 })).toBeDefined();
  });
});
