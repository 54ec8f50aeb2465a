import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../testing/render-app.tsx';
import { json, stubFetch } from '../../testing/fake-api.ts';
import { AppProvider } from '../provider.tsx';
import { createI18n } from '../../testing/i18n.ts';
import { SUPPORT_CHAT_SCRIPT_ID } from './support-chat.tsx';
import { isUnsupportedBrowser, UnsupportedBrowserBanner } from './unsupported-browser-banner.tsx';

describe('unsupported browser banner', () => {
  it('recognises Internet Explorer and the old Edge, not the current browsers', () => {
    expect(isUnsupportedBrowser('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isUnsupportedBrowser('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763',
      ),
    ).toBe(true);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe(false);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
  });

  it('recommends Chrome or Safari, in Korean and in English', () => {
    const legacyEdge = 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/70.0 Safari/537.36 Edge/18.17763';
    const { unmount } = render(
      <AppProvider i18n={createI18n('ko')}>
        <UnsupportedBrowserBanner userAgent={legacyEdge} />
      </AppProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Chrome 또는 Safari');
    unmount();
    render(
      <AppProvider i18n={createI18n('en')}>
        <UnsupportedBrowserBanner userAgent={legacyEdge} />
      </AppProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Please use Chrome or Safari');
  });
});

describe('support chat', () => {
  it('loads no script unless the build names one', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    expect(document.getElementById(SUPPORT_CHAT_SCRIPT_ID)).toBeNull();
  });

  it('loads the configured script once, asynchronously', async () => {
    stubFetch(() => json({}));
    renderApp({
      path: '/login',
      config: { supportChatUrl: 'https://chat.example.com/widget.js', thumbnailProxies: [] },
    });
    await screen.findByRole('heading', { name: '다시 오신 것을 환영합니다' });
    // Added by an effect, which may run just after the heading shows.
    await waitFor(() => expect(document.querySelectorAll(`#${SUPPORT_CHAT_SCRIPT_ID}`)).toHaveLength(1));
    const scripts = document.querySelectorAll(`#${SUPPORT_CHAT_SCRIPT_ID}`);
    expect((scripts[0] as HTMLScriptElement).src).toBe('https://chat.example.com/widget.js');
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    scripts[0]?.remove();
  });
});
