import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { KAKAO_KEY_META, VIEWER_DATA_ELEMENT_ID, type ViewerAnswer } from '@pocketguide/contracts/viewer/viewer-shapes';
import { VIEWER_TEXTS, type ViewerLanguage } from '@pocketguide/contracts/viewer/viewer-texts';
import { escapeHtml } from '@pocketguide/contracts/viewer/html';
import { renderScreen, type RenderContext, type ViewerScreen } from '@pocketguide/contracts/viewer/render-viewer';

/**
 * The first response of a reader's page: the screen already drawn (cover, content page, gate or 'Not Found'),
 * the link-preview tags, the viewer's own small script and its styles inlined (one round trip to first paint),
 * and the guidebook as JSON so the script starts without a second request. A guidebook behind a password gets
 * the gate and a title-only preview; its content is in neither the markup nor the JSON.
 */

export type ViewerAssets = {
  /** the built entry's `<script type="module">` and `<link rel="modulepreload">` tags */
  scripts: string;
  /** the built viewer stylesheet, fonts' `@font-face` included */
  css: string;
};

const NO_ASSETS: ViewerAssets = { scripts: '', css: '' };

/**
 * Reads `viewer.html` as Vite built it (hashed names) and the stylesheet it links. Without a built web app the
 * pages still render (tests of the API and of the markup need no bundle); they just carry no script.
 */
export function loadViewerAssets(webDist: string): ViewerAssets {
  const template = resolve(webDist, 'viewer.html');
  if (!existsSync(template)) return NO_ASSETS;
  const html = readFileSync(template, 'utf8');
  const scripts = [...html.matchAll(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g)]
    .map((match) => match[0])
    .join('');
  let css = '';
  for (const [, href = ''] of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)) {
    const file = resolve(webDist, `.${href}`);
    // Only files inside the built folder, whatever the template says.
    if (file.startsWith(resolve(webDist)) && existsSync(file)) css += readFileSync(file, 'utf8');
  }
  return { scripts, css: css.replace(/<\/style/gi, '<\\/style') };
}

/**
 * The reader's page with Kakao's JavaScript app key in a `<meta>` (KAKAO_JS_APP_KEY): the viewer's share sheet
 * then draws its KakaoTalk button, and loads Kakao's SDK only when it is pressed. Without a key: unchanged.
 */
export function withKakaoKey(assets: ViewerAssets, key: string | null): ViewerAssets {
  return key === null
    ? assets
    : { ...assets, scripts: `<meta name="${KAKAO_KEY_META}" content="${escapeHtml(key)}">${assets.scripts}` };
}

/** JSON that is safe inside a `<script>` element whatever strings the guidebook holds. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type PageMeta = {
  title: string;
  /** absolute address of this page */
  url: string;
  /** omitted for a guidebook behind a password: nothing of its content leaks into link previews */
  description?: string;
  /** absolute address of the preview picture */
  image?: string;
  /** previews and 'Not Found' are not for search engines */
  noindex?: boolean;
};

export type ViewerPageInput = {
  lang: ViewerLanguage;
  screen: ViewerScreen;
  context: RenderContext;
  data: ViewerAnswer | null;
  meta: PageMeta;
  assets: ViewerAssets;
};

function metaTags(meta: PageMeta, lang: ViewerLanguage): string {
  const brand = VIEWER_TEXTS[lang].brand;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', brand],
    ['property', 'og:title', meta.title],
    ['property', 'og:url', meta.url],
    ['property', 'og:locale', lang === 'ko' ? 'ko_KR' : 'en_US'],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
  ];
  if (meta.description)
    tags.push(
      ['name', 'description', meta.description],
      ['property', 'og:description', meta.description],
      ['name', 'twitter:description', meta.description],
    );
  if (meta.image) tags.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
  if (meta.noindex) tags.push(['name', 'robots', 'noindex']);
  return tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`).join('');
}

export function viewerPageHtml({ lang, screen, context, data, meta, assets }: ViewerPageInput): string {
  const title =
    screen.kind === 'not-found' ? `${VIEWER_TEXTS[lang].notFoundTitle} · ${VIEWER_TEXTS[lang].brand}` : meta.title;
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    '<meta name="theme-color" content="#0e7268">',
    `<title>${escapeHtml(title)}</title>`,
    metaTags(meta, lang),
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    assets.css === '' ? '' : `<style>${assets.css}</style>`,
    assets.scripts,
    `</head><body><div id="viewer" class="pg-root">${renderScreen(screen, context)}</div>`,
    data ? `<script type="application/json" id="${VIEWER_DATA_ELEMENT_ID}">${inlineJson(data)}</script>` : '',
    '</body></html>',
  ].join('');
}
