import { describe, expect, it } from 'vitest';
import {
  GUIDEBOOK_MESSAGES,
  applyPatches,
  richParagraph,
  type GuidebookDocument,
  type Patch,
} from '@pocketguide/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pocketguide/platform/http/errors';
import {
  spec,
  now,
  at,
  owner,
  admin,
  stranger,
  doc,
  page,
  section,
  textItem,
  imageItem,
  created,
  published,
  deleted,
  renamePatches,
  renamed,
  edit,
  stateOf,
  decide,
  guidebookOf,
  after,
  allIds,
} from '../testing/guidebook-given.ts';
import type { GuidebookCommand } from './guidebook-commands.ts';
import { guidebookDecider } from './guidebook-decider.ts';
import { undoPatchesOf } from './guidebook-document-change.ts';
import { NOT_YOURS, type Actor, type GuidebookState } from './guidebook-state.ts';

/** Given/when/then for the commands that create a guidebook or change its document. */

describe('CreateGuidebook', () => {
  const create = (document: GuidebookDocument = doc, idSeed = 'cmd-1'): GuidebookCommand => ({
    type: 'CreateGuidebook',
    data: {
      guidebookId: 'g1',
      uuid: 'u1',
      owner: { userId: 'owner', company: 'Jeju Trails' },
      document,
      source: 'sample',
      idSeed,
      now,
    },
  });

  it('given nothing, records the whole document with the owner, the company and the source', () => {
    const [event] = decide([], create());
    expect(event).toMatchObject({
      type: 'GuidebookCreated',
      data: {
        v: 2,
        guidebookId: 'g1',
        uuid: 'u1',
        ownerId: 'owner',
        company: 'Jeju Trails',
        source: 'sample',
        createdAt: at,
      },
    });
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

  it("applies the structural rules: a page without icon gets its type's; blank titles stay blank (issue 11: no stored stand-ins)", () => {
    const broken = {
      ...doc,
      contents: [
        { ...page, title: ' ', icon: '' },
        { ...doc.contents[1]!, days: [{ ...doc.contents[1]!.days[0]!, title: richParagraph('  ') }] },
      ],
    };
    const { state } = after([], create(broken));
    const stored = guidebookOf(state).document;
    expect(stored.contents[0]).toMatchObject({ title: ' ', icon: '/icons/default/attractions.svg' });
    expect(stored.contents[1]?.days[0]?.title).toEqual(richParagraph('  '));
  });

  it("refuses a blank title with the spec's text, and a guidebook that exists", () => {
    spec
      .given([])
      .when(create({ ...doc, title: '  ' }))
      .thenThrows(ValidationError, GUIDEBOOK_MESSAGES.titleEmpty);
    spec.given([created]).when(create()).thenThrows(ConflictError, 'already exists');
  });

  it('evolves to an active guidebook, unpublished, at revision 0', () => {
    const state = stateOf([created]);
    expect(state).toMatchObject({
      status: 'active',
      revision: 0,
      guidebook: { ownerId: 'owner', settings: { published: false, password: '' }, undoable: [], redoable: [] },
    });
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
        decide(
          [created],
          edit([{ op: 'replace', path: ['contents', 0, 'sections', 0, 'items', 0, 'isImportant'], value: 'yes' }]),
        );
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).extra.errors?.[0]?.path).toBe('contents.0.sections.0.items.0.isImportant');
  });

  it('a patch whose path does not exist is refused naming it', () => {
    spec
      .given([created])
      .when(edit([{ op: 'replace', path: ['contents', 7, 'title'], value: 'x' }]))
      .thenThrows(ValidationError, /contents\.7/);
  });

  it("a blank title is refused with the spec's text", () => {
    spec
      .given([created])
      .when(edit([{ op: 'replace', path: ['title'], value: '' }]))
      .thenThrows(ValidationError, GUIDEBOOK_MESSAGES.titleEmpty);
  });

  it('the structural rules run after the patches; their fixes are stored as further patches with inverses', () => {
    const blankDay: Patch = { op: 'replace', path: ['contents', 1, 'days', 1, 'title'], value: [] };
    const blankPage: Patch = { op: 'replace', path: ['contents', 0, 'icon'], value: '' };
    const { decided, state } = after(
      [created],
      edit([blankPage, blankDay, { op: 'replace', path: ['title'], value: 'New' }]),
    );
    const event = decided[0];
    if (event?.type !== 'GuidebookEdited') throw new Error('expected an edit');
    expect(event.data.patches.slice(0, 3)).toEqual([
      blankPage,
      blankDay,
      { op: 'replace', path: ['title'], value: 'New' },
    ]);
    const stored = guidebookOf(state).document;
    expect(stored.contents[0]?.icon).toBe('/icons/default/attractions.svg');
    expect(stored.contents[1]?.days[1]?.title).toEqual(richParagraph());
    expect(applyPatches(doc, event.data.patches)).toEqual(stored);
    expect(applyPatches(stored, event.data.inversePatches)).toEqual(doc);
  });

  it('patches that change nothing (once the rules ran) append nothing', () => {
    spec
      .given([created])
      .when(edit([{ op: 'replace', path: ['title'], value: doc.title }]))
      .thenNothingHappens();
    spec
      .given([created])
      .when(
        edit([
          { op: 'replace', path: ['contents', 1, 'days', 0, 'title'], value: richParagraph('') },
          { op: 'replace', path: ['contents', 1, 'days', 0, 'title'], value: richParagraph('Day 1') },
        ]),
      )
      .thenNothingHappens();
  });

  it('the summary names the part: changing a day title reads "Day 2"', () => {
    const [event] = decide(
      [created],
      edit([{ op: 'replace', path: ['contents', 1, 'days', 1, 'title'], value: richParagraph('Arrival') }]),
    );
    expect(event?.type === 'GuidebookEdited' && event.data.summary).toEqual([
      { key: 'changed-day-title', params: { page: 'Type 2', day: 2 } },
    ]);
  });
});

describe('SaveGuidebook (PUT, the whole document)', () => {
  const save = (document: GuidebookDocument, actor: Actor = owner): GuidebookCommand => ({
    type: 'SaveGuidebook',
    data: { actor, document, idSeed: 'seed', now },
  });

  it('stores the difference from the current document as patches', () => {
    spec
      .given([created])
      .when(save({ ...doc, title: 'Jeju in autumn' }))
      .then([renamed]);
  });

  it('the same document appends nothing; a stranger is refused', () => {
    spec.given([created]).when(save(doc)).thenNothingHappens();
    spec
      .given([created])
      .when(save({ ...doc, title: 'x' }, stranger))
      .thenThrows(ForbiddenError);
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
  const undo = (revision: number, patches: Patch[], actor: Actor = owner): GuidebookCommand => ({
    type: 'UndoChange',
    data: { actor, target: { revision, patches }, now },
  });
  const redo = (revision: number, patches: Patch[]): GuidebookCommand => ({
    type: 'RedoChange',
    data: { actor: owner, target: { revision, patches }, now },
  });

  it('undo applies the stored inverse as a new change; the undone revision moves to the redo stack', () => {
    const { decided, state } = after(
      [created, renamed],
      undo(1, undoPatchesOf(renamed, guidebookOf(stateOf([created, renamed])).document)),
    );
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
    const undone = decide(
      [created, renamed],
      undo(1, renamed.type === 'GuidebookEdited' ? renamed.data.inversePatches : []),
    )[0]!;
    const { decided, state } = after([created, renamed, undone], redo(2, renamePatches));
    expect(decided[0]).toMatchObject({
      type: 'GuidebookEdited',
      data: { kind: 'redo', redoneRevision: 2, patches: renamePatches, baseRevision: 2 },
    });
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
    spec
      .given([created, renamed])
      .when(undo(0, []))
      .thenThrows(ConflictError, 'The change to undo is no longer the latest; try again');
    const undone = decide([created, renamed], undo(1, [{ op: 'replace', path: ['title'], value: '제주 3박 4일' }]))[0]!;
    spec
      .given([created, renamed, undone])
      .when(redo(1, []))
      .thenThrows(ConflictError, 'The change to redo is no longer the latest; try again');
    spec
      .given([created, renamed])
      .when(undo(1, [], stranger))
      .thenThrows(ForbiddenError);
  });

  it('settings changes are not undone: publishing does not enter the undo stack', () => {
    expect(guidebookOf(stateOf([created, renamed, published]))).toMatchObject({ undoable: [1] });
  });
});

describe('RestoreRevision', () => {
  const restore = (revision: number, document: GuidebookDocument): GuidebookCommand => ({
    type: 'RestoreRevision',
    data: { actor: owner, revision, document, now },
  });

  it('brings back an earlier document as a new change of kind restore (never a rewrite)', () => {
    const { decided, state } = after([created, renamed], restore(0, doc));
    expect(decided[0]).toMatchObject({
      type: 'GuidebookEdited',
      data: {
        kind: 'restore',
        restoredRevision: 0,
        baseRevision: 1,
        patches: [{ op: 'replace', path: ['title'], value: '제주 3박 4일' }],
        summary: [{ key: 'restored-version', params: { revision: 0 } }],
      },
    });
    expect(guidebookOf(state)).toMatchObject({ document: doc, undoable: [1, 2] });
  });

  it('the same document appends nothing; a revision after the current one is not found', () => {
    spec
      .given([created, renamed])
      .when(restore(0, { ...doc, title: 'Jeju in autumn' }))
      .thenNothingHappens();
    spec.given([created]).when(restore(5, doc)).thenThrows(NotFoundError);
  });
});

describe('CopyContentPage', () => {
  const copy = (contentId: string): GuidebookCommand => ({
    type: 'CopyContentPage',
    data: { actor: owner, contentId, idSeed: 'copy-seed', now },
  });

  it('copies the whole page with new ids right after the original', () => {
    const { decided, state } = after([created], copy(page._id));
    expect(decided[0]).toMatchObject({
      type: 'ContentPageCopied',
      data: { sourceContentId: page._id, index: 1, copiedAt: at },
    });
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
  const remove = (contentId: string, itemId: string, actor: Actor = owner): GuidebookCommand => ({
    type: 'DeleteSectionItem',
    data: { actor, contentId, itemId, now },
  });

  it('records the item, its section and place, so undo can put it back', () => {
    spec
      .given([created])
      .when(remove(page._id, imageItem._id))
      .then([
        {
          type: 'SectionItemDeleted',
          data: {
            guidebookId: 'g1',
            contentId: page._id,
            sectionId: section._id,
            itemId: imageItem._id,
            item: imageItem,
            index: 1,
            deletedAt: at,
          },
        },
      ]);
    const [removed] = decide([created], remove(page._id, textItem._id));
    const current = guidebookOf(stateOf([created, removed!])).document;
    expect(current.contents[0]?.sections[0]?.items).toEqual([imageItem]);
    expect(applyPatches(current, undoPatchesOf(removed!, current))).toEqual(doc);
  });

  it('unknown page or item: not found; a stranger: refused', () => {
    spec.given([created]).when(remove('nope', textItem._id)).thenThrows(NotFoundError);
    spec.given([created]).when(remove(page._id, 'nope')).thenThrows(NotFoundError);
    spec
      .given([created])
      .when(remove(page._id, textItem._id, stranger))
      .thenThrows(ForbiddenError);
  });
});

describe('UploadImage', () => {
  const image = {
    large: '/media/guidebooks/g1/large-a.webp',
    medium: '/media/guidebooks/g1/medium-a.webp',
    small: '/media/guidebooks/g1/small-a.webp',
  };
  const upload = (target: Extract<GuidebookCommand, { type: 'UploadImage' }>['data']['target']): GuidebookCommand => ({
    type: 'UploadImage',
    data: { actor: owner, target, image, now },
  });

  it('puts the image in the header as an edit of kind upload', () => {
    spec
      .given([created])
      .when(upload({ kind: 'header' }))
      .then([
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
    const { state } = after(
      [created],
      upload({ kind: 'item', contentId: page._id, sectionId: section._id, itemId: imageItem._id }),
    );
    expect(guidebookOf(state).document.contents[0]?.sections[0]?.items[1]).toMatchObject({ image });
    spec
      .given([created])
      .when(upload({ kind: 'item', contentId: page._id, sectionId: section._id, itemId: 'nope' }))
      .thenThrows(NotFoundError);
    spec
      .given([created])
      .when(upload({ kind: 'item', contentId: page._id, sectionId: section._id, itemId: textItem._id }))
      .thenThrows(ValidationError, /takes no image/);
  });
});

describe('a save on the document the previous save made (issue 20: checked and normalised by its change)', () => {
  const outcome = (state: GuidebookState, command: GuidebookCommand) => {
    try {
      return { events: guidebookDecider.decide(command, state) };
    } catch (error) {
      return {
        error: `${(error as Error).name}: ${(error as Error).message}`,
        issues: (error as ValidationError).extra?.errors,
      };
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
      edit([
        { op: 'replace', path: ['contents', 1, 'days', 1, 'title'], value: [] },
        { op: 'replace', path: ['contents', 0, 'icon'], value: '' },
      ]),
      edit([{ op: 'replace', path: ['footer', 'text'], value: [{ type: 'paragraph', children: [] }] }]),
      edit([{ op: 'remove', path: ['contents', 1] }]),
    ];
    for (const command of commands) expect(outcome(kept, command)).toEqual(outcome(loaded, command));
  });
});
