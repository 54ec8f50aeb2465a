import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import QRCode from 'qrcode';
import {
  GUIDEBOOK_EDITOR,
  GUIDEBOOK_MESSAGES,
  GUIDEBOOK_VIEWER,
  THUMBNAIL_RENDER_HEADER,
  USERS,
  viewerUnlockBodySchema,
  type GuidebookEditorDoc,
  type GuidebookViewerDoc,
} from '@pocketguide/contracts';
import {
  VIEWER_PASSWORD_HEADER,
  VIEWER_QR,
  VIEWER_UNLOCK_LIMIT,
  type ViewerAnswer,
} from '@pocketguide/contracts/viewer/viewer-shapes';
import {
  VIEWER_TEXTS,
  acceptLanguageTags,
  viewerLanguage,
  type ViewerLanguage,
} from '@pocketguide/contracts/viewer/viewer-texts';
import { viewerLinks, type ViewerScreen } from '@pocketguide/contracts/viewer/render-viewer';
import { withReadingSource } from '@pocketguide/contracts/insights/reading-shapes';
import type { Auth, AuthUser } from '@pocketguide/platform/auth/authenticate';
import { clientAddress } from '@pocketguide/platform/auth/basic-credentials';
import { createLoginRateLimiter, type LoginRateLimiter } from '@pocketguide/platform/auth/login-rate-limiter';
import { sameSharePassword, verifySharePassword } from '@pocketguide/platform/auth/share-password';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { Collection, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { guidebookOwners, type GuidebookOwners } from '../guidebook/guidebook-owners.ts';
import { pathParam } from '@pocketguide/platform/http/path-param';
import type { ViewCounter } from './view-counter.ts';
import { builtAt, compressedViewerAssets } from './viewer-assets.ts';
import {
  absoluteUrl,
  languageOf as guidebookLanguageOf,
  lockedAnswer,
  openAnswer,
  type PartnerOwners,
} from './viewer-answer.ts';
import { loadViewerAssets, viewerPageHtml, withKakaoKey, type PageMeta, type ViewerAssets } from './viewer-html.ts';
import {
  compressedPage,
  createViewerPageCache,
  preferredEncoding,
  type CachedViewerDoc,
  type CachedViewerPage,
} from './viewer-page-cache.ts';

export type ViewerRoutesDeps = {
  readStore: ReadStore;
  readYourWrites: ReadYourWrites;
  auth: Auth;
  /** counts reader views; null where this process does not count (tests of the markup) */
  views: ViewCounter | null;
  /** PUBLIC_BASE_URL; null: the address the request came to (right for one process on one name, not behind a proxy) */
  publicBaseUrl: string | null;
  partners: PartnerOwners;
  /** the built web app, for the viewer's script and styles */
  webDist: string;
  /** failed share passwords per address and guidebook (default: VIEWER_UNLOCK_LIMIT) */
  unlockLimiter?: LoginRateLimiter;
  /** KAKAO_JS_APP_KEY: the share sheet's KakaoTalk button and the policy that lets its SDK load; null: neither */
  kakaoJsAppKey?: string | null;
};

export function createUnlockLimiter(now?: () => number): LoginRateLimiter {
  return createLoginRateLimiter({
    rules: [
      {
        name: 'guidebook-address',
        limit: VIEWER_UNLOCK_LIMIT.attempts,
        windowMs: VIEWER_UNLOCK_LIMIT.windowMs,
        key: (guidebook, address) => `g:${guidebook}|${address}`,
      },
      // One address guessing across many guidebooks.
      { name: 'address', limit: 100, windowMs: 60 * 60_000, key: (_guidebook, address) => `ip:${address}` },
    ],
    message: 'Too many password attempts. Please try again later.',
    ...(now ? { now } : {}),
  });
}

/** The public address for links and previews: the configured one, or the one this request came to. */
export const baseUrlOf = (req: Request, configured: string | null): string =>
  configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

const mayEdit = (caller: AuthUser | undefined, ownerId: string): boolean =>
  caller !== undefined && (caller.isAdmin || caller.id === ownerId);

/** The share password a preview reader sent: percent-encoded, as header values are ASCII. */
function headerPassword(req: Request): string | null {
  const raw = req.get(VIEWER_PASSWORD_HEADER);
  if (raw === undefined || raw === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const NO_STORE = 'private, no-store';

/**
 * Finds a guidebook by its public uuid. A uuid names one guidebook for good, so the id found once is remembered and
 * later requests read the document by its key: much cheaper than a lookup by a field inside a 20 KB JSON document
 * (SQLite re-reads the JSON to check it). Only the id is remembered, never the document: every answer is the read
 * model's current state.
 */
export function createUuidLookup(viewer: Collection<GuidebookViewerDoc>, capacity = 10_000) {
  const ids = new Map<string, string>();
  return async function byUuid(uuid: string): Promise<GuidebookViewerDoc | null> {
    const id = ids.get(uuid);
    if (id !== undefined) {
      const doc = await viewer.get(id);
      if (doc?.uuid === uuid) return doc;
      ids.delete(uuid);
    }
    const [found] = await viewer.find({ uuid }, { limit: 1 });
    if (!found) return null;
    if (ids.size >= capacity) ids.delete(ids.keys().next().value ?? '');
    ids.set(uuid, found.id);
    return found;
  };
}
/**
 * Who is reading, for counting views once per reader (see `ViewCounter`): a digest of the address and the user
 * agent, so the window holds no address in the clear.
 */
export function readerKey(req: Request): string {
  return createHash('sha256')
    .update(`${clientAddress(req)}\n${req.get('user-agent') ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The viewer's reads wait for both read models after a write (`?after=`): a hide or unhide moves only `users`. */
const VIEWER_READ_MODELS = [GUIDEBOOK_VIEWER, USERS] as const;

/**
 * Whether readers may see this guidebook: published, and its owner's account neither hidden nor deleted (the
 * `users` read model, read now, so an administrator's hide takes the guidebooks offline and an unhide brings them
 * back without rewriting them).
 */
export async function readable(
  doc: Pick<GuidebookViewerDoc, 'published' | 'ownerId'> | null | undefined,
  owners: Pick<GuidebookOwners, 'isPublic'>,
): Promise<boolean> {
  return doc?.published === true && (await owners.isPublic(doc.ownerId));
}

/**
 * `isPublic` of owners, kept while the `users` read model's checkpoint stands still (issue 20: readers' pages read
 * the owner's account on every page). That read model's documents and its checkpoint are committed together, so an
 * unmoved checkpoint means no account changed; a moved one (or none yet) reads them again. Holds `capacity` owners.
 */
export function ownerVisibility(
  readStore: ReadStore,
  owners: Pick<GuidebookOwners, 'isPublic'> = guidebookOwners(readStore),
  capacity = 10_000,
): Pick<GuidebookOwners, 'isPublic'> {
  let checkpointSeen: number | null = null;
  const known = new Map<string, boolean>();
  return {
    async isPublic(ownerId: string): Promise<boolean> {
      const checkpoint = await readStore.getCheckpoint(USERS);
      if (checkpoint === null || checkpoint !== checkpointSeen) {
        known.clear();
        checkpointSeen = checkpoint;
      }
      const kept = known.get(ownerId);
      if (kept !== undefined) return kept;
      const visible = await owners.isPublic(ownerId);
      // kept only under the checkpoint read before it: a newer account state waits for the next move
      if (checkpoint !== null && checkpointSeen === checkpoint) {
        if (known.size >= capacity) known.clear();
        known.set(ownerId, visible);
      }
      return visible;
    },
  };
}

/** Sent by the viewer's service worker when it stores a page for offline reading (web/public/viewer-sw.js). */
export const VIEWER_PREFETCH_HEADER = 'X-Viewer-Prefetch';

/**
 * Checks a typed password against the stored hash under the share-password limit (reserved before the check, so
 * parallel guesses cannot all be tried); throws 429 or 403.
 */
async function checkPassword(
  limiter: LoginRateLimiter,
  doc: GuidebookViewerDoc,
  password: string,
  address: string,
  editor: Collection<GuidebookEditorDoc>,
): Promise<void> {
  const reservation = limiter.attempt(doc.uuid, address);
  if (await passwordMatches(doc, password, editor)) {
    reservation.succeeded();
    return;
  }
  throw new ForbiddenError(GUIDEBOOK_MESSAGES.incorrectPassword);
}

/**
 * The hash the event carried, checked with async scrypt and a constant-time compare. A password set before events
 * carried their hash has none: it is checked against the text the owner's editor keeps (constant time too).
 */
async function passwordMatches(
  doc: GuidebookViewerDoc,
  password: string,
  editor: Collection<GuidebookEditorDoc>,
): Promise<boolean> {
  if (doc.passwordHash !== null) return verifySharePassword(password, doc.passwordHash);
  if (!doc.hasPassword) return false;
  const owned = await editor.get(doc.id);
  return owned !== null && owned.password !== '' && sameSharePassword(password, owned.password);
}

/**
 * The readers' API under /api (spec 1 §2 Viewer, §4 password gate), all from the `guidebook-viewer` read model:
 * - `GET viewer/{uuid}` and `GET viewer/guidebooks/{id}` (public): a published guidebook, or without its content
 *   `{ locked: true }` when it has a password; 404 'Not Found' when missing, unpublished or deleted, or when its
 *   owner's account is hidden or deleted (back as soon as an administrator unhides it; see `readable`).
 * - `POST viewer/{uuid}/unlock {password}`: the guidebook when the password is right; 403 'Incorrect password';
 *   after 10 wrong ones from one address in 5 minutes, 429 with Retry-After.
 * - `GET viewer/preview/{id}` (signed in): the preview; owners and administrators see any of theirs, others a
 *   published one with the password in `X-Guidebook-Password`.
 * - `GET viewer/{uuid}/qr.svg`: the public address as a QR code (200 px, level H).
 */
export function viewerApiRoutes(deps: ViewerRoutesDeps): Router {
  const router = Router();
  const viewer = deps.readStore.collection<GuidebookViewerDoc>(GUIDEBOOK_VIEWER);
  const editor = deps.readStore.collection<GuidebookEditorDoc>(GUIDEBOOK_EDITOR);
  const limiter = deps.unlockLimiter ?? createUnlockLimiter();
  const optionsFor = (req: Request) => ({ publicBaseUrl: baseUrlOf(req, deps.publicBaseUrl), partners: deps.partners });
  const qrCodes = new Map<string, string>();

  const owners = guidebookOwners(deps.readStore);
  const byUuid = createUuidLookup(viewer);
  const publishedByUuid = async (req: Request): Promise<GuidebookViewerDoc> => {
    const doc = await byUuid(pathParam(req, 'uuid', GUIDEBOOK_MESSAGES.notFound));
    if (!doc || !(await readable(doc, owners))) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    return doc;
  };
  const answer = (req: Request, doc: GuidebookViewerDoc): ViewerAnswer =>
    doc.hasPassword ? lockedAnswer(doc, optionsFor(req)) : openAnswer(doc, optionsFor(req));

  router.get('/viewer/guidebooks/:id', async (req, res) => {
    await deps.readYourWrites(req, res, VIEWER_READ_MODELS);
    const doc = await viewer.get(pathParam(req, 'id', GUIDEBOOK_MESSAGES.notFound));
    if (!doc || !(await readable(doc, owners))) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    res.setHeader('Cache-Control', 'no-cache');
    res.json(answer(req, doc));
  });

  router.get('/viewer/preview/:id', deps.auth.required, async (req, res) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    await deps.readYourWrites(req, res, VIEWER_READ_MODELS);
    const doc = await viewer.get(pathParam(req, 'id', GUIDEBOOK_MESSAGES.notFound));
    res.setHeader('Cache-Control', NO_STORE);
    const options = optionsFor(req);
    if (doc && mayEdit(req.user, doc.ownerId)) {
      res.json(openAnswer(doc, options));
      return;
    }
    if (!doc || !(await readable(doc, owners))) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    if (doc.hasPassword) {
      const sent = headerPassword(req);
      if (sent === null) {
        res.json(lockedAnswer(doc, options));
        return;
      }
      await checkPassword(limiter, doc, sent, req.ip ?? '', editor);
    }
    res.json(openAnswer(doc, options));
  });

  router.get('/viewer/:uuid', async (req, res) => {
    await deps.readYourWrites(req, res, VIEWER_READ_MODELS);
    const doc = await publishedByUuid(req);
    res.setHeader('Cache-Control', 'no-cache');
    res.json(answer(req, doc));
  });

  router.post('/viewer/:uuid/unlock', async (req, res) => {
    const { password } = parseOrThrow(viewerUnlockBodySchema, req.body);
    const doc = await publishedByUuid(req);
    res.setHeader('Cache-Control', NO_STORE);
    if (doc.hasPassword) await checkPassword(limiter, doc, password, req.ip ?? '', editor);
    res.json(openAnswer(doc, optionsFor(req)));
  });

  router.get('/viewer/:uuid/qr.svg', async (req, res) => {
    const doc = await publishedByUuid(req);
    // the code carries its source, so the author's insights can tell readers who scanned it (issue 24)
    const url = withReadingSource(`${baseUrlOf(req, deps.publicBaseUrl)}/m/${encodeURIComponent(doc.uuid)}`, 'qr');
    await sendQrCode(res, url, qrCodes, 1000);
  });

  return router;
}

/** The QR code of a reader's address as SVG, drawn once per address (`cache`, emptied past `limit`). */
export async function sendQrCode(res: Response, url: string, cache: Map<string, string>, limit: number): Promise<void> {
  let svg = cache.get(url);
  if (svg === undefined) {
    svg = await QRCode.toString(url, {
      type: 'svg',
      errorCorrectionLevel: VIEWER_QR.errorCorrection,
      width: VIEWER_QR.size,
      margin: 2,
    });
    if (cache.size >= limit) cache.clear();
    cache.set(url, svg);
  }
  res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.send(svg);
}

// ---------------------------------------------------------------- pages

/** Kakao's SDK (loaded by the share sheet's KakaoTalk button on press) and what it talks to. */
const KAKAO_SDK_ORIGIN = 'https://t1.kakaocdn.net';
const KAKAO_API_ORIGINS = 'https://kapi.kakao.com https://sharer.kakao.com';

/**
 * No script but our own (and Kakao's SDK when a Kakao key is set: the reader's KakaoTalk share button loads it on
 * press); pictures from anywhere https; the video player only after a tap.
 */
export function viewerContentSecurityPolicy(kakao: boolean): string {
  return [
    "default-src 'self'",
    kakao ? `script-src 'self' ${KAKAO_SDK_ORIGIN}` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    kakao ? `connect-src 'self' ${KAKAO_API_ORIGINS}` : "connect-src 'self'",
    'frame-src https://www.youtube-nocookie.com',
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // The editor and its previews (same origin) may show a reader's page; nobody else may frame it.
    "frame-ancestors 'self'",
  ].join('; ');
}
const CONTENT_SECURITY_POLICY = viewerContentSecurityPolicy(false);

type Compressed = { br?: Buffer; gzip?: Buffer };

function pageHeaders(res: Response, status: number, policy: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Accept-Language');
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
}

/**
 * A reader's page kept per guidebook version (viewer-page-cache.ts): its stored bytes, compressed once, with an
 * ETag naming the version, so a browser revalidating an unchanged page gets 304 and no body.
 */
function sendCachedPage(req: Request, res: Response, page: CachedViewerPage, policy: string): void {
  pageHeaders(res, 200, policy);
  res.setHeader('ETag', page.etag);
  const ifNoneMatch = req.get('if-none-match');
  if (
    ifNoneMatch !== undefined &&
    ifNoneMatch.split(',').some((tag) => tag.trim() === page.etag || tag.trim() === '*')
  ) {
    res.status(304).end();
    return;
  }
  const encoding = page.html.length < 1024 ? null : preferredEncoding(req.get('accept-encoding') ?? '');
  if (encoding === null) {
    res.send(page.html);
    return;
  }
  res.setHeader('Content-Encoding', encoding);
  res.end(compressedPage(page, encoding));
}

/** Pages are compressed here (the app has no compression middleware); the same page is compressed once. */
export function createHtmlSender(policy: string = CONTENT_SECURITY_POLICY) {
  const cache = new Map<string, Compressed>();
  return function send(req: Request, res: Response, status: number, html: string): void {
    pageHeaders(res, status, policy);
    const accepts = req.get('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (encoding === null || html.length < 1024) {
      res.send(html);
      return;
    }
    const key = createHash('sha1').update(html).digest('base64');
    const entry = cache.get(key) ?? {};
    let body = entry[encoding];
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
            })
          : gzipSync(html, { level: 6 });
      if (cache.size >= 200) cache.delete(cache.keys().next().value ?? '');
      cache.set(key, { ...entry, [encoding]: body });
    }
    res.setHeader('Content-Encoding', encoding);
    res.send(body);
  };
}

/**
 * The readers' pages, mounted before the web app's fallback:
 * - `/m/{uuid}` and `/m/{uuid}/contents/{contentId}`, `/guidebooks/{id}/contents/{contentId}`: drawn on the server
 *   (see `viewer-html.ts`), 404 with the 'Not Found' splash when missing, unpublished or deleted; a page load
 *   of a published guidebook counts one view, once per reader (address and user agent) and guidebook in 30 minutes;
 * - `/guidebooks/preview/{id}[/contents/{contentId}]`: the viewer's loader; the script reads the preview with the
 *   signed-in person's token, which only the browser holds;
 * - the viewer's own script and styles, compressed (`viewer-assets.ts`).
 */
export function viewerPageRoutes(deps: ViewerRoutesDeps): Router {
  const router = Router();
  const viewer = deps.readStore.collection<GuidebookViewerDoc>(GUIDEBOOK_VIEWER);
  const owners = ownerVisibility(deps.readStore);
  const kakaoKey = deps.kakaoJsAppKey ?? null;
  const policy = viewerContentSecurityPolicy(kakaoKey !== null);
  const send = createHtmlSender(policy);
  // Read on the first page and again whenever the web app is rebuilt (it may be built after the server started).
  let assets: { at: number; value: ViewerAssets } | undefined;
  const viewerAssets = (): ViewerAssets => {
    const at = builtAt(deps.webDist);
    if (assets?.at !== at) assets = { at, value: withKakaoKey(loadViewerAssets(deps.webDist), kakaoKey) };
    return assets.value;
  };

  /** The reader's `?lang=`, then the guidebook's own language (when there is one), then the reader's browser. */
  const languageOf = (req: Request, doc?: GuidebookViewerDoc): ViewerLanguage =>
    viewerLanguage(
      typeof req.query.lang === 'string' ? req.query.lang : null,
      acceptLanguageTags(req.get('accept-language')),
      doc ? guidebookLanguageOf(doc) : null,
    );

  function notFound(req: Request, res: Response, lang: ViewerLanguage): void {
    const texts = VIEWER_TEXTS[lang];
    const html = viewerPageHtml({
      lang,
      screen: { kind: 'not-found' },
      context: { lang, texts, links: { cover: '/', content: () => '/' } },
      data: null,
      meta: { title: texts.brand, url: `${baseUrlOf(req, deps.publicBaseUrl)}${req.path}`, noindex: true },
      assets: viewerAssets(),
    });
    send(req, res, 404, html);
  }

  async function reader(
    req: Request,
    res: Response,
    version: CachedViewerDoc | null,
    mode: 'mobile' | 'public',
    contentId: string | null,
  ): Promise<void> {
    const doc = version?.doc ?? null;
    const page = contentId === null ? null : doc?.document.contents.find((content) => content._id === contentId);
    if (!version || !doc || !(await readable(doc, owners)) || page === undefined) {
      notFound(req, res, languageOf(req));
      return;
    }
    // The service worker's fetch for offline reading, and the thumbnail worker's rendering, are not readers.
    if (req.get(VIEWER_PREFETCH_HEADER) === undefined && req.get(THUMBNAIL_RENDER_HEADER) === undefined)
      deps.views?.record(doc.id, readerKey(req));
    const bookLang = languageOf(req, doc);
    const publicBaseUrl = baseUrlOf(req, deps.publicBaseUrl);
    const url = `${publicBaseUrl}${req.path}`;
    const assetsNow = viewerAssets();
    // everything the page is drawn from besides the document version: the reader's language, the address, the build
    const key = `${bookLang}\n${mode}\n${url}\n${assets?.at ?? 0}`;
    const draw = (): string => {
      const context = { lang: bookLang, texts: VIEWER_TEXTS[bookLang], links: viewerLinks({ mode }, doc) };
      const options = { publicBaseUrl, partners: deps.partners };
      if (doc.hasPassword) {
        // Behind the gate: the title only, in the page and in link previews.
        return viewerPageHtml({
          lang: bookLang,
          screen: { kind: 'gate', title: doc.title },
          context,
          data: lockedAnswer(doc, options),
          meta: { title: doc.title, url },
          assets: assetsNow,
        });
      }
      const guidebook = openAnswer(doc, options);
      const screen: ViewerScreen = page
        ? { kind: 'content', guidebook, contentId: page._id }
        : { kind: 'cover', guidebook };
      const meta: PageMeta = {
        title: page ? `${page.title} · ${doc.title}` : doc.title,
        url,
        ...(doc.description ? { description: doc.description } : {}),
        ...(doc.image ? { image: absoluteUrl(doc.image, publicBaseUrl) } : {}),
      };
      return viewerPageHtml({ lang: bookLang, screen, context, data: guidebook, meta, assets: assetsNow });
    };
    sendCachedPage(req, res, pages.page(version, key, draw), policy);
  }

  const pages = createViewerPageCache(deps.readStore);
  const findByUuid = async (uuid: string) => (await viewer.find({ uuid }, { limit: 1 }))[0] ?? null;
  const mobile: RequestHandler = async (req, res) => {
    const version = await pages.byUuid(pathParam(req, 'uuid'), findByUuid);
    await reader(req, res, version, 'mobile', typeof req.params.contentId === 'string' ? req.params.contentId : null);
  };
  router.use('/assets', compressedViewerAssets(deps.webDist));
  router.get('/m/:uuid', mobile);
  router.get('/m/:uuid/contents/:contentId', mobile);

  const preview: RequestHandler = (req, res) => {
    const lang = languageOf(req);
    const texts = VIEWER_TEXTS[lang];
    const html = viewerPageHtml({
      lang,
      screen: { kind: 'loading' },
      context: { lang, texts, links: { cover: '/', content: () => '/' } },
      data: null,
      meta: { title: texts.brand, url: `${baseUrlOf(req, deps.publicBaseUrl)}${req.path}`, noindex: true },
      assets: viewerAssets(),
    });
    send(req, res, 200, html);
  };
  router.get('/guidebooks/preview/:id', preview);
  router.get('/guidebooks/preview/:id/contents/:contentId', preview);

  router.get('/guidebooks/:id/contents/:contentId', async (req, res) => {
    const version = await pages.byId(pathParam(req, 'id'));
    await reader(req, res, version, 'public', pathParam(req, 'contentId'));
  });

  return router;
}
