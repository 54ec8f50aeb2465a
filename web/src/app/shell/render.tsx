import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isAdminRole } from '@pocketguide/contracts';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import {
  createI18n,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  toWireLanguage,
  type Language,
} from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import type { Session, SessionStore } from '../../lib/session.ts';
import { AppProvider } from '../provider.tsx';
import { routes } from '../router.tsx';
import {
  DRAWN_PAGES,
  SIGNED_IN_MODULES,
  START_MODULES,
  TEXT_MODULES,
  variantsOf,
  type DrawnPage,
  type ShellVariant,
} from './drawn-pages.ts';

export { appFirstLines } from './first-lines.ts';
export { DRAWN_PAGES, SIGNED_IN_MODULES, START_MODULES, TEXT_MODULES, DEFAULT_LANGUAGE, LANGUAGE_COOKIE };
export const DRAWN_LANGUAGES = LANGUAGES;

/**
 * The app's drawn screens as HTML, at build time (issue 20): web/scripts/app-shell.ts builds this module for Node
 * and writes each screen in each language beside index.html. Each is the app itself, its real routes and
 * components, rendered at the screen's address in the state of its first frame: no data yet (the queries are
 * pending, so the page shows the shapes its data will fill), the update banner open (the first lines hide one this
 * browser closed), the header's signed-in side as its stand-in. Who is signed in only the browser knows: the header
 * is drawn once per kind of visitor and the first lines show the right one (first-lines.ts); nothing else on these
 * screens differs between them before their data arrives (checked here).
 */

export type DrawnHtml = {
  /** what goes inside `<div id="root">` */
  html: string;
  /** the page's `<title>` (React puts it in the head when it runs; the HTML has it there at once) */
  title: string;
};

/** Someone of this kind, as the header needs them (no name, no portrait: the first lines cannot know them). */
function standIn(variant: ShellVariant, language: Language): Session | null {
  if (variant === 'guest') return null;
  const role = variant === 'admin' ? 'admin' : 'user';
  return {
    id: '',
    role,
    isAdmin: isAdminRole(role),
    name: '',
    companyName: '',
    image: null,
    email: '',
    subscription: false,
    subscriptionType: 'free',
    expiresAt: '1970-01-01T00:00:00.000Z',
    paymentMethod: null,
    language: toWireLanguage(language),
    token: 'drawn',
  };
}

function staticSession(session: Session | null): SessionStore {
  return {
    get: () => session,
    subscribe: () => () => {},
    signIn: () => {
      throw new Error('a drawn page signs nobody in');
    },
    update: () => {},
    signOut: () => {},
    dispose: () => {},
  };
}

async function renderVariant(page: DrawnPage, language: Language, variant: ShellVariant): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://drawn.invalid${page.path}`));
  if (context instanceof Response)
    throw new Error(`${page.path} answers ${context.status} when drawn: draw the address it leads to`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider
      queryClient={createQueryClient()}
      i18n={createI18n(language, { ko, en })}
      sessionStore={staticSession(standIn(variant, language))}
      config={{ supportChatUrl: undefined, thumbnailProxies: [] }}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}

/** The app shell's header, the first `<header>` of a drawing: [whole element's start, inner start, inner end, end]. */
function headerOf(html: string): { open: string; inner: string; before: string; after: string } {
  const match = /<header\b[^>]*>/.exec(html);
  const close = match ? html.indexOf('</header>', match.index) : -1;
  if (!match || close < 0) throw new Error('the drawing has no <header>: AppShell draws one');
  return {
    before: html.slice(0, match.index),
    open: match[0],
    inner: html.slice(match.index + match[0].length, close),
    after: html.slice(close + '</header>'.length),
  };
}

const withoutComments = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');

export async function renderDrawnPage(page: DrawnPage, language: Language): Promise<DrawnHtml> {
  const variants = variantsOf(page);
  const drawings = await Promise.all(variants.map((variant) => renderVariant(page, language, variant)));
  const [first] = drawings.map(headerOf);
  if (!first) throw new Error(`${page.name} has no kind of visitor to draw for`);
  // the headers differ; anything else that did would show the wrong visitor's page
  for (const [index, drawing] of drawings.entries()) {
    const { before, after, open } = headerOf(drawing);
    if (
      withoutComments(before) !== withoutComments(first.before) ||
      withoutComments(after) !== withoutComments(first.after) ||
      open !== first.open
    ) {
      throw new Error(
        `${page.name}: the drawing for ${variants[index]} differs from the one for ${variants[0]} outside the header`,
      );
    }
  }
  const headers = drawings
    .map(
      (drawing, index) =>
        `<div data-shell-variant="${variants[index]}" style="display:contents">${headerOf(drawing).inner}</div>`,
    )
    .join('');
  const markup = `${first.before}${first.open}${headers}</header>${first.after}`;
  // React writes the page's <title> where the page renders it; it belongs in the head
  let title = '';
  const html = markup.replace(/<title>(.*?)<\/title>/s, (_whole, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}
