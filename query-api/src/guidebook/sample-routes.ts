import { Router, type Request } from 'express';
import {
  DEFAULT_LANGUAGE,
  GUIDEBOOK_EDITOR,
  SAMPLE_CONTENTS_MAX,
  USERS,
  sampleContents,
  sampleGuidebook,
  sampleQuerySchema,
  type GuidebookEditorDoc,
  type Language,
  type SampleContent,
  type SampleContents,
  type SampleGuidebook,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';
import { guidebookOwners } from './guidebook-owners.ts';

export type SampleRoutesDeps = { readStore: ReadStore; readYourWrites: ReadYourWrites; auth: Auth };

/** Samples read the marked guidebooks and who is an administrator now. */
const SAMPLE_READ_MODELS = [GUIDEBOOK_EDITOR, USERS] as const;

/**
 * GET sample/guidebook and GET sample/guidebook-content (signed in; spec 1 §2, §4): what a new guidebook or a new
 * content page can start from.
 *
 * - The sample guidebook is the newest guidebook an administrator marked as Sample Guidebook, or else the built-in
 *   one in the caller's language (`?lang=kr|en`, else the profile's).
 * - The sample contents are the pages of the guidebooks administrators marked as Sample Content (newest first),
 *   then the built-in sample's pages, at most 9 in all: what the choose-content popup lists.
 *
 * Marks count only while their owner is an administrator: marking is an administrator's right (spec 1 §6).
 */
export function sampleRoutes({ readStore, readYourWrites, auth }: SampleRoutesDeps): Router {
  const router = Router();
  const editor = readStore.collection<GuidebookEditorDoc>(GUIDEBOOK_EDITOR);
  const owners = guidebookOwners(readStore);

  async function languageOf(req: Request): Promise<Language> {
    const { lang } = parseOrThrow(sampleQuerySchema, req.query, 'query');
    if (lang) return lang;
    const caller = req.user ? await owners.get(req.user.id) : null;
    return caller?.language ?? DEFAULT_LANGUAGE;
  }

  async function marked(flag: 'isSampleGuidebook' | 'isSampleContent', limit: number): Promise<GuidebookEditorDoc[]> {
    return editor.find(
      { [flag]: true, ownerId: await owners.ownerTypeCondition('admin') },
      { sort: { updatedAt: -1, id: 1 }, limit },
    );
  }

  router.get('/sample/guidebook', auth.required, async (req, res) => {
    const language = await languageOf(req);
    await readYourWrites(req, res, SAMPLE_READ_MODELS);
    const [chosen] = await marked('isSampleGuidebook', 1);
    const answer: SampleGuidebook = chosen
      ? { ...chosen.document, _id: 'sample', origin: 'marked', guidebookId: chosen.id }
      : { ...sampleGuidebook(language), _id: 'sample', origin: 'built-in' };
    res.json(answer);
  });

  router.get('/sample/guidebook-content', auth.required, async (req, res) => {
    const language = await languageOf(req);
    await readYourWrites(req, res, SAMPLE_READ_MODELS);
    const markedPages: SampleContent[] = (await marked('isSampleContent', SAMPLE_CONTENTS_MAX)).flatMap((doc) =>
      doc.document.contents.map((page) => ({
        ...page,
        isSampleContent: true,
        origin: 'marked' as const,
        guidebookId: doc.id,
      })),
    );
    const builtIn: SampleContent[] = sampleContents(language).map((page) => ({ ...page, origin: 'built-in' as const }));
    const answer: SampleContents = { results: [...markedPages, ...builtIn].slice(0, SAMPLE_CONTENTS_MAX) };
    res.json(answer);
  });

  return router;
}
