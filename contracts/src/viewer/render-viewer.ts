import type { ContentPage, GuidebookDocument } from '../guidebook/guidebook-document.ts';
import { ICONS, LOGO_MARK, attr, escapeHtml, safeAsset, safeLink } from './html.ts';
import { cardHtml, dayHtml, imageHtml, sectionItemHtml } from './render-items.ts';
import { plainText, richTextHtml } from './render-rich-text.ts';
import type { ViewerCredit, ViewerGuidebook } from './viewer-shapes.ts';
import type { ViewerLanguage, ViewerTexts } from './viewer-texts.ts';

/**
 * The readers' screens as HTML strings (spec 1 §2 Viewer): the cover, a content page, the password gate, the
 * 'Not Found' splash and the loader. One pure module renders both the server's first response and every screen
 * the viewer's script shows afterwards, so what the server sent is exactly what the script would draw (it only
 * binds its handlers) and the two can never drift apart.
 */

export type ViewerLinks = {
  cover: string;
  content(contentId: string): string;
};

export type RenderContext = { lang: ViewerLanguage; texts: ViewerTexts; links: ViewerLinks };

export type ViewerScreen =
  | { kind: 'cover'; guidebook: ViewerGuidebook }
  | { kind: 'content'; guidebook: ViewerGuidebook; contentId: string }
  | { kind: 'gate'; title: string }
  | { kind: 'not-found' }
  | { kind: 'loading' };

/** Identifies what a screen shows, so the script can tell that the server already drew it. */
export function screenKey(screen: ViewerScreen, lang: ViewerLanguage): string {
  switch (screen.kind) {
    case 'cover':
      return `cover:${screen.guidebook.uuid}:${screen.guidebook.updatedAt}:${lang}`;
    case 'content':
      return `content:${screen.guidebook.uuid}:${screen.contentId}:${screen.guidebook.updatedAt}:${lang}`;
    case 'gate':
      return `gate:${lang}`;
    default:
      return `${screen.kind}:${lang}`;
  }
}

const DEFAULT_ICON = (page: Pick<ContentPage, 'contentType'>) => `/icons/default/${page.contentType}.svg`;

function creditHtml(credit: ViewerCredit, texts: ViewerTexts): string {
  if (credit.kind === 'developed') {
    const href = credit.url ? safeLink(credit.url) : null;
    const name = escapeHtml(credit.name);
    return `<p class="pg-credit">${escapeHtml(texts.developedBy)} ${href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${name}</a>` : `<strong>${name}</strong>`}</p>`;
  }
  return `<p class="pg-credit">${escapeHtml(texts.poweredBy)} <a href="/" class="pg-credit-brand">${escapeHtml(texts.brand)}</a></p>`;
}

const shareButton = (texts: ViewerTexts) =>
  `<button type="button" class="pg-icon-button" data-action="share"${attr('aria-label', texts.share)}>${ICONS.share}</button>`;

function coverPart(
  part: GuidebookDocument['subheader'] | GuidebookDocument['footer'],
  className: string,
  alt: string,
  titleLevel: 1 | 2,
): string {
  if (part.type === 'image' && part.image)
    return `<div class="${className} is-image">${imageHtml(part.image, { alt })}</div>`;
  const title =
    plainText(part.title).trim() === ''
      ? ''
      : `<div class="pg-rich pg-part-title">${richTextHtml(part.title, { headingLevel: titleLevel })}</div>`;
  const text =
    plainText(part.text).trim() === '' ? '' : `<div class="pg-rich pg-part-text">${richTextHtml(part.text)}</div>`;
  return title === '' && text === '' ? '' : `<div class="${className}">${title}${text}</div>`;
}

function coverHtml(guidebook: ViewerGuidebook, { texts, links }: RenderContext): string {
  const { document } = guidebook;
  const { header } = document;
  const headerHtml =
    header.type === 'image' && header.image
      ? `<header class="pg-cover-header is-image">${imageHtml(header.image, { alt: guidebook.title, className: 'pg-cover-image', eager: true })}${shareButton(texts)}</header>`
      : `<header class="pg-cover-header">${plainText(header.text).trim() === '' ? '' : `<div class="pg-rich">${richTextHtml(header.text, { headingLevel: 2 })}</div>`}${shareButton(texts)}</header>`;
  // The subheader is the cover's title: the page's one h1, unless it is a picture (then the guidebook title is).
  const subheader = coverPart(document.subheader, 'pg-subheader', guidebook.title, 1);
  const hasHeading = document.subheader.type === 'text' && subheader !== '';
  const heading = hasHeading ? '' : `<h1 class="pg-sr">${escapeHtml(guidebook.title)}</h1>`;
  const tiles = document.contents
    .map((page) => {
      const icon = safeAsset(page.icon) ?? DEFAULT_ICON(page);
      // An untitled page shows its icon only (its placeholder is the editor's, never the reader's).
      const title = page.title.trim();
      return `<li><a class="pg-tile" href="${escapeHtml(links.content(page._id))}" data-nav><img src="${escapeHtml(icon)}" alt="" width="40" height="40" decoding="async">${
        title === '' ? '' : `<span>${escapeHtml(title)}</span>`
      }</a></li>`;
    })
    .join('');
  // Spec 1 §2: the menu shows only when there is at least one content page.
  const menu =
    tiles === ''
      ? ''
      : `<nav class="pg-menu"${attr('aria-label', texts.menu)}><ul class="pg-tiles">${tiles}</ul></nav>`;
  const cards = document.home.cards.map(cardHtml).join('');
  const footer = coverPart(document.footer, 'pg-footer', '', 2);
  return `<div class="pg-screen pg-cover">${headerHtml}${heading}${subheader}${menu}${cards === '' ? '' : `<div class="pg-cards">${cards}</div>`}<footer class="pg-page-footer">${footer}${creditHtml(
    guidebook.credit,
    texts,
  )}</footer></div>`;
}

function pageBody(page: ContentPage, texts: ViewerTexts): string {
  switch (page.contentType) {
    case 'itinerary':
      return page.days.map((day) => dayHtml(day, page, texts)).join('') + sectionsHtml(page, texts);
    case 'attractions':
    case 'preparations':
    case 'airtickets':
      return sectionsHtml(page, texts);
    default: {
      const unknown: never = page.contentType;
      return `<p class="pg-unknown">${escapeHtml(texts.unknownContentType)} ${escapeHtml(String(unknown))}</p>`;
    }
  }
}

function sectionsHtml(page: ContentPage, texts: ViewerTexts): string {
  return page.sections
    .map((section) => {
      const items = section.items.map((item) => sectionItemHtml(item, texts)).join('');
      return items === '' ? '' : `<section class="pg-section">${items}</section>`;
    })
    .join('');
}

function contentHtml(guidebook: ViewerGuidebook, page: ContentPage, { texts, links }: RenderContext): string {
  const bar = `<div class="pg-bar"><a class="pg-bar-back" href="${escapeHtml(links.cover)}" data-nav data-back>${ICONS.back}<span>${escapeHtml(texts.backToCover)}</span></a><span class="pg-bar-title">${escapeHtml(
    guidebook.title,
  )}</span>${shareButton(texts)}</div>`;
  const subtitle = page.subtitle.trim() === '' ? '' : `<p class="pg-content-subtitle">${escapeHtml(page.subtitle)}</p>`;
  const floating = `<div class="pg-float" data-float hidden><button type="button" class="pg-float-button" data-action="top"${attr('aria-label', texts.toTop)}>${ICONS.up}</button><a class="pg-float-button" href="${escapeHtml(
    links.cover,
  )}" data-nav data-back${attr('aria-label', texts.back)}>${ICONS.back}</a></div>`;
  // An untitled page keeps its one h1 for screen readers (the guidebook's title), shows no placeholder.
  const heading =
    page.title.trim() === ''
      ? `<h1 class="pg-sr">${escapeHtml(guidebook.title)}</h1>`
      : `<h1>${escapeHtml(page.title)}</h1>`;
  return `<div class="pg-screen pg-content" data-type="${escapeHtml(page.contentType)}">${bar}<article class="pg-article"><header class="pg-content-head">${heading}${subtitle}</header>${pageBody(
    page,
    texts,
  )}</article>${pagerHtml(guidebook, page, { texts, links })}<footer class="pg-page-footer">${creditHtml(guidebook.credit, texts)}</footer>${floating}</div>`;
}

/** Previous and next page under a content page, in the cover's order, so a reader goes on without the cover. */
function pagerHtml(
  guidebook: ViewerGuidebook,
  page: ContentPage,
  { texts, links }: Pick<RenderContext, 'texts' | 'links'>,
): string {
  const pages = guidebook.document.contents;
  const index = pages.findIndex((content) => content._id === page._id);
  const link = (target: ContentPage | undefined, rel: 'prev' | 'next') => {
    if (!target) return '<span></span>';
    const label = rel === 'prev' ? texts.previousPage : texts.nextPage;
    const title = target.title.trim();
    return `<a class="pg-pager-${rel}" rel="${rel}" href="${escapeHtml(links.content(target._id))}" data-nav>${rel === 'prev' ? ICONS.back : ''}<span><small>${escapeHtml(label)}</small>${
      title === '' ? '' : `<strong>${escapeHtml(title)}</strong>`
    }</span>${rel === 'next' ? ICONS.forward : ''}</a>`;
  };
  const previous = pages[index - 1];
  const next = pages[index + 1];
  if (!previous && !next) return '';
  return `<nav class="pg-pager"${attr('aria-label', `${texts.previousPage} / ${texts.nextPage}`)}>${link(previous, 'prev')}${link(next, 'next')}</nav>`;
}

/** The 'Not Found' splash (spec 1 §2) with ways forward: the public guidebooks, and the product's home. */
function splashHtml(texts: ViewerTexts): string {
  return `<div class="pg-screen pg-splash" role="main">${LOGO_MARK}<p class="pg-brand">${escapeHtml(texts.brand)}</p><h1>${escapeHtml(texts.notFoundTitle)}</h1><p class="pg-splash-body">${escapeHtml(
    texts.notFoundBody,
  )}</p><p class="pg-splash-actions"><a class="pg-primary" href="/public-guidebooks">${escapeHtml(texts.notFoundGallery)}</a><a class="pg-secondary" href="/">${escapeHtml(
    texts.notFoundHome,
  )}</a></p><p class="pg-tagline">${escapeHtml(texts.tagline)}</p></div>`;
}

function gateHtml(title: string, texts: ViewerTexts): string {
  return `<div class="pg-screen pg-gate"><div class="pg-gate-card"><span class="pg-gate-lock">${ICONS.lock}</span><p class="pg-gate-book">${escapeHtml(title)}</p><h1>${escapeHtml(
    texts.passwordTitle,
  )}</h1><p class="pg-gate-body">${escapeHtml(texts.passwordBody)}</p><form class="pg-gate-form" data-gate novalidate><label for="pg-password">${escapeHtml(
    texts.passwordLabel,
  )}</label><input id="pg-password" name="password" type="password" autocomplete="off" autocapitalize="off" spellcheck="false" required aria-describedby="pg-gate-error"><p id="pg-gate-error" class="pg-gate-error" role="alert"></p><button type="submit" class="pg-primary" disabled>${escapeHtml(
    texts.passwordSubmit,
  )}</button></form></div><p class="pg-gate-brand">${LOGO_MARK}<span>${escapeHtml(texts.brand)}</span></p></div>`;
}

const loadingHtml = (texts: ViewerTexts) =>
  `<div class="pg-screen pg-loading" role="status"><span class="pg-spinner" aria-hidden="true"></span><span>${escapeHtml(texts.loading)}</span></div>`;

/** The inner HTML of the viewer's root element for a screen. */
export function renderScreen(screen: ViewerScreen, context: RenderContext): string {
  const key = escapeHtml(screenKey(screen, context.lang));
  const wrap = (html: string) => html.replace('<div class="pg-screen', `<div data-screen="${key}" class="pg-screen`);
  switch (screen.kind) {
    case 'cover':
      return wrap(coverHtml(screen.guidebook, context));
    case 'content': {
      const page = screen.guidebook.document.contents.find((content) => content._id === screen.contentId);
      return page ? wrap(contentHtml(screen.guidebook, page, context)) : wrap(splashHtml(context.texts));
    }
    case 'gate':
      return wrap(gateHtml(screen.title, context.texts));
    case 'not-found':
      return wrap(splashHtml(context.texts));
    case 'loading':
      return wrap(loadingHtml(context.texts));
    default: {
      const unknown: never = screen;
      return String(unknown);
    }
  }
}

/**
 * The share sheet (copy link, QR code, and a KakaoTalk button when `kakao`: the server has a Kakao key), drawn by
 * the script when a reader taps Share.
 */
export function shareSheetHtml(shareUrl: string, qrSrc: string | null, texts: ViewerTexts, kakao = false): string {
  return `<div class="pg-sheet-backdrop" data-action="close-share"></div><div class="pg-sheet" role="dialog" aria-modal="true" aria-labelledby="pg-share-title"><div class="pg-sheet-head"><h2 id="pg-share-title">${escapeHtml(
    texts.shareTitle,
  )}</h2><button type="button" class="pg-icon-button" data-action="close-share"${attr('aria-label', texts.close)}>${ICONS.close}</button></div>${
    qrSrc ? `<img class="pg-qr" src="${escapeHtml(qrSrc)}" width="200" height="200"${attr('alt', texts.qrAlt)}>` : ''
  }<input class="pg-share-url" type="url" readonly value="${escapeHtml(shareUrl)}"${attr('aria-label', texts.shareTitle)}><button type="button" class="pg-primary" data-action="copy">${escapeHtml(
    texts.copyLink,
  )}</button>${kakao ? `<button type="button" class="pg-kakao" data-action="kakao">${escapeHtml(texts.kakaoShare)}</button>` : ''}<p class="pg-sheet-note" role="status"></p></div>`;
}

/** Links between a guidebook's screens, by how it was opened. */
export function viewerLinks(
  route: { mode: 'mobile' | 'public' | 'preview' },
  guidebook: { id: string; uuid: string },
): ViewerLinks {
  const enc = encodeURIComponent;
  if (route.mode === 'preview') {
    return {
      cover: `/guidebooks/preview/${enc(guidebook.id)}`,
      content: (cid) => `/guidebooks/preview/${enc(guidebook.id)}/contents/${enc(cid)}`,
    };
  }
  // A public content page (`/guidebooks/{id}/contents/{cid}`) goes back to the public cover, which is `/m/{uuid}`.
  return { cover: `/m/${enc(guidebook.uuid)}`, content: (cid) => `/m/${enc(guidebook.uuid)}/contents/${enc(cid)}` };
}
