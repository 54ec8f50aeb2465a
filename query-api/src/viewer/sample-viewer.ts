import { Router, type Request, type RequestHandler } from 'express';
import { sampleGuidebook, type GuidebookViewerDoc } from '@pocketguide/contracts';
import { viewerPaths, type ViewerGuidebook } from '@pocketguide/contracts/viewer/viewer-shapes';
import {
  VIEWER_TEXTS,
  acceptLanguageTags,
  viewerLanguage,
  type ViewerLanguage,
} from '@pocketguide/contracts/viewer/viewer-texts';
import { viewerLinks, type ViewerScreen } from '@pocketguide/contracts/viewer/render-viewer';
import { absoluteUrl, openAnswer } from './viewer-answer.ts';
import { builtAt } from './viewer-assets.ts';
import { loadViewerAssets, viewerPageHtml, type ViewerAssets } from './viewer-html.ts';
import { baseUrlOf, createHtmlSender, sendQrCode, type ViewerRoutesDeps } from './viewer-routes.ts';

/**
 * The front door's live sample: `/m/sample` is the built-in sample guidebook (the four-day Jeju trip new users
 * start from, `contracts/src/guidebook/sample-guidebook.ts`) drawn by the real readers' viewer, in the reader's
 * language, for anyone, signed in or not. It is never stored: no account owns it, nobody can edit, unpublish or
 * protect it, and reading it counts no views. Real guidebooks have random UUIDs, so `sample` names no other one.
 * Mounted before the readers' routes (`viewer-routes.ts`), which then never see it.
 */
export const SAMPLE_VIEWER_UUID = 'sample';

const built = new Map<ViewerLanguage, GuidebookViewerDoc>();

export function sampleViewerDoc(lang: ViewerLanguage): GuidebookViewerDoc {
  let doc = built.get(lang);
  if (!doc) {
    const document = sampleGuidebook(lang === 'ko' ? 'kr' : 'en');
    doc = {
      id: SAMPLE_VIEWER_UUID,
      uuid: SAMPLE_VIEWER_UUID,
      ownerId: '',
      published: true,
      document,
      title: document.title,
      description:
        lang === 'ko'
          ? '포켓가이드로 만든 제주 3박 4일 가족 여행 가이드북 샘플입니다.'
          : 'A sample guidebook made with PocketGuide: four days in Jeju with the family.',
      image: document.header.type === 'image' && document.header.image ? document.header.image.large : null,
      thumbnailUrl: null,
      hasPassword: false,
      passwordHash: null,
      publishedAt: null,
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    built.set(lang, doc);
  }
  return doc;
}

type SampleDeps = Pick<ViewerRoutesDeps, 'publicBaseUrl' | 'partners' | 'webDist'>;

const languageOf = (req: Request): ViewerLanguage =>
  viewerLanguage(
    typeof req.query.lang === 'string' ? req.query.lang : null,
    acceptLanguageTags(req.get('accept-language')),
  );

function sampleAnswer(req: Request, deps: SampleDeps): ViewerGuidebook {
  return openAnswer(sampleViewerDoc(languageOf(req)), {
    publicBaseUrl: baseUrlOf(req, deps.publicBaseUrl),
    partners: deps.partners,
  });
}

/** Under /api: `GET viewer/sample` (the viewer's fallback when a page carries no data) and its QR code. */
export function sampleViewerApiRoutes(deps: SampleDeps): Router {
  const router = Router();
  const qrCodes = new Map<string, string>();
  router.get(`/viewer/${SAMPLE_VIEWER_UUID}`, (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(sampleAnswer(req, deps));
  });
  router.get(`/viewer/${SAMPLE_VIEWER_UUID}/qr.svg`, async (req, res) => {
    const url = `${baseUrlOf(req, deps.publicBaseUrl)}${viewerPaths.mobile(SAMPLE_VIEWER_UUID)}`;
    await sendQrCode(res, url, qrCodes, 100);
  });
  return router;
}

/** `/m/sample` and `/m/sample/contents/{contentId}`: the sample's cover and pages, drawn on the server. */
export function sampleViewerPageRoutes(deps: SampleDeps): Router {
  const router = Router();
  const send = createHtmlSender();
  let assets: { at: number; value: ViewerAssets } | undefined;
  const viewerAssets = (): ViewerAssets => {
    const at = builtAt(deps.webDist);
    if (assets?.at !== at) assets = { at, value: loadViewerAssets(deps.webDist) };
    return assets.value;
  };

  const page: RequestHandler = (req, res, next) => {
    const lang = languageOf(req);
    const guidebook = sampleAnswer(req, deps);
    const contentId = typeof req.params.contentId === 'string' ? req.params.contentId : null;
    const content =
      contentId === null ? null : guidebook.document.contents.find((candidate) => candidate._id === contentId);
    // An unknown page: the readers' routes answer it with their 'Not Found' splash.
    if (content === undefined) {
      next();
      return;
    }
    const publicBaseUrl = baseUrlOf(req, deps.publicBaseUrl);
    const context = { lang, texts: VIEWER_TEXTS[lang], links: viewerLinks({ mode: 'mobile' }, guidebook) };
    const screen: ViewerScreen = content
      ? { kind: 'content', guidebook, contentId: content._id }
      : { kind: 'cover', guidebook };
    const meta = {
      title: content ? `${content.title} · ${guidebook.title}` : guidebook.title,
      url: `${publicBaseUrl}${req.path}`,
      description: guidebook.description,
      ...(guidebook.image ? { image: absoluteUrl(guidebook.image, publicBaseUrl) } : {}),
    };
    send(req, res, 200, viewerPageHtml({ lang, screen, context, data: guidebook, meta, assets: viewerAssets() }));
  };
  router.get(viewerPaths.mobile(SAMPLE_VIEWER_UUID), page);
  router.get(`${viewerPaths.mobile(SAMPLE_VIEWER_UUID)}/contents/:contentId`, page);
  return router;
}
