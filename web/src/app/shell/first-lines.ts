import { FONTS_STORAGE_KEY } from '../../front-door/first-lines.ts';
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
 * The server allows this script by its hash (app/pages.json).
 */
/** Set once the app has loaded Pretendard in this browser (main.tsx): the next drawn screen draws in it at once. */
export const APP_FONTS_STORAGE_KEY = 'pocketguide.appFonts';

export function appFirstLines(fontsStylesheet: string | undefined): string {
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
