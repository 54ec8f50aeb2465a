import { renderToString } from 'react-dom/server';
import { createSessionStore } from '../lib/session.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../lib/language.ts';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import { FrontDoor } from './front-door.tsx';
import { FRONT_DOOR_PATHS, type FrontDoorPath } from './paths.ts';
import { frontDoorI18n } from './i18n.ts';
import { setPrerenderedPath } from './shims/react-router.tsx';

export { firstLines } from './first-lines.ts';

/**
 * The front door's pages as HTML, at build time (issue 11, fast front door): web/scripts/front-door.ts builds this
 * module for Node and writes each page in each language beside front.html, and the server sends the one for the
 * visitor's language. A first visit then draws the page from the HTML itself; the script that follows hydrates it
 * (start.tsx). What a browser alone knows is not here: no session (a signed-in visitor is sent on before anything is
 * drawn), no query, the update banner open (the page's first lines hide one this browser closed: first-lines.ts), no
 * live sample frame.
 */

export { DEFAULT_LANGUAGE, LANGUAGE_COOKIE };
export const PRERENDERED_LANGUAGES = LANGUAGES;
export const PRERENDERED_PATHS: readonly FrontDoorPath[] = FRONT_DOOR_PATHS;

const TEXTS: Record<Language, Record<string, unknown>> = { ko, en };

export type PrerenderedPage = {
  /** what goes inside `<div id="root">` */
  html: string;
  /** the page's `<title>` (React puts it in the document's head when it runs; the HTML has it there at once) */
  title: string;
  /** the page's `<meta name="description">` */
  description: string;
};

export function renderFrontDoorPage(path: FrontDoorPath, language: Language): PrerenderedPage {
  setPrerenderedPath(path);
  const i18n = frontDoorI18n(language, TEXTS[language]);
  const markup = renderToString(
    <FrontDoor
      path={path}
      i18n={i18n}
      store={createSessionStore() /* no storage on a build machine: signed out */}
      config={{ supportChatUrl: undefined, thumbnailProxies: [] }}
      go={() => {}}
    />,
  );
  // React writes the page's <title> where the page renders it; it belongs in the head
  let title = '';
  const html = markup.replace(/<title>(.*?)<\/title>/s, (_whole, text: string) => {
    title = text;
    return '';
  });
  return { html, title, description: i18n.t('landing.hero.description') };
}
