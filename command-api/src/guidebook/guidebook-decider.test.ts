import { describe, expect, it } from 'vitest';
import {
  GUIDEBOOK_MESSAGES,
  applyPatches,
  newContentPage,
  newDay,
  newGuidebookDocument,
  newSectionItem,
  richParagraph,
  type GuidebookDocument,
  type GuidebookEvent,
  type IdGenerator,
  type Patch,
} from '@pocketguide/contracts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import { SubscriptionRequiredError } from './guidebook-errors.ts';
import {
  GROWTH_QUOTA_MESSAGE,
  GUIDEBOOK_EVENTS_PER_DAY,
  NOT_YOURS,
  SAMPLE_FLAGS_REFUSED,
  guidebookDecider,
  undoPatchesOf,
  type Actor,
  type GuidebookCommand,
  type GuidebookState,
} from './guidebook-decider.ts';

const spec = deciderSpec(guidebookDecider);
const now = new Date('2026-11-22T09:00:00.000Z');
const at = now.toISOString();
const owner: Actor = { userId: 'owner', isAdmin: false };
const admin: Actor = { userId: 'admin', isAdmin: true };
const stranger: Actor = { userId: 'stranger', isAdmin: false };

/** Readable fixed ids for the given document. */
function counter(prefix: string): IdGenerator {
  let n = 0;
  return { newId: () => `${prefix}${n++}` };
}

function sampleDocument(): GuidebookDocument {
  const ids = counter('id-');
  // new pages are untitled (issue 11: 'Type N' is the editor's placeholder); these are named by their authors
  const attractions = { ...newContentPage('attractions', ids), title: 'Type 1' };
  const text = newSectionItem('text', ids);
  const image = newSectionItem('image', ids);
  const itinerary = { ...newContentPage('itinerary', ids), title: 'Type 2', days: [newDay(ids, 'Day 1'), newDay(ids, 'Day 2')] };
  return {
    ...newGuidebookDocument({ title: '제주 3박 4일' }),
    contents: [{ ...attractions, sections: [{ ...attractions.sections[0]!, items: [text, image] }] }, itinerary],
  };
}
const doc = sampleDocument();
const page = doc.contents[0]!;
const section = page.sections[0]!;
const textItem = section.items[0]!;
const imageItem = section.items[1]!;

const created: GuidebookEvent = {
  type: 'GuidebookCreated',
  data: { v: 2, guidebookId: 'g1', uuid: 'u1', ownerId: 'owner', company: 'Jeju Trails', document: doc, source: 'new', createdAt: at },
};
const published: GuidebookEvent = { type: 'GuidebookPublished', data: { guidebookId: 'g1', publishedAt: at } };
const deleted: GuidebookEvent = { type: 'GuidebookDeleted', data: { guidebookId: 'g1', deletedAt: at } };
const renamePatches: Patch[] = [{ op: 'replace', path: ['title'], value: 'Jeju in autumn' }];
const renamed: GuidebookEvent = {
  type: 'GuidebookEdited',
  data: {
    guidebookId: 'g1',
    baseRevision: 0,
    patches: renamePatches,
    inversePatches: [{ op: 'replace', path: ['title'], value: '제주 3박 4일' }],
    summary: [{ key: 'renamed-guidebook', params: { title: 'Jeju in autumn' } }],
    kind: 'edit',
    editedAt: at,
  },
};

const edit = (patches: Patch[], actor: Actor = owner): GuidebookCommand => ({ type: 'EditGuidebook', data: { actor, patches, idSeed: 'seed', now } });
const stateOf = (events: GuidebookEvent[]): GuidebookState => events.reduce(guidebookDecider.evolve, guidebookDecider.initialState());
const decide = (events: GuidebookEvent[], command: GuidebookCommand) => guidebookDecider.decide(command, stateOf(events));
const guidebookOf = (state: GuidebookState) => {
  if (state.status === 'none') throw new Error('no guidebook');
  return state.guidebook;
};
/** The events a command decides, then the state after them. */
function after(events: GuidebookEvent[], command: GuidebookCommand) {
  const decided = decide(events, command);
  return { decided, state: stateOf([...events, ...decided]) };
}
const allIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(allIds);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '_id' && typeof child === 'string' ? [child] : allIds(child)));
};

describe('CreateGuidebook', () => {
  const create = (document: GuidebookDocument = doc, idSeed = 'cmd-1'): GuidebookCommand => ({
    type: 'CreateGuidebook',
    data: { guidebookId: 'g1', uuid: 'u1', owner: { userId: 'owner', company: 'Jeju Trails' }, document, source: 'sample', idSeed, now },
  });

  it('given nothing, records the whole document with the owner, the company and the source', () => {
    const [event] = decide([], create());
    expect(event).toMatchObject({ type: 'GuidebookCreated', data: { v: 2, guidebookId: 'g1', uuid: 'u1', ownerId: 'owner', company: 'Jeju Trails', source: 'sample', createdAt: at } });
  });

  it('gives every nested part a fresh id, the same ones for the same command (a retry)', () => {
    const [event] = decide([], create());
    const [again] = decide([], create());
    const [other] = decide([], create(doc, 'cmd-2'));
    const fresh = allIds(event?.data);
    expect(fresh).toHaveLength(allIds(doc).length);
    expect(fresh.filter((id) => allIds(doc).includes(id))).toEqual([]);
    expect(new Set(fresh).size).toBe(fresh.length);
    expect(allIds(again?.data)).toEqual(fresh);
    expect(allIds(other?.data)).not.toEqual(fresh);
  });

  it('applies the structural rules: a page without icon gets its type\'s; blank titles stay blank (issue 11: no stored stand-ins)', () => {
    const broken = { ...doc, contents: [{ ...page, title: ' ', icon: '' }, { ...doc.contents[1]!, days: [{ ...doc.contents[1]!.days[0]!, title: richParagraph('  ') }] }] };
    const { state } = after([], create(broken));
    const stored = guidebookOf(state).document;
    expect(stored.contents[0]).toMatchObject({ title: ' ', icon: '/icons/default/attractions.svg' });
    expect(stored.contents[1]?.days[0]?.title).toEqual(richParagraph('  '));
  });

  it("refuses a blank title with the spec's text, and a guidebook that exists", () => {
    spec.given([]).when(create({ ...doc, title: '  ' })).thenThrows(ValidationError, GUIDEBOOK_MESSAGES.titleEmpty);
    spec.given([created]).when(create()).thenThrows(ConflictError, 'already exists');
  });

  it('evolves to an active guidebook, unpublished, at revision 0', () => {
    const state = stateOf([created]);
    expect(state).toMatchObject({ status: 'active', revision: 0, guidebook: { ownerId: 'owner', settings: { published: false, password: '' }, undoable: [], redoable: [] } });
  });
});

describe('EditGuidebook (PATCH)', () => {
  it('records the patches, the inverses the server computed and a summary', () => {
    spec.given([created]).when(edit(renamePatches)).then([renamed]);
  });

  it('owners and administrators may; anyone else is refused; unknown and deleted guidebooks are not found', () => {
    spec.given([created]).when(edit(renamePatches, stranger)).thenThrows(ForbiddenError, NOT_YOURS);
    expect(decide([created], edit(renamePatches, admin))).toHaveLength(1);
    spec.given([]).when(edit(renamePatches)).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(edit(renamePatches)).thenThrows(NotFoundError);
  });

  it('a patch that breaks the schema is refused naming the path', () => {
    const thrown = (() => {
      try {
        decide([created], edit([{ op: 'replace', path: ['contents', 0, 'sections', 0, 'items', 0, 'isImportant'], value: 'yes' }]));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).extra.errors?.[0]?.path).toBe('contents.0.sections.0.items.0.isImportant');
  });

  it('a patch whose path does not exist is refused naming it', () => {
    spec.given([created]).when(edit([{ op: 'replace', path: ['contents', 7, 'title'], value: 'x' }])).thenThrows(ValidationError, /contents\.7/);
  });

  it("a blank title is refused with the spec's text", () => {
    spec.given([created]).when(edit([{ op: 'replace', path: ['title'], value: '' }])).thenThrows(ValidationError, GUIDEBOOK_MESSAGES.titleEmpty);
  });

  it('the structural rules run after the patches; their fixes are stored as further patches with inverses', () => {
    const blankDay: Patch = { op: 'replace', path: ['contents', 1, 'days', 1, 'title'], value: [] };
    const blankPage: Patch = { op: 'replace', path: ['contents', 0, 'icon'], value: '' };
    const { decided, state } = after([created], edit([blankPage, blankDay, { op: 'replace', path: ['title'], value: 'New' }]));
    const event = decided[0];
    if (event?.type !== 'GuidebookEdited') throw new Error('expected an edit');
    expect(event.data.patches.slice(0, 3)).toEqual([blankPage, blankDay, { op: 'replace', path: ['title'], value: 'New' }]);
    const stored = guidebookOf(state).document;
    expect(stored.contents[0]?.icon).toBe('/icons/default/attractions.svg');
    expect(stored.contents[1]?.days[1]?.title).toEqual(richParagraph());
    expect(applyPatches(doc, event.data.patches)).toEqual(stored);
    expect(applyPatches(stored, event.data.inversePatches)).toEqual(doc);
  });

  it('patches that change nothing (once the rules ran) append nothing', () => {
    spec.given([created]).when(edit([{ op: 'replace', path: ['title'], value: doc.title }])).thenNothingHappens();
    spec.given([created]).when(edit([{ op: 'replace', path: ['contents', 1, 'days', 0, 'title'], value: richParagraph('') }, { op: 'replace', path: ['contents', 1, 'days', 0, 'title'], value: richParagraph('Day 1') }])).thenNothingHappens();
  });

  it('the summary names the part: changing a day title reads "Day 2"', () => {
    const [event] = decide([created], edit([{ op: 'replace', path: ['contents', 1, 'days', 1, 'title'], value: richParagraph('Arrival') }]));
    expect(event?.type === 'GuidebookEdited' && event.data.summary).toEqual([{ key: 'changed-day-title', params: { page: 'Type 2', day: 2 } }]);
  });
});

describe('a save on the document the previous save made (issue 20: checked and normalised by its change)', () => {
  const outcome = (state: GuidebookState, command: GuidebookCommand) => {
    try {
      return { events: guidebookDecider.decide(command, state) };
    } catch (error) {
      return { error: `${(error as Error).name}: ${(error as Error).message}`, issues: (error as ValidationError).extra?.errors };
    }
  };
  it('decides exactly as on the same document folded from the stored events', () => {
    const first = decide([created], edit([{ op: 'replace', path: ['title'], value: 'First' }]));
    // as the command handler keeps it: the state evolved with the very events decided
    const kept = first.reduce(guidebookDecider.evolve, stateOf([created]));
    // as a load from the store makes it: other objects, equal
    const loaded = stateOf([created, ...structuredClone(first)]);
    expect(kept).toEqual(loaded);
    const item = (index: number) => ['contents', 0, 'sections', 0, 'items', index];
    const commands: GuidebookCommand[] = [
      edit([{ op: 'replace', path: ['title'], value: 'Second' }]),
      edit([{ op: 'replace', path: ['title'], value: '' }]),
      edit([{ op: 'replace', path: ['title'], value: 'x'.repeat(201) }]),
      edit([{ op: 'replace', path: [...item(0), 'isImportant'], value: 'yes' }]),
      edit([{ op: 'add', path: [...item(0), 'colour'], value: 'red' }]),
      edit([{ op: 'replace', path: [...item(0), 'type'], value: 'title' }]),
      edit([{ op: 'replace', path: [...item(0), 'type'], value: 'map' }]),
      // a copy of an item with its id: the rules give the copy a fresh one
      edit([{ op: 'add', path: item(2), value: textItem }]),
      // fixed by the rules: an emptied day title, an emptied icon
      edit([{ op: 'replace', path: ['contents', 1, 'days', 1, 'title'], value: [] }, { op: 'replace', path: ['contents', 0, 'icon'], value: '' }]),
      edit([{ op: 'replace', path: ['footer', 'text'], value: [{ type: 'paragraph', children: [] }] }]),
      edit([{ op: 'remove', path: ['contents', 1] }]),
    ];
    for (const command of commands) expect(outcome(kept, command)).toEqual(outcome(loaded, command));
  });
});

describe('SaveGuidebook (PUT, the whole document)', () => {
  const save = (document: GuidebookDocument, actor: Actor = owner): GuidebookCommand => ({ type: 'SaveGuidebook', data: { actor, document, idSeed: 'seed', now } });

  it('stores the difference from the current document as patches', () => {
    spec.given([created]).when(save({ ...doc, title: 'Jeju in autumn' })).then([renamed]);
  });

  it('the same document appends nothing; a stranger is refused', () => {
    spec.given([created]).when(save(doc)).thenNothingHappens();
    spec.given([created]).when(save({ ...doc, title: 'x' }, stranger)).thenThrows(ForbiddenError);
  });

  it('a moved content page is a remove and an add, and the inverse moves it back', () => {
    const moved = { ...doc, contents: [doc.contents[1]!, doc.contents[0]!] };
    const [event] = decide([created], save(moved));
    if (event?.type !== 'GuidebookEdited') throw new Error('expected an edit');
    expect(event.data.patches).toHaveLength(2);
    expect(applyPatches(moved, event.data.inversePatches)).toEqual(doc);
  });
});

describe('undo and redo of saved changes', () => {
  const undo = (revision: number, patches: Patch[], actor: Actor = owner): GuidebookCommand => ({ type: 'UndoChange', data: { actor, target: { revision, patches }, now } });
  const redo = (revision: number, patches: Patch[]): GuidebookCommand => ({ type: 'RedoChange', data: { actor: owner, target: { revision, patches }, now } });

  it('undo applies the stored inverse as a new change; the undone revision moves to the redo stack', () => {
    const { decided, state } = after([created, renamed], undo(1, undoPatchesOf(renamed, guidebookOf(stateOf([created, renamed])).document)));
    expect(decided).toEqual([
      {
        type: 'GuidebookEdited',
        data: {
          guidebookId: 'g1',
          baseRevision: 1,
          patches: [{ op: 'replace', path: ['title'], value: '제주 3박 4일' }],
          inversePatches: renamePatches,
          summary: [{ key: 'renamed-guidebook', params: { title: '제주 3박 4일' } }],
          kind: 'undo',
          undoneRevision: 1,
          editedAt: at,
        },
      },
    ]);
    expect(guidebookOf(state)).toMatchObject({ document: doc, undoable: [], redoable: [2] });
  });

  it('redo applies the undo’s inverse; the redo itself can be undone', () => {
    const undone = decide([created, renamed], undo(1, renamed.type === 'GuidebookEdited' ? renamed.data.inversePatches : []))[0]!;
    const { decided, state } = after([created, renamed, undone], redo(2, renamePatches));
    expect(decided[0]).toMatchObject({ type: 'GuidebookEdited', data: { kind: 'redo', redoneRevision: 2, patches: renamePatches, baseRevision: 2 } });
    expect(guidebookOf(state)).toMatchObject({ document: { title: 'Jeju in autumn' }, undoable: [3], redoable: [] });
  });

  it('a new change empties the redo stack', () => {
    const undone = decide([created, renamed], undo(1, [{ op: 'replace', path: ['title'], value: '제주 3박 4일' }]))[0]!;
    const { state } = after([created, renamed, undone], edit([{ op: 'replace', path: ['title'], value: 'Busan' }]));
    expect(guidebookOf(state)).toMatchObject({ undoable: [3], redoable: [] });
  });

  it('nothing to undo or redo, or a target that is not the latest: refused as a conflict', () => {
    spec.given([created]).when(undo(0, [])).thenThrows(ConflictError, 'no saved change to undo');
    spec.given([created, renamed]).when(redo(1, [])).thenThrows(ConflictError, 'no undone change to redo');
    spec.given([created, renamed]).when(undo(0, [])).thenThrows(ConflictError, 'no longer the latest');
    spec.given([created, renamed]).when(undo(1, [], stranger)).thenThrows(ForbiddenError);
  });

  it('settings changes are not undone: publishing does not enter the undo stack', () => {
    expect(guidebookOf(stateOf([created, renamed, published]))).toMatchObject({ undoable: [1] });
  });
});

describe('RestoreRevision', () => {
  const restore = (revision: number, document: GuidebookDocument): GuidebookCommand => ({ type: 'RestoreRevision', data: { actor: owner, revision, document, now } });

  it('brings back an earlier document as a new change of kind restore (never a rewrite)', () => {
    const { decided, state } = after([created, renamed], restore(0, doc));
    expect(decided[0]).toMatchObject({
      type: 'GuidebookEdited',
      data: { kind: 'restore', restoredRevision: 0, baseRevision: 1, patches: [{ op: 'replace', path: ['title'], value: '제주 3박 4일' }], summary: [{ key: 'restored-version', params: { revision: 0 } }] },
    });
    expect(guidebookOf(state)).toMatchObject({ document: doc, undoable: [1, 2] });
  });

  it('the same document appends nothing; a revision after the current one is not found', () => {
    spec.given([created, renamed]).when(restore(0, { ...doc, title: 'Jeju in autumn' })).thenNothingHappens();
    spec.given([created]).when(restore(5, doc)).thenThrows(NotFoundError);
  });
});

describe('CopyContentPage', () => {
  const copy = (contentId: string): GuidebookCommand => ({ type: 'CopyContentPage', data: { actor: owner, contentId, idSeed: 'copy-seed', now } });

  it('copies the whole page with new ids right after the original', () => {
    const { decided, state } = after([created], copy(page._id));
    expect(decided[0]).toMatchObject({ type: 'ContentPageCopied', data: { sourceContentId: page._id, index: 1, copiedAt: at } });
    const contents = guidebookOf(state).document.contents;
    expect(contents.map((c) => c.title)).toEqual(['Type 1', 'Type 1', 'Type 2']);
    expect(allIds(contents[1]).filter((id) => allIds(page).includes(id))).toEqual([]);
    expect(contents[1]?.sections[0]?.items.map((item) => item.type)).toEqual(['text', 'image']);
    expect(guidebookOf(state).undoable).toEqual([1]);
  });

  it('an unknown page is not found; undo removes the copy', () => {
    spec.given([created]).when(copy('nope')).thenThrows(NotFoundError);
    const [copied] = decide([created], copy(page._id));
    const current = guidebookOf(stateOf([created, copied!])).document;
    expect(applyPatches(current, undoPatchesOf(copied!, current))).toEqual(doc);
  });
});

describe('DeleteSectionItem', () => {
  const remove = (contentId: string, itemId: string, actor: Actor = owner): GuidebookCommand => ({ type: 'DeleteSectionItem', data: { actor, contentId, itemId, now } });

  it('records the item, its section and place, so undo can put it back', () => {
    spec
      .given([created])
      .when(remove(page._id, imageItem._id))
      .then([{ type: 'SectionItemDeleted', data: { guidebookId: 'g1', contentId: page._id, sectionId: section._id, itemId: imageItem._id, item: imageItem, index: 1, deletedAt: at } }]);
    const [removed] = decide([created], remove(page._id, textItem._id));
    const current = guidebookOf(stateOf([created, removed!])).document;
    expect(current.contents[0]?.sections[0]?.items).toEqual([imageItem]);
    expect(applyPatches(current, undoPatchesOf(removed!, current))).toEqual(doc);
  });

  it('unknown page or item: not found; a stranger: refused', () => {
    spec.given([created]).when(remove('nope', textItem._id)).thenThrows(NotFoundError);
    spec.given([created]).when(remove(page._id, 'nope')).thenThrows(NotFoundError);
    spec.given([created]).when(remove(page._id, textItem._id, stranger)).thenThrows(ForbiddenError);
  });
});

describe('UploadImage', () => {
  const image = { large: '/media/guidebooks/g1/large-a.webp', medium: '/media/guidebooks/g1/medium-a.webp', small: '/media/guidebooks/g1/small-a.webp' };
  const upload = (target: Extract<GuidebookCommand, { type: 'UploadImage' }>['data']['target']): GuidebookCommand => ({ type: 'UploadImage', data: { actor: owner, target, image, now } });

  it('puts the image in the header as an edit of kind upload', () => {
    spec.given([created]).when(upload({ kind: 'header' })).then([
      {
        type: 'GuidebookEdited',
        data: {
          guidebookId: 'g1',
          baseRevision: 0,
          patches: [{ op: 'add', path: ['header', 'image'], value: image }],
          inversePatches: [{ op: 'remove', path: ['header', 'image'] }],
          summary: [{ key: 'uploaded-image', params: { part: 'header' } }],
          kind: 'upload',
          upload: { target: { kind: 'header' }, image },
          editedAt: at,
        },
      },
    ]);
  });

  it('into an image item; a missing item is not found; a text item takes no image', () => {
    const { state } = after([created], upload({ kind: 'item', contentId: page._id, sectionId: section._id, itemId: imageItem._id }));
    expect(guidebookOf(state).document.contents[0]?.sections[0]?.items[1]).toMatchObject({ image });
    spec.given([created]).when(upload({ kind: 'item', contentId: page._id, sectionId: section._id, itemId: 'nope' })).thenThrows(NotFoundError);
    spec.given([created]).when(upload({ kind: 'item', contentId: page._id, sectionId: section._id, itemId: textItem._id })).thenThrows(ValidationError, /takes no image/);
  });
});

describe('DeleteGuidebook (soft)', () => {
  const remove = (actor: Actor = owner): GuidebookCommand => ({ type: 'DeleteGuidebook', data: { actor, now } });

  it('marks it deleted; a published one is unpublished first; deleting again changes nothing', () => {
    spec.given([created]).when(remove()).then([deleted]);
    spec.given([created, published]).when(remove()).then([{ type: 'GuidebookUnpublished', data: { guidebookId: 'g1', reason: 'deleted', unpublishedAt: at } }, deleted]);
    spec.given([created, deleted]).when(remove()).thenNothingHappens();
    expect(stateOf([created, deleted])).toMatchObject({ status: 'deleted', revision: 1 });
  });

  it('a stranger is refused; an administrator may', () => {
    spec.given([created]).when(remove(stranger)).thenThrows(ForbiddenError);
    spec.given([created]).when(remove(admin)).then([deleted]);
  });
});

describe('the daily growth quota of a guidebook stream', () => {
  // the created event and as many renames as fill the day's quota, all on 22 November
  const fullDay: GuidebookEvent[] = [created, ...Array.from({ length: GUIDEBOOK_EVENTS_PER_DAY - 1 }, () => renamed)];
  const nextDay = new Date(now.getTime() + 24 * 60 * 60_000);

  it('given a day with its quota of events, a further change is refused until the next day (UTC)', () => {
    spec.given(fullDay.slice(0, -1)).when(edit([{ op: 'replace', path: ['title'], value: 'Still fits' }])).then([
      expect.objectContaining({ type: 'GuidebookEdited' }) as GuidebookEvent,
    ]);
    spec.given(fullDay).when(edit([{ op: 'replace', path: ['title'], value: 'One too many' }])).thenThrows(TooManyRequestsError, GROWTH_QUOTA_MESSAGE);
    spec.given(fullDay).when(edit([{ op: 'replace', path: ['title'], value: 'Tomorrow' }], admin)).thenThrows(TooManyRequestsError);
    const tomorrow: GuidebookCommand = { type: 'EditGuidebook', data: { actor: owner, patches: [{ op: 'replace', path: ['title'], value: 'Tomorrow' }], idSeed: 'seed', now: nextDay } };
    expect(decide(fullDay, tomorrow)).toHaveLength(1);
  });

  it('deleting and unpublishing stay possible past it', () => {
    spec.given(fullDay).when({ type: 'DeleteGuidebook', data: { actor: owner, now } }).then([deleted]);
    expect(decide([...fullDay, published], { type: 'UnpublishGuidebook', data: { actor: owner, reason: 'single', now } })).toHaveLength(1);
  });
});

describe('publishing', () => {
  const publish = (mayPublish: boolean, actor: Actor = owner): GuidebookCommand => ({ type: 'PublishGuidebook', data: { actor, mayPublish, now } });
  const unpublish: GuidebookCommand = { type: 'UnpublishGuidebook', data: { actor: owner, reason: 'single', now } };
  const gallery = (isPublicGallery: boolean): GuidebookCommand => ({ type: 'SetPublicGallery', data: { actor: owner, isPublicGallery, now } });
  const galleryOn: GuidebookEvent = { type: 'GuidebookPublicGallerySet', data: { guidebookId: 'g1', isPublicGallery: true, setAt: at } };

  it('a subscriber (or an administrator) publishes', () => {
    spec.given([created]).when(publish(true)).then([published]);
    spec.given([created]).when(publish(true, admin)).then([published]);
  });

  it("without a subscription: refused with the spec's text; a stranger: refused; published already: nothing", () => {
    spec.given([created]).when(publish(false)).thenThrows(SubscriptionRequiredError, 'You need to subscribe to publish this guidebook');
    spec.given([created]).when(publish(true, stranger)).thenThrows(ForbiddenError);
    spec.given([created, published]).when(publish(false)).thenNothingHappens();
  });

  it('unpublishes (and leaves the gallery); not published: nothing', () => {
    spec.given([created, published]).when(unpublish).then([{ type: 'GuidebookUnpublished', data: { guidebookId: 'g1', reason: 'single', unpublishedAt: at } }]);
    spec.given([created]).when(unpublish).thenNothingHappens();
    const unpublished: GuidebookEvent = { type: 'GuidebookUnpublished', data: { guidebookId: 'g1', reason: 'single', unpublishedAt: at } };
    expect(guidebookOf(stateOf([created, published, galleryOn, unpublished])).settings).toMatchObject({ published: false, isPublicGallery: false });
  });

  it('the public gallery only when published; the same value changes nothing', () => {
    spec.given([created]).when(gallery(true)).thenThrows(ConflictError, GUIDEBOOK_MESSAGES.galleryNeedsPublished);
    spec.given([created, published]).when(gallery(true)).then([galleryOn]);
    spec.given([created, published, galleryOn]).when(gallery(true)).thenNothingHappens();
    spec.given([created, published, galleryOn]).when(gallery(false)).then([{ type: 'GuidebookPublicGallerySet', data: { guidebookId: 'g1', isPublicGallery: false, setAt: at } }]);
    spec.given([created]).when(gallery(false)).thenNothingHappens();
  });
});

describe('settings: password, sample flags, thumbnail', () => {
  const hashOf = (value: string) => (value === '' ? null : `$scrypt$ln=14,r=8,p=1$c2FsdA==$${value}`);
  const password = (value: string, actor: Actor = owner): GuidebookCommand => ({ type: 'SetGuidebookPassword', data: { actor, password: value, passwordHash: hashOf(value), now } });
  const sample = (actor: Actor, flags = { isSampleGuidebook: true, isSampleContent: false }): GuidebookCommand => ({ type: 'SetSampleFlags', data: { actor, ...flags, now } });
  const adminCreated: GuidebookEvent = { ...created, data: { ...(created.data as Extract<GuidebookEvent, { type: 'GuidebookCreated' }>['data']), ownerId: 'admin' } } as GuidebookEvent;
  const thumbnail = (url: string, generatedAt = now): GuidebookCommand => ({ type: 'RecordThumbnail', data: { thumbnailUrl: url, generatedAt, now } });

  it('sets and removes the share password; the same one changes nothing; a stranger is refused', () => {
    // The event carries the hash the command made (off the event loop), so no projector hashes.
    spec.given([created]).when(password('jeju2026')).then([{ type: 'GuidebookPasswordSet', data: { v: 2, guidebookId: 'g1', password: 'jeju2026', passwordHash: hashOf('jeju2026'), setAt: at } }]);
    const set: GuidebookEvent = { type: 'GuidebookPasswordSet', data: { v: 2, guidebookId: 'g1', password: 'jeju2026', passwordHash: hashOf('jeju2026'), setAt: at } };
    spec.given([created, set]).when(password('jeju2026')).thenNothingHappens();
    spec.given([created, set]).when(password('')).then([{ type: 'GuidebookPasswordSet', data: { v: 2, guidebookId: 'g1', password: '', passwordHash: null, setAt: at } }]);
    spec.given([created]).when(password('x', stranger)).thenThrows(ForbiddenError);
  });

  it('sample flags: only an administrator who owns it', () => {
    spec.given([adminCreated]).when(sample(admin)).then([{ type: 'GuidebookSampleFlagsSet', data: { guidebookId: 'g1', isSampleGuidebook: true, isSampleContent: false, setAt: at } }]);
    spec.given([created]).when(sample(admin)).thenThrows(ForbiddenError, SAMPLE_FLAGS_REFUSED);
    spec.given([created]).when(sample(owner)).thenThrows(ForbiddenError, SAMPLE_FLAGS_REFUSED);
    spec.given([adminCreated]).when(sample(admin, { isSampleGuidebook: false, isSampleContent: false })).thenNothingHappens();
  });

  it('records a thumbnail once, without touching updatedAt; a deleted guidebook: nothing; unknown: not found', () => {
    const later = new Date('2026-11-22T10:00:00.000Z');
    const { decided, state } = after([created], thumbnail('/media/thumbnails/g1-1.webp', later));
    expect(decided).toEqual([{ type: 'GuidebookThumbnailRecorded', data: { guidebookId: 'g1', thumbnailUrl: '/media/thumbnails/g1-1.webp', generatedAt: later.toISOString() } }]);
    expect(guidebookOf(state)).toMatchObject({ updatedAt: at, settings: { thumbnailUrl: '/media/thumbnails/g1-1.webp', thumbnailGeneratedAt: later.toISOString() } });
    spec.given([created, ...decided]).when(thumbnail('/media/thumbnails/g1-1.webp', later)).thenNothingHappens();
    spec.given([created, deleted]).when(thumbnail('/x.webp')).thenNothingHappens();
    spec.given([]).when(thumbnail('/x.webp')).thenThrows(NotFoundError);
  });

  it('records how long the thumbnail took, in whole milliseconds, when the worker measured it', () => {
    const later = new Date('2026-11-22T10:00:00.000Z');
    const measured: GuidebookCommand = { type: 'RecordThumbnail', data: { thumbnailUrl: '/media/thumbnails/g1/a.webp', generatedAt: later, renderMs: 1234.6, now } };
    spec
      .given([created])
      .when(measured)
      .then([
        {
          type: 'GuidebookThumbnailRecorded',
          data: { guidebookId: 'g1', thumbnailUrl: '/media/thumbnails/g1/a.webp', generatedAt: later.toISOString(), renderMs: 1235 },
        },
      ]);
  });
});
