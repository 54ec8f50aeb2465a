import { SESSION_STORAGE_KEY } from '../lib/session.ts';
import { UPDATE_BANNER_STORAGE_KEY, UPDATE_BANNER_VERSION } from '../app/shell/update-banner.tsx';

/** Set once this browser has fetched Pretendard for the front door (start.tsx), so a later visit asks for it at once. */
export const FONTS_STORAGE_KEY = 'pocketguide.fonts';

/**
 * The first lines of a pre-rendered page's head (render.tsx), run before anything is drawn:
 * - a visitor with a stored session is sent on to the app by the script (start.tsx), so the page is kept from being
 *   drawn meanwhile (`data-session`); the script decides again, more carefully (a stored session it cannot read
 *   shows the page after all);
 * - an update banner this browser closed stays closed from the first frame (`data-update-banner-closed`);
 * - once this browser has Pretendard (FONTS_STORAGE_KEY), its stylesheet is asked for here, blocking the first
 *   paint as the page's own stylesheet does, so the cached fonts are there at once (`data-fonts`);
 * - a form is not sent before the script has taken the page over (`data-hydrated`): it would go as a plain GET.
 * The server allows this one inline script by its hash (front/pages.json, query-api/src/front-door).
 */
export function firstLines(fontsStylesheet: string | undefined): string {
  const script = [
    'try{',
    'var d=document.documentElement,l=localStorage;',
    `var s=JSON.parse(l.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null");`,
    'if(s&&s.token)d.dataset.session="";',
    `if(l.getItem(${JSON.stringify(UPDATE_BANNER_STORAGE_KEY)})==="1")d.dataset.updateBannerClosed="";`,
    fontsStylesheet
      ? `if(l.getItem(${JSON.stringify(FONTS_STORAGE_KEY)})==="1"){var f=document.createElement("link");f.rel="stylesheet";f.href=${JSON.stringify(fontsStylesheet)};f.setAttribute("blocking","render");document.head.appendChild(f);d.dataset.fonts=""}`
      : '',
    '}catch(e){}',
    // a form sent before the script has taken the page over would go as a plain GET, fields (a password) in the
    // address: held until then (FrontDoor marks the page `data-hydrated`)
    'document.addEventListener("submit",function(e){if(!("hydrated" in document.documentElement.dataset))e.preventDefault()},true);',
  ].join('');
  const style = `html[data-session] #root{visibility:hidden}html[data-update-banner-closed] [data-update-banner="${UPDATE_BANNER_VERSION}"]{display:none}`;
  return `<script>${script}</script><style>${style}</style>`;
}
