import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../testing/render-app.tsx';
import { json, stubFetch } from '../../testing/fake-api.ts';
import { UPDATE_BANNER_STORAGE_KEY } from './update-banner.tsx';

describe('update banner', () => {
  it('announces version 1.1.0, the redesign and the new prices from 1 November 2025', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login' });
    const banner = await screen.findByRole('region', { name: '업데이트 안내' });
    expect(banner.textContent).toContain('포켓가이드가 새로워졌습니다');
    expect(banner.textContent).toContain('v1.1.0');
    expect(banner.textContent).toContain('2025년 11월 1일');
    expect(banner.textContent).toContain('스탠다드 50,000원 · 프로 150,000원 · 비즈니스 330,000원');
  });

  it('in English, with the prices in won', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login', language: 'en' });
    const banner = await screen.findByRole('region', { name: 'What’s new' });
    expect(banner.textContent).toContain('1 November 2025');
    expect(banner.textContent).toContain('Standard ₩50,000 · Pro ₩150,000 · Business ₩330,000');
  });

  it('close hides it for this visit only', async () => {
    stubFetch(() => json({}));
    const { unmount } = renderApp({ path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: '업데이트 안내 닫기' }));
    expect(screen.queryByRole('region', { name: '업데이트 안내' })).toBeNull();
    expect(localStorage.getItem(UPDATE_BANNER_STORAGE_KEY)).toBeNull();
    unmount();
    renderApp({ path: '/login' });
    expect(await screen.findByRole('region', { name: '업데이트 안내' })).toBeDefined();
  });

  it('"do not show again" stores the suppression key, and a later visit shows no banner', async () => {
    stubFetch(() => json({}));
    const { unmount } = renderApp({ path: '/login' });
    fireEvent.click(await screen.findByRole('checkbox', { name: '다시 보지 않기' }));
    expect(localStorage.getItem(UPDATE_BANNER_STORAGE_KEY)).toBe('1');
    fireEvent.click(screen.getByRole('checkbox', { name: '다시 보지 않기' }));
    expect(localStorage.getItem(UPDATE_BANNER_STORAGE_KEY)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: '다시 보지 않기' }));
    fireEvent.click(screen.getByRole('button', { name: '업데이트 안내 닫기' }));
    unmount();

    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    expect(screen.queryByRole('region', { name: '업데이트 안내' })).toBeNull();
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
