import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser } from '@pocketguide/contracts';
import { PAYMENT_MESSAGES, priceOf } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fake-api.ts';
import { signedIn, userView } from '../../../testing/sessions.ts';
import { orderPage } from '../../payments/testing/orders.ts';
import { formatWon } from '../../payments/payment-text.ts';

type Answer = Response | ((request: RecordedRequest) => Response);

/** The server the stepper talks to: the person's record, the payments config, and answers per call. */
function server(user: Partial<SessionUser>, answers: Record<string, Answer> = {}) {
  let current = userView(user);
  const requests = stubFetch((request) => {
    const key = `${request.method} ${request.url.pathname}`;
    const answer = answers[key];
    if (answer) return typeof answer === 'function' ? answer(request) : answer.clone();
    if (key === 'GET /api/users/user-1') return json(current);
    if (key === 'GET /api/payments/config') return json({ provider: 'debug' });
    if (key === 'GET /api/messages') return json({ messages: [], pages: 1, page: 1, totalCount: 0 });
    return json({});
  });
  return {
    requests,
    posts: (path: string) => requests.filter((request) => request.method === 'POST' && request.url.pathname === path),
    become: (changes: Partial<SessionUser>) => void (current = { ...current, ...changes }),
  };
}

const step = async (name: string) => waitFor(() => expect(document.querySelector(`[data-step="${name}"]`)).not.toBeNull());

describe('the subscription stepper', () => {
  it('free step: the banner and its two buttons; Subscribe opens the purchase step with standard and monthly chosen, prices in effect and yearly disabled', async () => {
    server({});
    const { router } = renderApp({ path: '/settings/subscription', auth: signedIn() });
    await step('free');
    expect(screen.getByText('현재 무료 체험 중입니다.')).toBeDefined();
    expect(screen.getByRole('button', { name: '결제 내역' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '구독하기' }));
    await step('purchase');
    expect(router.state.location.search).toBe('?step=purchase');

    const now = new Date();
    const plans = screen.getAllByRole('radio').filter((radio) => radio.getAttribute('name') === 'plan') as HTMLInputElement[];
    expect(plans.map((radio) => radio.value)).toEqual(['mini', 'standard', 'pro', 'business', 'onemonth']);
    expect(plans.find((radio) => radio.checked)?.value).toBe('standard');
    for (const plan of ['mini', 'standard', 'pro', 'business'] as const) {
      const card = plans.find((radio) => radio.value === plan)!.closest('label')!;
      expect(card.textContent).toContain(formatWon(priceOf(plan, now), 'ko'));
    }
    expect(plans.find((radio) => radio.value === 'mini')!.closest('label')!.textContent).toContain('가이드북을 동시에 3개까지 게시');
    expect(plans.find((radio) => radio.value === 'business')!.closest('label')!.textContent).toContain('가이드북을 동시에 100개까지 게시');
    expect(screen.getByText('모든 가격은 부가세 10%가 포함된 금액입니다.')).toBeDefined();

    const month = screen.getByRole('radio', { name: '월간' }) as HTMLInputElement;
    const year = screen.getByRole('radio', { name: /연간/ }) as HTMLInputElement;
    expect(month.checked).toBe(true);
    expect(year.disabled).toBe(true);
    expect(year.closest('label')!.textContent).toContain('죄송합니다. 지금은 이용할 수 없는 옵션입니다.');

    // onemonth hides the billing cycle
    fireEvent.click(plans.find((radio) => radio.value === 'onemonth')!);
    expect(screen.queryByRole('radio', { name: '월간' })).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: '닫기' })[0]!);
    await step('free');
    expect(router.state.location.search).toBe('');
  });

  it('purchase (DEBUG): faked ids, the price in effect, the answer re-authenticates and the step becomes the plan', async () => {
    const api = server({}, {
      'POST /api/subscriptions/subscribe': json({
        // the account's stored language lags this browser's: the page keeps the one being read
        user: { ...signedIn({ language: 'kr' }).user, subscription: true, subscriptionType: 'pro', paymentMethod: '신한카드', expiresAt: '2099-02-01T00:00:00.000Z' },
        token: 'token-after-purchase',
        position: 41,
      }),
    });
    const { sessionStore, router } = renderApp({ path: '/settings/subscription?step=purchase', language: 'en', auth: signedIn({ language: 'en' }) });
    await step('purchase');
    fireEvent.click(screen.getByRole('radio', { name: /^Pro/ }));
    const price = formatWon(priceOf('pro', new Date()), 'en');
    fireEvent.click(screen.getByRole('button', { name: `Pay ${price}` }));
    await step('paid');
    const [post] = api.posts('/api/subscriptions/subscribe');
    expect(post?.body).toMatchObject({ plan: 'pro', billingCycle: 'month', DEBUG: true });
    const body = post!.body as Record<string, string>;
    expect(body.merchant_uid).toMatch(/^pg_purchase_/);
    expect(body.customer_uid).toMatch(/^pg_card_user-1_/);
    // the debug provider reads the merchant_uid and the amount back out of the made-up imp_uid
    expect(body.imp_uid).toBe(`imp_debug_${body.merchant_uid}_${priceOf('pro', new Date())}`);
    expect(sessionStore.get()).toMatchObject({ token: 'token-after-purchase', subscription: true, subscriptionType: 'pro', paymentMethod: '신한카드', language: 'en' });
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('You are on the Pro plan.')).toBeDefined();
    expect(screen.getByText('신한카드')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('a refusal from the server is shown in Korean, with the session and the button left as they were', async () => {
    server({}, {
      'POST /api/subscriptions/subscribe': problem({ status: 400, code: 'payment_amount_mismatch', message: PAYMENT_MESSAGES.amountMismatch }),
    });
    const { sessionStore } = renderApp({ path: '/settings/subscription?step=purchase', auth: signedIn() });
    await step('purchase');
    fireEvent.click(screen.getByRole('button', { name: /결제하기$/ }));
    expect(await screen.findByText('결제 금액이 요금제 가격과 달라 요금제를 바꾸지 않았습니다. 환불은 고객센터로 문의해 주세요.')).toBeDefined();
    expect(sessionStore.get()?.token).toBe('token-1');
    expect(screen.getByRole('button', { name: /결제하기$/ }).hasAttribute('disabled')).toBe(false);
  });

  it('a subscribed person is offered only the larger plans: no one-month plan beside a running one', async () => {
    server({ subscription: true, subscriptionType: 'standard' });
    renderApp({ path: '/settings/subscription?step=purchase', auth: signedIn({ subscription: true, subscriptionType: 'standard' }) });
    await step('purchase');
    expect(screen.queryByRole('radio', { name: /1개월/ })).toBeNull();
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
  });

  it('a subscribed person with no larger plan to move to, choosing the one-month plan, is told the rule, and nothing is charged', async () => {
    const api = server({ subscription: true, subscriptionType: 'business' });
    renderApp({ path: '/settings/subscription?step=purchase', auth: signedIn({ subscription: true, subscriptionType: 'business' }) });
    await step('purchase');
    fireEvent.click(screen.getByRole('radio', { name: /^스탠다드 1개월|1개월/ }));
    fireEvent.click(screen.getByRole('button', { name: /결제하기$/ }));
    expect(await screen.findByText('구독 중인 사용자는 1개월 이용권을 구매할 수 없습니다.')).toBeDefined();
    expect(api.posts('/api/subscriptions/subscribe-one-month')).toHaveLength(0);
  });

  it('PortOne: the window is asked with the spec’s fields; its refusal is shown, its payment is sent without DEBUG', async () => {
    const api = server({}, {
      'GET /api/payments/config': json({ provider: 'portone', impCode: 'imp12345678' }),
      'POST /api/subscriptions/subscribe': json({ user: { ...signedIn().user, subscription: true, subscriptionType: 'standard' }, token: 'token-2', position: 3 }),
    });
    let answer: Record<string, unknown> = { success: false, error_msg: '카드 한도 초과' };
    const requestPay = vi.fn((params: Record<string, unknown>, callback: (result: Record<string, unknown>) => void) =>
      callback({ ...answer, merchant_uid: params.merchant_uid }),
    );
    const init = vi.fn();
    window.IMP = { init, request_pay: requestPay };
    try {
      renderApp({ path: '/settings/subscription?step=purchase', auth: signedIn() });
      await step('purchase');
      fireEvent.click(screen.getByRole('button', { name: /결제하기$/ }));
      expect(await screen.findByText('결제가 완료되지 않았습니다: 카드 한도 초과')).toBeDefined();
      expect(init).toHaveBeenCalledWith('imp12345678');
      expect(requestPay.mock.calls[0]![0]).toMatchObject({
        pay_method: 'card',
        amount: priceOf('standard', new Date()),
        buyer_email: 'traveller@example.com',
        buyer_name: '김여행',
        name: 'PocketGuide 스탠다드 (1개월)',
      });
      expect(String(requestPay.mock.calls[0]![0].merchant_uid)).toMatch(/^pg_purchase_/);
      expect(api.posts('/api/subscriptions/subscribe')).toHaveLength(0);

      answer = { success: true, imp_uid: 'imp_123' };
      fireEvent.click(screen.getByRole('button', { name: /결제하기$/ }));
      await step('paid');
      const body = api.posts('/api/subscriptions/subscribe')[0]!.body as Record<string, unknown>;
      expect(body).toMatchObject({ imp_uid: 'imp_123', plan: 'standard', billingCycle: 'month' });
      expect(body).not.toHaveProperty('DEBUG');
    } finally {
      delete window.IMP;
    }
  });

  it('paid step: plan, Monthly, the card with Change Payment Method; unsubscribe shows its notes, a refusal, then succeeds', async () => {
    const subscribed = { subscription: true, subscriptionType: 'standard', paymentMethod: '신한카드', expiresAt: '2099-03-05T00:00:00.000Z' } as const;
    let refuse = true;
    const api = server(subscribed, {
      'POST /api/subscriptions/unsubscribe': () =>
        refuse
          ? problem({ status: 503, code: 'payment_provider_unavailable', message: PAYMENT_MESSAGES.providerUnavailable })
          : json({ user: { ...signedIn({ language: 'en' }).user, ...subscribed, subscription: false }, token: 'token-3', position: 50 }),
      'POST /api/subscriptions/change-payment-method': json({ user: { ...signedIn({ language: 'en' }).user, ...subscribed, paymentMethod: '국민카드' }, token: 'token-card', position: 4 }),
    });
    const { sessionStore } = renderApp({ path: '/settings/subscription', language: 'en', auth: signedIn({ ...subscribed, language: 'en' }) });
    await step('paid');
    expect(screen.getByText('You are on the Standard plan.')).toBeDefined();
    expect(screen.getByText('Monthly')).toBeDefined();
    expect(screen.getByText('신한카드')).toBeDefined();
    expect(screen.getByText(/charged automatically every month on the expiry day/)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Change Payment Method' }));
    expect(await screen.findByText('국민카드')).toBeDefined();
    expect(screen.getByText('Your payment method was changed.')).toBeDefined();
    const change = api.posts('/api/subscriptions/change-payment-method')[0]!.body as Record<string, unknown>;
    expect(change).toMatchObject({ DEBUG: true });
    expect(Object.keys(change).sort()).toEqual(['DEBUG', 'customer_uid', 'imp_uid']);
    expect(sessionStore.get()?.token).toBe('token-card');

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await step('unsubscribe');
    expect(screen.getByText(/at the end of the billing cycle, on 2099\.03\.05/)).toBeDefined();
    expect(screen.getByText('You can subscribe again at any time.')).toBeDefined();
    expect(screen.getByText('Your data is kept for 6 months after you unsubscribe.')).toBeDefined();
    const confirm = within(document.querySelector('[data-step="unsubscribe"]')!).getByRole('button', { name: 'Unsubscribe' });
    fireEvent.click(confirm);
    expect(await screen.findByText(PAYMENT_MESSAGES.providerUnavailable)).toBeDefined();
    expect(sessionStore.get()?.subscription).toBe(true);

    refuse = false;
    fireEvent.click(confirm);
    await step('paid');
    expect(sessionStore.get()).toMatchObject({ subscription: false, token: 'token-3' });
    expect(screen.getByText(/Your subscription was cancelled and ends on 2099\.03\.05/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('a free trial sent to ?step=unsubscribe is not offered Unsubscribe: it sees its own step', async () => {
    const trial = { subscription: false, subscriptionType: 'free' } as const;
    server(trial);
    renderApp({ path: '/settings/subscription?step=unsubscribe', auth: signedIn(trial) });
    await step('free');
    expect(document.querySelector('[data-step="unsubscribe"]')).toBeNull();
    expect(screen.queryByRole('button', { name: '구독 해지' })).toBeNull();
  });

  it('one-month step: the plan and its end, a payment history button; Cancel on unsubscribe goes back', async () => {
    const onemonth = { subscription: true, subscriptionType: 'onemonth', expiresAt: '2099-04-10T00:00:00.000Z' } as const;
    server(onemonth);
    const { router } = renderApp({ path: '/settings/subscription', auth: signedIn(onemonth) });
    await step('onemonth');
    expect(screen.getByText('1개월 이용권을 이용 중입니다.')).toBeDefined();
    expect(screen.getByText(/2099\.04\.10에 자동으로 구독이 종료됩니다/)).toBeDefined();
    expect(screen.getByRole('button', { name: '결제 내역' })).toBeDefined();
    await router.navigate('/settings/subscription?step=unsubscribe');
    await step('unsubscribe');
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    await step('onemonth');
  });

  it('payment history: ten a page numbered across pages, company, plan and status badges; an empty list and a failed one', async () => {
    server({}, {
      'GET /api/payments': (request) => json(orderPage(Number(request.url.searchParams.get('page')), 12)),
    });
    renderApp({ path: '/settings/subscription?step=paymentHistory', auth: signedIn() });
    await step('paymentHistory');
    const rows = await waitFor(() => {
      const found = document.querySelectorAll('tbody tr');
      expect(found).toHaveLength(10);
      return found;
    });
    expect(rows[0]!.textContent).toContain('포켓트래블');
    expect(rows[0]!.textContent).toContain('스탠다드');
    expect(rows[0]!.textContent).toContain('결제 완료');
    expect(rows[0]!.querySelector('td')!.textContent).toContain('1');
    expect(screen.getByText('총 12건')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(2));
    const numbers = [...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')!.textContent!.replace(/\D/g, ''));
    expect(numbers).toEqual(['11', '12']);
    const link = screen.getByRole('link', { name: '11번 결제 상세 보기' });
    expect(link.getAttribute('href')).toBe('/users/user-1/payments/pg_11');
  });

  it('payment history: the empty state, and ‘Something went wrong’ when the list fails', async () => {
    let fail = false;
    server({}, {
      'GET /api/payments': () => (fail ? problem({ status: 500, code: 'internal_error', message: 'boom' }) : json(orderPage(1, 0))),
    });
    const first = renderApp({ path: '/settings/subscription?step=paymentHistory', language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByText('No payments yet')).toBeDefined();
    first.unmount();
    fail = true;
    renderApp({ path: '/settings/subscription?step=paymentHistory', language: 'en', auth: signedIn({ language: 'en' }) });
    expect(await screen.findByText(/Something went wrong/)).toBeDefined();
  });
});
