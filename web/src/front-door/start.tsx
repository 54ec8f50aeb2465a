import { StrictMode, startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type * as FrontDoorModule from './front-door.tsx';
import { homeOf } from '../app/paths.ts';
import { readAppConfig } from '../lib/app-config.tsx';
import { readStoredLanguage } from '../lib/language.ts';
import { createSessionStore } from '../lib/session.ts';
import { createFrontDoorI18n } from './i18n.ts';
import { FONTS_STORAGE_KEY } from './first-lines.ts';
import { isFrontDoorPath } from './paths.ts';

/**
 * Pretendard (issue 11, fast front door). A first visit draws in the system's fonts and asks for none of
 * Pretendard's files until the page has been drawn and has loaded; then it fetches, at the lowest priority, the
 * files this page's text needs (the build lists them on the root: `data-font-files`), for next time. Once this
 * browser has them, the page's first lines (first-lines.ts) ask for Pretendard's stylesheet before anything is
 * drawn, and the fonts come from the cache for the first paint: the page is never laid out twice.
 */
function fetchFontsForNextTime(files: readonly string[]): void {
  const fetchAll = () => {
    let pending = files.length;
    for (const href of files) {
      const link = Object.assign(document.createElement('link'), {
        rel: 'prefetch',
        as: 'font',
        type: 'font/woff2',
        crossOrigin: 'anonymous',
        href,
      });
      link.addEventListener('load', () => {
        if (--pending > 0) return;
        try {
          localStorage.setItem(FONTS_STORAGE_KEY, '1');
        } catch {
          // blocked storage: the next visit is a first visit again
        }
      });
      document.head.append(link);
    }
  };
  if (document.readyState === 'complete') setTimeout(fetchAll);
  else window.addEventListener('load', () => setTimeout(fetchAll), { once: true });
}

export type Loading = { reactDom: Promise<typeof ReactDomClient>; pages: Promise<typeof FrontDoorModule> };

/**
 * The front door's start (main.tsx loads it): someone signed in goes on to the app; anyone else gets the page, taken
 * over from the HTML the server sent. React's DOM and the pages come as two more files, each run as it arrives, in
 * a task of its own, with the browser free to answer in between: on a phone one long start-up task would block a tap
 * for its whole length.
 */
export async function start(loading?: Loading): Promise<void> {
  const store = createSessionStore();
  const session = store.get();
  const path = window.location.pathname.replace(/(.)\/$/, '$1');
  const root = document.getElementById('root');
  if (!root) throw new Error('front.html has no #root element');

  if (session) {
    // as the app's AnonymousOnly guard; front.html's first lines kept the page from being drawn meanwhile
    window.location.replace(homeOf(session));
  } else if (!isFrontDoorPath(path)) {
    // served for another address by mistake (a proxy's rewrite): the app knows every page
    window.location.replace(`/refresh${window.location.pathname}${window.location.search}${window.location.hash}`);
  } else {
    // a stored session that no longer reads as one (an older app's) is no session: show the page front.html held back
    delete document.documentElement.dataset.session;
    const fontFiles = root.dataset.fontFiles?.split(' ').filter(Boolean) ?? [];
    if (document.documentElement.dataset.fonts === undefined && fontFiles.length > 0) fetchFontsForNextTime(fontFiles);
    const language = readStoredLanguage();
    const { reactDom, pages } = loading ?? { reactDom: import('react-dom/client'), pages: import('./front-door.tsx') };
    const i18n = await createFrontDoorI18n(language);
    const { createRoot, hydrateRoot } = await reactDom;
    await nextTask();
    const { FrontDoor } = await pages;
    await nextTask();
    const page = (
      <StrictMode>
        <FrontDoor path={path} i18n={i18n} store={store} config={readAppConfig(import.meta.env)} />
      </StrictMode>
    );
    // The server sent this page drawn at build time (render.tsx) in the language it had a cookie for, without the
    // query. Hydrating over it when that is what this browser would draw; drawing anew otherwise (a first visit after
    // choosing English here, `?verified=1`), which replaces it. In a transition: React works in slices and lets the
    // browser answer input between them, rather than holding the page for one long task (it is already on screen).
    const prerendered =
      root.dataset.prerendered === path && root.dataset.language === language && window.location.search === '';
    startTransition(() => {
      if (prerendered) hydrateRoot(root, page);
      else createRoot(root).render(page);
    });
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
