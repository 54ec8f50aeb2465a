import { PUBLIC_GALLERY_PAGE_SIZE, RECENT_LIMIT } from '@pocketguide/contracts';
import { FONTS_STORAGE_KEY } from '../../front-door/first-lines.ts';
import { API_BASE_PATH } from '../../lib/api-client.ts';
import { EARLY_ANSWER_GLOBAL } from '../../lib/early-answer.ts';
import { SESSION_STORAGE_KEY } from '../../lib/session.ts';
import { UPDATE_BANNER_STORAGE_KEY, UPDATE_BANNER_VERSION } from './update-banner.tsx';

/**
 * The first lines of a drawn app page's head (issue 20; web/scripts/app-shell.ts puts them there), run before
 * anything is drawn, from what this browser keeps:
 * - who the page is drawn for (`data-shell`): the build draws the header once per kind of visitor (an
 *   administrator, anyone else signed in, someone signed out, `data-shell-variant`) and only the one that fits the
 *   stored session shows; a screen not for this visitor (signed out on a signed-in screen) is not shown at all, the
 *   script sends them on. The session is read as session.ts does, the role as `isAdminRole` does (not 'user');
 * - a session in another language than the page was drawn in (the server goes by the language cookie) hides the
 *   drawing, which the script then draws in the session's (`data-language-differs`);
 * - an update banner this browser closed stays closed from the first frame (`data-update-banner-closed`);
 * - once this browser has Pretendard (the app or the front door loaded it), its stylesheet is asked for here, blocking the first
 *   paint, so the cached fonts draw the page at once (`data-fonts`). Otherwise the page and the script's first
 *   drawing are in the system's font, and the script asks for Pretendard once it has drawn (main.tsx).
 * - the screen's first data call (`early`, below), asked for at once rather than after the app's script has arrived,
 *   and the first picture its answer names (a card's thumbnail, the editor's cover) asked for as soon as it answers.
 * The server allows this script by its hash (app/pages.json).
 */
/** Set once the app has loaded Pretendard in this browser (main.tsx): the next drawn screen draws in it at once. */
export const APP_FONTS_STORAGE_KEY = 'pocketguide.appFonts';

/**
 * Which first data call a drawn screen starts in its first lines (issue 20: its largest paint was a picture that
 * waited for the app's script, then this call, then the picture):
 * - `recent`: the person's newest guidebooks, then the first card's thumbnail;
 * - `gallery`: the public gallery's first page (asked without a session, as the app asks), then its first thumbnail;
 * - `editor`: the guidebook at the address, then its cover's picture when the cover is the screen shown.
 * The addresses are the ones the app's own calls ask (a test holds them together), so the app takes the answer over
 * (web/src/lib/early-answer.ts) instead of asking again.
 */
export type EarlyCall = 'recent' | 'gallery' | 'editor';

export const EARLY_CALL_ADDRESSES = {
  recent: `${API_BASE_PATH}/guidebooks/recent?limit=${RECENT_LIMIT}`,
  gallery: `${API_BASE_PATH}/guidebooks/public-gallery?page=1&limit=${PUBLIC_GALLERY_PAGE_SIZE}`,
  /** followed by the guidebook's id */
  editor: `${API_BASE_PATH}/guidebooks/`,
} as const;

/** The editor's cover picture's `sizes` (cover-view.tsx): a preload must name the same to be used. */
export const COVER_IMAGE_SIZES = '435px';

/** The first lines' part for an early call: `s` is the stored session (or null), `i` whether someone is signed in. */
function earlyCallLines(call: EarlyCall): string {
  const address = JSON.stringify(EARLY_CALL_ADDRESSES[call]);
  // u: the address, a: whether it is asked with the session, g: the picture from the answer (its href, srcset)
  const asked =
    call === 'editor'
      ? `var m=location.pathname.split("/");if(m[1]==="guidebooks"&&m[2]==="edit"&&m[3]&&i){u=${address}+encodeURIComponent(decodeURIComponent(m[3]));a=true;g=function(j){var c=!m[4]&&j&&j.header;if(c&&c.type==="image"&&c.image)return[c.image.large,c.image.small+" 320w, "+c.image.medium+" 640w, "+c.image.large+" 1280w"]}}`
      : `u=${address};a=${call === 'recent' ? 'true' : 'false'};if(a&&!i)u="";g=function(j){var r=j&&j.${call === 'recent' ? 'results' : 'items'};r=r&&r[0];if(r&&r.published&&r.thumbnailUrl)return[r.thumbnailUrl]}`;
  return [
    'var u="",a=false,g;',
    asked,
    ';if(u&&!location.search){',
    'var h={Accept:"application/json, application/problem+json"};',
    'if(a)h.Authorization="Bearer "+s.token;',
    'var p=fetch(u,{headers:h,credentials:"same-origin"}).then(function(r){',
    'if(r.ok)r.clone().json().then(function(j){var q=g(j);if(!q)return;',
    'var k=document.createElement("link");k.rel="preload";k.setAttribute("as","image");k.href=q[0];',
    `if(q[1]){k.setAttribute("imagesrcset",q[1]);k.setAttribute("imagesizes",${JSON.stringify(COVER_IMAGE_SIZES)})}`,
    'k.setAttribute("fetchpriority","high");document.head.appendChild(k)}).catch(function(){});',
    'return r});',
    'p.catch(function(){});',
    `window[${JSON.stringify(EARLY_ANSWER_GLOBAL)}]={url:u,authorization:h.Authorization||"",at:Date.now(),answer:p}`,
    '}',
  ].join('');
}

export function appFirstLines(fontsStylesheet: string | undefined, early?: EarlyCall): string {
  const script = [
    'var d=document.documentElement;',
    'try{',
    'var l=localStorage;',
    `var s=JSON.parse(l.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null");`,
    'var i=!!(s&&s.token);',
    'd.dataset.shell=i?(s.role==="user"?"person":"admin"):"guest";',
    'if(i&&(s.language==="en"?"en":"ko")!==d.lang)d.dataset.languageDiffers="";',
    `if(l.getItem(${JSON.stringify(UPDATE_BANNER_STORAGE_KEY)})==="1")d.dataset.updateBannerClosed="";`,
    fontsStylesheet
      ? `if(l.getItem(${JSON.stringify(APP_FONTS_STORAGE_KEY)})==="1"||l.getItem(${JSON.stringify(FONTS_STORAGE_KEY)})==="1"){var f=document.createElement("link");f.rel="stylesheet";f.href=${JSON.stringify(fontsStylesheet)};f.setAttribute("blocking","render");document.head.appendChild(f);d.dataset.fonts=""}`
      : '',
    early ? `try{${earlyCallLines(early)}}catch(e){}` : '',
    '}catch(e){d.dataset.shell="guest"}',
  ].join('');
  const style = [
    ...((['admin', 'person', 'guest'] as const)
      .map((variant) => `html:not([data-shell="${variant}"]) [data-shell-variant="${variant}"]`)
      .join(',') + '{display:none}'),
    // (the script takes `data-drawn` off the root once it draws there itself)
    'html[data-shell="guest"] #root[data-drawn="signed-in"],html[data-shell="guest"] #root[data-drawn="admin"],html[data-shell="person"] #root[data-drawn="admin"],html[data-language-differs] #root[data-drawn]{visibility:hidden}',
    `html[data-update-banner-closed] [data-update-banner="${UPDATE_BANNER_VERSION}"]{display:none}`,
  ].join('');
  return `<script>${script}</script><style>${style}</style>`;
}
