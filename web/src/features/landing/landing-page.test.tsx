import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../testing/render-app.tsx';
import { json, stubFetch } from '../../testing/fake-api.ts';
import { signedIn, signedInAdmin } from '../../testing/sessions.ts';
import { monthlyPriceKrw, NEW_PRICES_FROM } from './plans.ts';
import { WAIT } from '../../testing/wait-budget.ts';

const emptyList = { results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 };
/** Lazy routes load on first use; a busy machine may take a few seconds. */
const SLOW = WAIT;

// Prices depend on the day (the announced prices apply from 1 November 2025): read the page on a fixed one.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T09:00:00+09:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

function planCard(plan: string): HTMLElement {
  const card = document.querySelector<HTMLElement>(`[data-plan="${plan}"]`);
  if (!card) throw new Error(`no ${plan} card`);
  return card;
}

describe('the front door (/ signed out)', () => {
  it('in Korean: what the product is, a live sample, plans with monthly won prices and VAT, signup, terms and privacy', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: /모바일 가이드북으로/ }, SLOW)).toBeDefined();
    expect(document.title).toBe('포켓가이드 · 모바일 여행 가이드북 빌더');
    const main = within(screen.getByRole('main'));
    for (const part of [
      '표지',
      '메뉴 타일',
      '명소',
      '날짜별 일정',
      '준비물',
      '항공권',
      '짧은 링크',
      'QR 코드',
      '비밀번호 (선택)',
      '공개 갤러리',
    ]) {
      expect(main.getByRole('heading', { level: 3, name: part })).toBeDefined();
    }
    // a sign-up call to action first, then the live sample (the reader's page, no sign-in), then log in
    const signups = main.getAllByRole('link', { name: '무료로 시작하기' });
    expect(signups[0]?.getAttribute('href')).toBe('/signup');
    expect(main.getByRole('link', { name: '샘플 가이드북 보기' }).getAttribute('href')).toBe('/m/sample?lang=ko');
    expect(main.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/login');
    expect(main.getByRole('link', { name: '공개 갤러리 둘러보기' }).getAttribute('href')).toBe('/public-guidebooks');

    expect(main.getByRole('heading', { level: 2, name: '요금제' })).toBeDefined();
    expect(planCard('mini').textContent).toBe('미니11,000원/월');
    expect(planCard('standard').textContent).toBe('스탠다드추천50,000원/월');
    expect(planCard('pro').textContent).toBe('프로150,000원/월');
    expect(planCard('business').textContent).toBe('비즈니스330,000원/월');
    expect(main.getByText(/부가세\(VAT\) 10% 포함 가격입니다/)).toBeDefined();
    expect(main.getByText(/14일 무료 체험/)).toBeDefined();

    expect(main.getByRole('link', { name: '이용약관' }).getAttribute('href')).toBe('/terms');
    expect(main.getByRole('link', { name: '개인정보처리방침' }).getAttribute('href')).toBe('/privacy');
  });

  it('in English, the same page speaks English; prices as ₩ per month', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: /mobile guidebook/ }, SLOW)).toBeDefined();
    const main = within(screen.getByRole('main'));
    for (const part of [
      'Cover',
      'Menu tiles',
      'Attractions',
      'Day-by-day itinerary',
      'Preparations',
      'Air tickets',
      'Short link',
      'QR code',
    ]) {
      expect(main.getByRole('heading', { level: 3, name: part })).toBeDefined();
    }
    expect(main.getAllByRole('link', { name: 'Start free' })[0]?.getAttribute('href')).toBe('/signup');
    expect(main.getByRole('link', { name: 'Open a sample guidebook' }).getAttribute('href')).toBe('/m/sample?lang=en');
    expect(planCard('mini').textContent).toBe('Mini₩11,000/ month');
    expect(planCard('standard').textContent).toBe('StandardPopular₩50,000/ month');
    expect(planCard('business').textContent).toBe('Business₩330,000/ month');
    expect(main.getByText(/Prices include 10% VAT/)).toBeDefined();
    expect(main.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(main.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('the sign-up call to action opens the signup form, whose consent box links the same pages', async () => {
    stubFetch(() => json({}));
    const { router } = renderApp({ path: '/', language: 'en' });
    fireEvent.click((await screen.findAllByRole('link', { name: 'Start free' }, SLOW))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'), SLOW);
    expect(
      await screen.findByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }, SLOW),
    ).toBeDefined();
  });

  it('signed-in people still go where they work', async () => {
    stubFetch(() => json(emptyList));
    const user = renderApp({ path: '/', auth: signedIn() });
    await waitFor(() => expect(user.router.state.location.pathname).toBe('/guidebooks/recent'), SLOW);
    user.unmount();
    const admin = renderApp({ path: '/', auth: signedInAdmin() });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/admin/dashboard'), SLOW);
  });
});

describe('plan prices', () => {
  it('the catalogue until 1 November 2025 (Korean time), then the prices the update banner announces; mini keeps its price', () => {
    const before = new Date(NEW_PRICES_FROM.getTime() - 1);
    expect([
      monthlyPriceKrw('mini', before),
      monthlyPriceKrw('standard', before),
      monthlyPriceKrw('pro', before),
      monthlyPriceKrw('business', before),
    ]).toEqual([11_000, 33_000, 110_000, 220_000]);
    expect(NEW_PRICES_FROM.toISOString()).toBe('2025-10-31T15:00:00.000Z');
    const from = NEW_PRICES_FROM;
    expect([
      monthlyPriceKrw('mini', from),
      monthlyPriceKrw('standard', from),
      monthlyPriceKrw('pro', from),
      monthlyPriceKrw('business', from),
    ]).toEqual([11_000, 50_000, 150_000, 330_000]);
  });
});

describe('terms of service and privacy policy', () => {
  it('/terms and /privacy are open to everyone, in Korean and in English, and link each other', async () => {
    stubFetch(() => json({}));
    const ko = renderApp({ path: '/terms' });
    expect(await screen.findByRole('heading', { level: 1, name: '포켓가이드 이용약관' }, SLOW)).toBeDefined();
    // the footer of every page links both too
    const footer = within(document.querySelector('body footer')!);
    expect(footer.getByRole('link', { name: '이용약관' }).getAttribute('href')).toBe('/terms');
    expect(footer.getByRole('link', { name: '개인정보처리방침' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('heading', { level: 2, name: '제5조 (무료 체험과 유료 요금제)' })).toBeDefined();
    expect(screen.getByText('시행일: 2026년 11월 25일')).toBeDefined();
    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: '개인정보처리방침' }));
    expect(await screen.findByRole('heading', { level: 1, name: '포켓가이드 개인정보처리방침' }, SLOW)).toBeDefined();
    expect(document.title).toBe('개인정보처리방침 · 포켓가이드');
    ko.unmount();

    renderApp({ path: '/privacy', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'PocketGuide Privacy Policy' }, SLOW)).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: '1. What we collect' })).toBeDefined();
    fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Service' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'PocketGuide Terms of Service' }, SLOW)).toBeDefined();
  });

  it('signed in, the pages are there too', async () => {
    stubFetch(() => json(emptyList));
    renderApp({ path: '/privacy', auth: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: '포켓가이드 개인정보처리방침' }, SLOW)).toBeDefined();
  });
});

describe('a light page', () => {
  // The app's own sources, as text (Vite reads them; the web project has no Node APIs).
  const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const FORBIDDEN = /features\/editor|^slate|react-dnd|recharts|leaflet/;

  /** `base/../x.ts` → `/src/.../x.ts` */
  function resolvePath(from: string, target: string): string {
    const parts = from.split('/').slice(0, -1);
    for (const part of target.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return parts.join('/');
  }

  /** Every module the landing route imports from this app, followed transitively; packages are checked by name. */
  function importsOf(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    const source = sources[file];
    if (source === undefined) throw new Error(`no source for ${file}`);
    seen.add(file);
    for (const [, target] of source.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)) {
      if (!target) continue;
      if (FORBIDDEN.test(target)) throw new Error(`${file} imports ${target}`);
      if (target.startsWith('.')) importsOf(resolvePath(file, target), seen);
    }
    return seen;
  }

  it('the landing route imports no editor, slate, react-dnd, recharts or leaflet code', () => {
    const modules = importsOf('/src/app/routes/landing.tsx');
    expect([...modules]).toContain('/src/features/landing/landing-page.tsx');
    expect(() => importsOf('/src/app/routes/guidebook-editor.tsx')).toThrow(/imports/);
  });
});
