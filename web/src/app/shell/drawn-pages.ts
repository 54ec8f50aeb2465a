import type { Language } from '../../lib/language.ts';
import type { EarlyCall } from './first-lines.ts';

/**
 * The app's screens that arrive drawn (issue 20: every signed-in screen, cold, on a phone, draws before its script):
 * the build renders each one in each language with the app's own components, in the state its first frame has
 * (the shell, the page's title, the places its data will fill), and the server sends that HTML for the addresses
 * listed (web/scripts/app-shell.ts writes `app/<language>/<name>.html` and `app/pages.json`; the server,
 * query-api/src/front-door/app-shell-routes.ts). Every other address gets index.html, the shell's bar alone.
 */
export type DrawnPage = {
  /** the file's name under `app/<language>/` */
  name: string;
  /** the address rendered: one of `serves`, with a made-up id where the pattern has one */
  path: string;
  /** the addresses this drawing is sent for (`:name` stands for one segment) */
  serves: readonly string[];
  /** who the screen is for: signed in only (someone else is sent on by the script), or anyone */
  audience: 'signed-in' | 'admin' | 'anyone';
  /**
   * The page's own modules (under web/): their files are asked for together with the app's entry, once the page is
   * drawn, rather than one after the other as each import is reached.
   */
  modules: readonly string[];
  /** the screen's first data call, started by its first lines before the script arrives (first-lines.ts) */
  early?: EarlyCall;
};

/** What the app's start imports on every screen, beyond the entry's own imports: React's DOM (main.tsx). */
export const START_MODULES = ['node_modules/react-dom/client.js'] as const;

/** Each language's texts (lib/i18n.ts loads them): a screen drawn in one language asks for its texts with the entry. */
export const TEXT_MODULES: Readonly<Record<Language, string>> = {
  ko: 'src/locales/ko.json',
  en: 'src/locales/en.json',
};

/** The header's signed-in side, which every signed-in screen shows (asked for with the entry). */
export const SIGNED_IN_MODULES = ['src/app/shell/signed-in-controls.tsx'] as const;

export const DRAWN_PAGES: readonly DrawnPage[] = [
  {
    name: 'guidebooks-recent',
    path: '/guidebooks/recent',
    serves: ['/guidebooks/recent'],
    audience: 'signed-in',
    modules: ['src/app/routes/guidebooks/recent-guidebooks.tsx'],
    early: 'recent',
  },
  {
    name: 'guidebooks',
    path: '/guidebooks',
    serves: ['/guidebooks'],
    audience: 'signed-in',
    modules: ['src/app/routes/guidebooks/guidebook-list.tsx'],
  },
  {
    name: 'guidebook-editor',
    path: '/guidebooks/edit/drawn',
    serves: [
      '/guidebooks/edit/:guidebookId',
      '/guidebooks/edit/:guidebookId/contents/:contentId',
      '/guidebooks/create',
      '/guidebooks/sample',
    ],
    audience: 'signed-in',
    modules: ['src/app/routes/guidebook-editor.tsx'],
    early: 'editor',
  },
  {
    name: 'admin-dashboard',
    path: '/admin/dashboard',
    serves: ['/admin', '/admin/dashboard'],
    audience: 'admin',
    modules: ['src/app/routes/admin/dashboard.tsx'],
  },
  {
    name: 'public-guidebooks',
    path: '/public-guidebooks',
    serves: ['/public-guidebooks'],
    audience: 'anyone',
    modules: ['src/app/routes/public-guidebooks.tsx'],
    early: 'gallery',
  },
];

/** Who the drawing is made for: the first lines (first-lines.ts) show the one that fits the stored session. */
export type ShellVariant = 'admin' | 'person' | 'guest';

export function variantsOf(page: DrawnPage): readonly ShellVariant[] {
  switch (page.audience) {
    case 'admin':
      return ['admin'];
    case 'signed-in':
      return ['person', 'admin'];
    case 'anyone':
      return ['person', 'admin', 'guest'];
  }
}
