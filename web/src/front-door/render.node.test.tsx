// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { firstLines } from './first-lines.ts';
import { PRERENDERED_LANGUAGES, PRERENDERED_PATHS, renderFrontDoorPage } from './render.tsx';

vi.mock('react-router', () => import('./shims/react-router.tsx'));
vi.mock('react-i18next', () => import('./shims/react-i18next.tsx'));
vi.mock('i18next', () => import('./shims/i18next.ts'));
vi.mock('@tanstack/react-query', () => import('./shims/react-query.ts'));
vi.mock('sonner', () => import('./shims/sonner.tsx'));

describe('the front door drawn where there is no browser (the build)', () => {
  it('draws every page in every language with no window, document or storage', () => {
    expect(typeof window).toBe('undefined');
    for (const language of PRERENDERED_LANGUAGES) {
      for (const path of PRERENDERED_PATHS) {
        const { html, title } = renderFrontDoorPage(path, language);
        expect(html, `${path} ${language}`).toContain('<main');
        expect(title.length).toBeGreaterThan(0);
        // no text key left untranslated
        expect(html).not.toMatch(/>\s*(landing|login|signup|footer|updateBanner)\.[a-zA-Z.]+\s*</);
      }
    }
  });

  it('draws the sample as a card for phones and a frame kept empty for wide screens (no layout shift when it fills)', () => {
    const { html } = renderFrontDoorPage('/', 'ko');
    expect(html).not.toContain('<iframe');
    expect(html).toContain('/sample/jeju-coast-small.jpg');
    expect(html).toMatch(/h-\[560px\] w-\[360px\]/);
  });

  it('the first lines: a session hides the page, a closed banner stays closed, Pretendard is asked for once cached', () => {
    const lines = firstLines('/assets/fonts-x.css');
    expect(lines).toContain('"pocketguide.session"');
    expect(lines).toContain('html[data-session] #root{visibility:hidden}');
    expect(lines).toContain('"/assets/fonts-x.css"');
    expect(firstLines(undefined)).not.toContain('fonts');
  });
});
