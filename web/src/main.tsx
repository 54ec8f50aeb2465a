// First of all: zod must be told not to compile parsers with eval before any schema exists (the app's CSP has no
// 'unsafe-eval'); the build's chunking may not keep the contracts index's own import of it first.
import '@pocketguide/contracts/zod-in-browsers';
import { StrictMode, startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import './styles/app.css';
import { App } from './app/index.tsx';
import { createAppRouter, routerReady, type AppRouter } from './app/router.tsx';
import { preloadSignedInControls } from './app/shell/app-header.tsx';
import { APP_FONTS_STORAGE_KEY } from './app/shell/first-lines.ts';
import { createI18n, loadTexts, type Texts } from './lib/i18n.ts';
import { fromWireLanguage, readStoredLanguage, safeLocalStorage } from './lib/language.ts';
import { hydrationDone, startHydrating } from './lib/hydrated.ts';
import { createSessionStore } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const html = document.documentElement;

/**
 * A screen the server sent drawn (issue 20; web/scripts/app-shell.ts) is on screen before this runs, in the system's
 * font unless this browser had Pretendard (its first lines then asked for it). The app draws it again, and only
 * after that asks for Pretendard: were its files to arrive first, the same words drawn again in another font would
 * be a new, larger largest paint, and a dozen font files would take the network from the script. Any other page
 * asks at once.
 */
const drawn = root.dataset.drawn !== undefined;
let fontsAsked = html.dataset.fonts !== undefined;
function askForFonts(): void {
  if (fontsAsked) return;
  fontsAsked = true;
  void import('./app/shell/fonts.ts')
    .then(() => document.fonts.ready)
    .then(() => safeLocalStorage()?.setItem(APP_FONTS_STORAGE_KEY, '1'))
    .catch(() => undefined);
}
if (!drawn) askForFonts();

/**
 * On a drawn page in a browser without Pretendard: once the page has loaded and the browser is idle, so its dozen
 * files do not compete with the screen's script and data for the network. First the files the drawing's words need
 * (the build lists them: `data-font-files`), then the stylesheet, which finds them at hand: the words, on screen in
 * the system's font, change font in place (nothing is drawn anew) in one go, rather than the page being laid out
 * again as each file arrives, a dozen long tasks on a phone.
 */
function askForFontsWhenSettled(): void {
  const files = root?.dataset.fontFiles?.split(' ').filter(Boolean) ?? [];
  const fetchThenAsk = () => {
    if (fontsAsked) return;
    const fetched = files.map(
      (href) =>
        new Promise<void>((done) => {
          const link = Object.assign(document.createElement('link'), {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            crossOrigin: 'anonymous',
            href,
          });
          link.setAttribute('fetchpriority', 'low');
          link.addEventListener('load', () => done());
          link.addEventListener('error', () => done());
          document.head.append(link);
        }),
    );
    void Promise.all(fetched).then(askForFonts);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(fetchThenAsk, { timeout: 3000 });
    else setTimeout(fetchThenAsk, 500);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// The first screen's code: its routes (which a drawn page asked for beside this file) and, for someone signed in,
// the header's signed-in side, so the first drawing is whole and nothing is added to it (and moved) a moment later.
// The start is spread over tasks, the browser free to answer between them (on a phone one long start-up task would
// block a tap for its whole length; issue 20): this file and the libraries it imports; then the router, which starts
// the first screen's code loading; React's DOM (a file of its own) and each of the screen's files as they arrive;
// then the drawing. The texts of the one language shown come beside the screen's files (a file of their own, which a
// drawn page asked for already).
const sessionStore = createSessionStore();
const session = sessionStore.get();
// A signed-in person reads in the language their account keeps; before sign-in, in this browser's choice.
const language = session ? fromWireLanguage(session.language) : readStoredLanguage();
let router: AppRouter;
const nextTask = () => new Promise<void>((done) => setTimeout(done));
void nextTask()
  .then(() => {
    router = createAppRouter();
    return Promise.all([
      import('react-dom/client'),
      loadTexts(language),
      routerReady(router),
      session ? preloadSignedInControls() : undefined,
    ]);
  })
  .then(async ([reactDom, texts]) => {
    await nextTask();
    draw(reactDom, texts);
  });

/**
 * The app's drawing is in the document, not yet painted: what the drawn page's first lines hid is shown. (A drawing
 * taken over was shown already: its marks stay, rather than have the browser work out the whole page's style again.)
 */
let tookOver = false;
function onDrawn(): void {
  hydrationDone();
  if (tookOver) return;
  delete root?.dataset.drawn;
  delete html.dataset.languageDiffers;
}

function draw({ createRoot, hydrateRoot }: typeof ReactDomClient, texts: Texts): void {
  const container = root!;
  const app = (
    <StrictMode>
      <App
        i18n={createI18n(language, { [language]: texts })}
        router={router}
        sessionStore={sessionStore}
        onDrawn={onDrawn}
        onPainted={drawn ? askForFontsWhenSettled : askForFonts}
      />
    </StrictMode>
  );
  tookOver = drawn && takeOverDrawing(container);
  if (tookOver) {
    // The app takes over the elements the server sent (hydration): the same elements stay on screen, nothing is
    // drawn again. In a transition: React works in slices and lets the browser answer a tap between them, rather
    // than holding the page (already on screen) for one long task.
    startHydrating();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // index.html's bar, or a drawing this visitor's app would not draw (another language, not their screen): drawn anew
  const reactRoot = createRoot(container);
  if (drawn) startTransition(() => reactRoot.render(app));
  else reactRoot.render(app);
}

/**
 * Whether the drawing is what the app will draw for this visitor, made ready to be taken over: the header drawn for
 * their kind of visitor (as the first lines showed it) left alone in its place, the others removed. Not when the app
 * speaks another language than the drawing (`language`, above), when the address has a query the drawing
 * knew nothing of, or the screen is not for them (an administrator's screen for someone else, a signed-in one for
 * someone signed out: they are sent on).
 */
function takeOverDrawing(container: HTMLElement): boolean {
  if (container.dataset.language !== language) return false;
  // drawn without the query (a search, `?asOf=`), which the screen may show: drawn anew, as the front door does
  if (window.location.search !== '') return false;
  const variant = session ? (session.isAdmin ? 'admin' : 'person') : 'guest';
  const header = container.querySelector('header');
  const wanted = header?.querySelector(`:scope > [data-shell-variant="${variant}"]`);
  if (!header || !wanted) return false;
  header.replaceChildren(...wanted.childNodes);
  return true;
}
