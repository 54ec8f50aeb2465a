import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardSummary } from '@pocketguide/contracts/dashboard/dashboard-summary';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch } from '../../../testing/fake-api.ts';
import { signedInAdmin } from '../../../testing/sessions.ts';
import { WAIT } from '../../../testing/wait-budget.ts';

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

function summaryOf(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    asOf: '2026-11-25T03:00:00.000Z',
    today: '2026-11-25',
    month: '2026-11',
    replayed: false,
    usersTotal: 1200,
    usersToday: 3,
    paidUsers: 400,
    conversionRate: 33.3,
    activeUsers: 900,
    inactiveUsers: 250,
    hiddenUsers: 50,
    activeRate: 75,
    freeUsers: 800,
    standardUsers: 250,
    proUsers: 100,
    businessUsers: 40,
    plans: { free: 800, mini: 0, standard: 250, pro: 100, business: 40, enterprise: 10, onemonth: 0 },
    guidebooksTotal: 3000,
    guidebooksToday: 7,
    publishedGuidebooks: 1500,
    publicGalleryGuidebooks: 300,
    publishedRate: 50,
    publicGalleryRate: 20,
    paymentsToday: 150_000,
    paymentsTotal: 12_345_000,
    paymentsThisMonth: 2_500_000,
    mrr: 31_000_000,
    usersTrend: months.map((month, k) => ({ month, paidUsers: 300 + k * 9 })),
    guidebooksTrend: months.map((month, k) => ({ month, total: 2000 + k * 90 })),
    paymentsTrend: months.map((month, k) => ({ month, amount: k === 3 ? 0 : 1_000_000 + k * 100_000 })),
    ...overrides,
  };
}

const admin = signedInAdmin();

function answer(summary: DashboardSummary | (() => Response)) {
  return stubFetch((request) => {
    if (request.url.pathname === '/api/admin/dashboard')
      return typeof summary === 'function' ? summary() : json(summary);
    return problem({ status: 404, code: 'not_found', message: 'Not Found' });
  });
}

describe('/admin/dashboard', () => {
  it('shows a spinner, then the four headline cards, the plans, the guidebooks, the key metrics and the shortcuts', async () => {
    let release: (response: Response) => void = () => {};
    stubFetch((request) =>
      request.url.pathname === '/api/admin/dashboard'
        ? new Promise<Response>((resolve) => (release = resolve))
        : problem({ status: 404, code: 'not_found', message: 'Not Found' }),
    );
    renderApp({ path: '/admin/dashboard', auth: admin });
    expect((await screen.findByText('대시보드를 불러오는 중')).closest('[role="status"]')).toBeTruthy();
    release(json(summaryOf()));

    const cards = await screen.findByRole('list', { name: '주요 지표' });
    const links = within(cards).getAllByRole('link');
    // every counted figure opens the list whose total it is (members only, "today" as today=true)
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['전체 회원1,200명', '/admin/users?role=user'],
      ['오늘 +3', '/admin/users?role=user&today=true'],
      ['전체 가이드북3,000개', '/admin/guidebooks'],
      ['오늘 +7', '/admin/guidebooks?today=true'],
      ['유료 회원400명', '/admin/users?role=user&paid=true'],
      ['월 반복 매출(MRR)31,000,000원', '/admin/payments'],
    ]);
    expect(cards.textContent).toContain('유료 전환율 33.3%');
    expect(cards.textContent).toContain('오늘 +150,000원');

    const plans = screen.getByRole('table', { name: '요금제별 회원' });
    const rows = within(plans).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '무료 체험800명66.7%',
      '스탠다드250명20.8%',
      '프로100명8.3%',
      '비즈니스40명3.3%',
      '엔터프라이즈10명0.8%',
      '합계1,200명100.0%',
    ]);
    expect(within(plans).getByRole('link', { name: '프로' }).getAttribute('href')).toBe(
      '/admin/users?role=user&subscriptionType=pro',
    );

    const guidebooks = screen.getByRole('table', { name: '가이드북 현황' });
    expect(
      within(guidebooks)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['전체3,000개', '게시 중1,500개50.0%', '공개 갤러리300개20.0%', '오늘 만든 가이드북7개']);
    expect(within(guidebooks).getByRole('link', { name: '게시 중' }).getAttribute('href')).toBe(
      '/admin/guidebooks?status=published',
    );
    expect(within(guidebooks).getByRole('link', { name: '공개 갤러리' }).getAttribute('href')).toBe(
      '/admin/guidebooks?status=public-gallery',
    );
    expect(within(guidebooks).getByRole('link', { name: '오늘 만든 가이드북' }).getAttribute('href')).toBe(
      '/admin/guidebooks?today=true',
    );

    const metrics = screen.getByRole('region', { name: '핵심 지표' });
    expect(within(metrics).getByRole('link', { name: '활성 회원' }).getAttribute('href')).toBe(
      '/admin/users?role=user&status=active',
    );
    expect(metrics.textContent).toContain('활성 회원900명전체 회원의 75.0%');
    expect(metrics.textContent).toContain('누적 매출1,234.5만원');
    expect(metrics.textContent).toContain('11월 매출2,500,000원');

    expect(screen.getByRole('heading', { name: '최근 12개월 추이' })).toBeTruthy();
    const shortcuts = screen.getByRole('navigation', { name: '바로 가기' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['회원 관리', '/admin/users'],
      ['가이드북 관리', '/admin/guidebooks'],
      ['결제 관리', '/admin/payments'],
      ['메시지 관리', '/admin/messages'],
    ]);
    // the charts come in their own chunk (here at once: jsdom has no IntersectionObserver to wait for), in the room
    // kept for them, which has their three titles
    await waitFor(() => expect(document.querySelectorAll('.recharts-responsive-container')).toHaveLength(3), WAIT);
    expect(screen.getByText('월말 가이드북 수')).toBeTruthy();
    expect(screen.getByText('월말 유료 회원 수')).toBeTruthy();
    expect(screen.getByText('월별 결제 금액')).toBeTruthy();
  });

  it('asks for the day chosen in the address and says it shows that day', async () => {
    const requests = answer(
      summaryOf({ replayed: true, today: '2026-10-31', month: '2026-10', asOf: '2026-10-31T14:59:59.999Z' }),
    );
    renderApp({ path: '/admin/dashboard?asOf=2026-10-31', auth: admin });
    expect(await screen.findByText(/2026\.10\.31 하루가 끝난 시점의 대시보드입니다/)).toBeTruthy();
    const call = requests.find((request) => request.url.pathname === '/api/admin/dashboard')!;
    expect(call.url.searchParams.get('asOf')).toBe('2026-10-31');
    expect(screen.getByTestId('dashboard-as-of').textContent).toContain('2026.10.31');
    fireEvent.click(screen.getByRole('button', { name: /지금 기준으로 보기/ }));
    await waitFor(() =>
      expect(
        requests.filter(
          (request) => request.url.pathname === '/api/admin/dashboard' && !request.url.searchParams.has('asOf'),
        ),
      ).toHaveLength(1),
    );
  });

  it('says so when the figures cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const requests = answer(() =>
      fail ? problem({ status: 500, code: 'internal', message: 'boom' }) : json(summaryOf()),
    );
    renderApp({ path: '/admin/dashboard', auth: admin });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('대시보드를 불러오지 못했습니다');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('list', { name: '주요 지표' })).toBeTruthy();
    expect(requests.filter((request) => request.url.pathname === '/api/admin/dashboard')).toHaveLength(2);
  });

  it('speaks English', async () => {
    answer(summaryOf({ usersTotal: 1, usersToday: 1, paidUsers: 1, conversionRate: 100 }));
    renderApp({ path: '/admin/dashboard', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    const cards = await screen.findByRole('list', { name: 'Headline figures' });
    expect(cards.textContent).toContain('Total users1 user');
    expect(cards.textContent).toContain('Conversion 100.0%');
    expect(cards.textContent).toContain('₩31,000,000');
    expect(screen.getByRole('region', { name: 'Key metrics' }).textContent).toContain('Revenue in November₩2,500,000');
  });
});
