import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../testing/i18n.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { json, stubFetch } from '../../testing/fake-api.ts';
import {
  isUpdateBannerSuppressed,
  UPDATE_BANNER_STORAGE_KEY,
  UPDATE_BANNER_VERSION,
  UpdateBanner,
} from './update-banner.tsx';
import { WAIT } from '../../testing/wait-budget.ts';

/** the first render loads the route's code: slow on a busy machine */

describe('update banner', () => {
  it('announces version 1.1.0, the redesign and the new prices from 1 November 2025', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login' });
    const banner = await screen.findByRole('region', { name: '업데이트 안내' }, WAIT);
    expect(banner.textContent).toContain('포켓가이드가 새로워졌습니다');
    expect(banner.textContent).toContain('v1.1.0');
    expect(banner.textContent).toContain('2025년 11월 1일');
    expect(banner.textContent).toContain('스탠다드 50,000원 · 프로 150,000원 · 비즈니스 330,000원');
  });

  it('in English, with the prices in won', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login', language: 'en' });
    const banner = await screen.findByRole('region', { name: 'What’s new' }, WAIT);
    expect(banner.textContent).toContain('1 November 2025');
    expect(banner.textContent).toContain('Standard ₩50,000 · Pro ₩150,000 · Business ₩330,000');
  });

  it('closing keeps it closed: the next visit shows no banner, until a new version is announced', async () => {
    stubFetch(() => json({}));
    const { unmount } = renderApp({ path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: '업데이트 안내 닫기' }, WAIT));
    expect(screen.queryByRole('region', { name: '업데이트 안내' })).toBeNull();
    expect(localStorage.getItem(UPDATE_BANNER_STORAGE_KEY)).toBe('1');
    expect(UPDATE_BANNER_STORAGE_KEY).toContain(UPDATE_BANNER_VERSION);
    unmount();

    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    expect(screen.queryByRole('region', { name: '업데이트 안내' })).toBeNull();
    // an older version's dismissal does not hide this one
    localStorage.clear();
    localStorage.setItem('pocketguide.updateBanner.1.0.0.hidden', '1');
    expect(isUpdateBannerSuppressed()).toBe(false);
  });

  it('says the new prices apply from the day before it, and have applied since the day after', () => {
    stubFetch(() => json({}));
    const i18n = createI18n('en');
    const at = (now: Date) =>
      render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <UpdateBanner now={() => now} />
          </MemoryRouter>
        </I18nextProvider>,
      );
    const before = at(new Date(2025, 9, 20));
    expect(before.container.textContent).toContain('New monthly prices apply from 1 November 2025.');
    before.unmount();
    const after = at(new Date(2026, 10, 25));
    expect(after.container.textContent).toContain('New monthly prices have applied since 1 November 2025.');
    expect(after.container.textContent).not.toContain('apply from');
    expect(after.container.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('in Korean, today: the prices are reported as applied', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login' });
    const banner = await screen.findByRole('region', { name: '업데이트 안내' }, WAIT);
    expect(banner.textContent).toContain('2025년 11월 1일부터 새 월 요금이 적용되고 있습니다.');
  });

  it('is not shown on the mobile viewer (/m/) or on guidebook previews (/guidebooks/preview/)', async () => {
    stubFetch(() => json({}));
    const { unmount } = renderApp({ path: '/m/abc123' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: '업데이트 안내' })).toBeNull();
    unmount();
    renderApp({ path: '/guidebooks/preview/gb-1' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: '업데이트 안내' })).toBeNull();
  });
});
