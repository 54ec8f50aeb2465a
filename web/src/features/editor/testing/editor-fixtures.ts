import {
  cloneWithFreshIds,
  sampleGuidebook,
  type GuidebookDocument,
  type GuidebookView,
  type IdGenerator,
} from '@pocketguide/contracts';

/** Ids `t-1`, `t-2`, … so test documents compare predictably. */
export function countingIds(prefix = 't'): IdGenerator {
  let next = 0;
  return { newId: () => `${prefix}-${++next}` };
}

/** The built-in English sample with fresh ids: every item type, four pages. */
export const sampleDocument = (): GuidebookDocument => cloneWithFreshIds(sampleGuidebook('en'), countingIds('s'));

/** GET /api/guidebooks/{id}'s answer for a document at a revision. */
export function guidebookView(
  doc: GuidebookDocument,
  revision: number,
  overrides: Partial<GuidebookView> = {},
): GuidebookView {
  return {
    ...doc,
    _id: 'gb-1',
    uuid: 'uuid-1',
    user: 'user-1',
    company: '포켓트래블',
    published: false,
    isPublicGallery: false,
    isSampleGuidebook: false,
    isSampleContent: false,
    thumbnailUrl: null,
    thumbnailGeneratedAt: null,
    views: { count: 0 },
    password: '',
    hasPassword: false,
    createdAt: '2025-11-02T03:04:05.000Z',
    updatedAt: '2025-11-02T03:04:05.000Z',
    revision,
    ...overrides,
  };
}
