import type { GuidebookDocument } from '../guidebook/guidebook-document.ts';
import type { ViewerLanguage } from './viewer-texts.ts';

/**
 * What the readers' viewer receives (spec 1 §2 Viewer, §4 password gate). Types and plain constants only: the
 * viewer bundle imports this file, and a schema library would double its size. The one request body a reader
 * sends is validated on the server by `viewer-http.ts`.
 */

/** The footer credit (spec 1 §1): the product's, or the partner's when the owner is a configured partner. */
export type ViewerCredit = { kind: 'powered' } | { kind: 'developed'; name: string; url?: string };

/** An open guidebook, everything a reader needs in one answer. */
export type ViewerGuidebook = {
  locked: false;
  id: string;
  uuid: string;
  /** the display title ('Untitled Guidebook' when blank) */
  title: string;
  /** plain text for link previews: the subheader's text, else its title, else the first text item */
  description: string;
  /** the cover image for link previews (root-relative or absolute), if any */
  image: string | null;
  /** the public address `{PUBLIC_BASE_URL}/m/{uuid}` that copy-link and the QR code share */
  shareUrl: string;
  document: GuidebookDocument;
  credit: ViewerCredit;
  hasPassword: boolean;
  /** false only in an owner's or administrator's preview of an unpublished guidebook */
  published: boolean;
  updatedAt: string;
  /** the language the guidebook is written in; the buttons follow it (`viewerLanguage`); absent: no words yet */
  language?: ViewerLanguage;
};

/** A guidebook behind its password, before the right one was given: enough for the gate, none of the content. */
export type LockedViewerGuidebook = {
  locked: true;
  hasPassword: true;
  uuid: string;
  title: string;
  shareUrl: string;
  /** the guidebook's language, so the gate speaks it too (`ViewerGuidebook.language`) */
  language?: ViewerLanguage;
};

export type ViewerAnswer = ViewerGuidebook | LockedViewerGuidebook;

/** The body of `POST /api/viewer/{uuid}/unlock`. */
export type ViewerUnlockBody = { password: string };

/** Failed unlocks allowed per address and guidebook in the window, then 429 with Retry-After. */
export const VIEWER_UNLOCK_LIMIT = { attempts: 10, windowMs: 5 * 60_000 } as const;

/** Where the viewer's calls live, relative to `/api`. */
export const viewerApi = {
  guidebook: (uuid: string) => `/viewer/${encodeURIComponent(uuid)}`,
  unlock: (uuid: string) => `/viewer/${encodeURIComponent(uuid)}/unlock`,
  qr: (uuid: string) => `/viewer/${encodeURIComponent(uuid)}/qr.svg`,
  /** a published guidebook by its id, for `/guidebooks/{id}/contents/{contentId}` */
  byId: (id: string) => `/viewer/guidebooks/${encodeURIComponent(id)}`,
  /** signed in: a preview (owners and administrators also of an unpublished one) */
  preview: (id: string) => `/viewer/preview/${encodeURIComponent(id)}`,
} as const;

/** The request header a preview reader sends the share password in (percent-encoded), as `GET guidebooks/{id}`. */
export const VIEWER_PASSWORD_HEADER = 'X-Guidebook-Password';

/** The id of the inlined `<script type="application/json">` holding the first answer, so the client needs no request. */
export const VIEWER_DATA_ELEMENT_ID = 'gb-data';
/** The `<meta name>` that carries Kakao's JavaScript app key on a reader's page, when the server has one. */
export const KAKAO_KEY_META = 'pg-kakao-key';

/** The QR code's size and error-correction level (spec 1 §9: cards use 200 px, level H). */
export const VIEWER_QR = { size: 200, errorCorrection: 'H' } as const;

/** The reader's pages (spec 1 §2). */
export const viewerPaths = {
  mobile: (uuid: string) => `/m/${encodeURIComponent(uuid)}`,
  mobileContent: (uuid: string, contentId: string) =>
    `/m/${encodeURIComponent(uuid)}/contents/${encodeURIComponent(contentId)}`,
  publicContent: (id: string, contentId: string) =>
    `/guidebooks/${encodeURIComponent(id)}/contents/${encodeURIComponent(contentId)}`,
  preview: (id: string) => `/guidebooks/preview/${encodeURIComponent(id)}`,
  previewContent: (id: string, contentId: string) =>
    `/guidebooks/preview/${encodeURIComponent(id)}/contents/${encodeURIComponent(contentId)}`,
} as const;

/** Which page of which guidebook a viewer address names. */
export type ViewerRoute =
  | { mode: 'mobile'; uuid: string; contentId: string | null }
  | { mode: 'public'; id: string; contentId: string }
  | { mode: 'preview'; id: string; contentId: string | null };

const segment = '([^/]+)';
const ROUTES: ReadonlyArray<[RegExp, (parts: string[]) => ViewerRoute]> = [
  [new RegExp(`^/m/${segment}/?$`), ([uuid = '']) => ({ mode: 'mobile', uuid, contentId: null })],
  [
    new RegExp(`^/m/${segment}/contents/${segment}/?$`),
    ([uuid = '', contentId = '']) => ({ mode: 'mobile', uuid, contentId }),
  ],
  [new RegExp(`^/guidebooks/preview/${segment}/?$`), ([id = '']) => ({ mode: 'preview', id, contentId: null })],
  [
    new RegExp(`^/guidebooks/preview/${segment}/contents/${segment}/?$`),
    ([id = '', contentId = '']) => ({ mode: 'preview', id, contentId }),
  ],
  [
    new RegExp(`^/guidebooks/${segment}/contents/${segment}/?$`),
    ([id = '', contentId = '']) => ({ mode: 'public', id, contentId }),
  ],
];

/** The viewer route of a path, or null when the path is not a viewer page. */
export function parseViewerPath(pathname: string): ViewerRoute | null {
  for (const [pattern, build] of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return build(match.slice(1).map((part) => decodeURIComponent(part)));
    } catch {
      return null;
    }
  }
  return null;
}
