import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_AT_RECHECK_MS, builtAt, viewerAssetPaths } from './viewer-assets.ts';
import { loadViewerAssets } from './viewer-html.ts';

const dist = mkdtempSync(join(tmpdir(), 'viewer-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built viewer', () => {
  it('names its script, styles and the chunks its script loads; nothing of the app', () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'viewer.html'),
      '<head><script type="module" crossorigin src="/assets/viewer-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/preload-helper-b2.js"><link rel="stylesheet" crossorigin href="/assets/viewer-c3.css"></head>',
    );
    writeFileSync(join(dist, 'index.html'), '<script type="module" src="/assets/main-z9.js"></script>');
    writeFileSync(
      join(dist, 'assets/viewer-a1.js'),
      'import"./preload-helper-b2.js";const m=["assets/fonts-d4.js","assets/pretendard-e5.css"];',
    );
    writeFileSync(join(dist, 'assets/preload-helper-b2.js'), 'export{}');
    writeFileSync(join(dist, 'assets/fonts-d4.js'), 'export{}');
    writeFileSync(join(dist, 'assets/pretendard-e5.css'), '@font-face{}');
    writeFileSync(join(dist, 'assets/viewer-c3.css'), '.pg-root{max-width:435px}</style>');
    writeFileSync(join(dist, 'assets/main-z9.js'), 'export{}');
    expect([...viewerAssetPaths(dist)].sort()).toEqual([
      '/assets/fonts-d4.js',
      '/assets/preload-helper-b2.js',
      '/assets/pretendard-e5.css',
      '/assets/viewer-a1.js',
      '/assets/viewer-c3.css',
    ]);
    const assets = loadViewerAssets(dist);
    expect(assets.scripts).toBe(
      '<script type="module" crossorigin src="/assets/viewer-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/preload-helper-b2.js">',
    );
    // inlined, and unable to close its own style element
    expect(assets.css).toBe('.pg-root{max-width:435px}<\\/style>');
  });

  it('without a built web app: no script, no styles, nothing to serve', () => {
    expect(loadViewerAssets(join(dist, 'missing'))).toEqual({ scripts: '', css: '' });
    expect(viewerAssetPaths(join(dist, 'missing')).size).toBe(0);
  });

  it('looks at when it was built at most once a second: a rebuild shows within that', () => {
    const folder = mkdtempSync(join(dist, 'built-'));
    expect(builtAt(folder, 1_000_000)).toBe(0);
    writeFileSync(join(folder, 'viewer.html'), '<head></head>');
    utimesSync(join(folder, 'viewer.html'), 1_700_000_000, 1_700_000_000);
    expect(builtAt(folder, 1_000_000 + BUILT_AT_RECHECK_MS - 1)).toBe(0);
    expect(builtAt(folder, 1_000_000 + BUILT_AT_RECHECK_MS)).toBe(1_700_000_000_000);
  });
});
