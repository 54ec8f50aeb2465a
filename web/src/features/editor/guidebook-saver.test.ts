import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  richParagraph,
  type GuidebookDocument,
  type Patch,
  type RichText,
  type SectionItemOf,
} from '@pocketguide/contracts';
import { createApiClient } from '../../lib/api-client.ts';
import { json, problem, stubFetch, type RecordedRequest } from '../../testing/fake-api.ts';
import { createEditorStore } from './editor-store.ts';
import { createGuidebookSaver, type SaverNotice } from './guidebook-saver.ts';
import { countingIds, guidebookView, sampleDocument } from './testing/editor-fixtures.ts';

const api = createApiClient({ getToken: () => 'token-1', onUnauthorized: () => {} });

const attractions = (doc: GuidebookDocument) => doc.contents.find((page) => page.contentType === 'attractions')!;
const firstText = (doc: GuidebookDocument) =>
  attractions(doc).sections[0]!.items.find((item) => item.type === 'text') as SectionItemOf<'text'>;

function setup(doc: GuidebookDocument = sampleDocument(), revision = 5) {
  const store = createEditorStore({ doc, origin: 'saved', guidebookId: 'gb-1', revision, ids: countingIds() });
  const notices: SaverNotice[] = [];
  const saver = createGuidebookSaver({ store, api, notify: (notice) => notices.push(notice), staleReadDelaysMs: [] });
  saver.start();
  /** What typing does in a Slate field: the first leaf's text changes. */
  const typeIn = (text: string) => {
    const { doc: current } = store.getState();
    store.editItem(
      attractions(current)._id,
      firstText(current)._id,
      (item) => void ((item as SectionItemOf<'text'>).content = withFirstLeaf(firstText(current).content, text)),
      'typing',
    );
  };
  return { store, saver, notices, typeIn };
}

function withFirstLeaf(content: RichText, text: string): RichText {
  const [first, ...rest] = content;
  if (!first || first.type === 'link' || first.type === 'break') return richParagraph(text);
  return [{ ...first, children: [{ text }, ...first.children.slice(1)] }, ...rest];
}
const firstLeafText = (content: RichText): string => {
  const leaf = content[0]?.children[0];
  return leaf && 'text' in leaf ? leaf.text : '';
};

const accepted = (revision: number, patches: Patch[] = []) =>
  json({ _id: 'gb-1', revision, position: 100 + revision, patches, changed: true });
const bodyOf = (request: RecordedRequest) => request.body as { patches: Patch[] };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('auto-save', () => {
  it('sends only the patches, 3 s after the last edit, against the revision they were made on', async () => {
    const requests = stubFetch(() => accepted(6));
    const { store, typeIn } = setup();
    typeIn(`${firstLeafText(firstText(store.getState().doc).content)}!`);

    await vi.advanceTimersByTimeAsync(2999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('PATCH');
    expect(request!.url.pathname).toBe('/api/guidebooks/gb-1');
    expect(request!.headers.get('If-Match')).toBe('"5"');
    expect(bodyOf(request!).patches).toHaveLength(1);

    const payloadBytes = new TextEncoder().encode(JSON.stringify(request!.body)).length;
    const documentBytes = new TextEncoder().encode(JSON.stringify(store.getState().doc)).length;
    console.log(
      `auto-save payload for a one-character edit: ${payloadBytes} bytes; the whole document: ${documentBytes} bytes`,
    );
    expect(payloadBytes * 20).toBeLessThan(documentBytes);

    await vi.waitFor(() => expect(store.getState().dirty).toBe(false));
    expect(store.getState().revision).toBe(6);
  });

  it('restarts the 3 s on every edit and sends the last value of a field once', async () => {
    const requests = stubFetch(() => accepted(6));
    const { typeIn } = setup();
    typeIn('H');
    await vi.advanceTimersByTimeAsync(2000);
    typeIn('Hi');
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(1);
    expect(bodyOf(requests[0]!).patches).toEqual([
      {
        op: 'replace',
        path: expect.arrayContaining(['contents', 'sections', 'items', 'content', 'children', 'text']) as unknown,
        value: 'Hi',
      },
    ]);
  });

  it('applies the fixes the server answers', async () => {
    const { store, saver, typeIn } = setup();
    stubFetch(() => accepted(6, [{ op: 'replace', path: ['title'], value: 'Fixed by the server' }]));
    typeIn('x');
    await saver.save();
    expect(store.getState().doc.title).toBe('Fixed by the server');
    expect(store.getState().savedDoc?.title).toBe('Fixed by the server');
  });

  it('a manual save confirms with Updated Guidebook; a blank title is refused without a request', async () => {
    const requests = stubFetch(() => accepted(6));
    const { store, saver, notices } = setup();
    store.edit((doc) => void (doc.title = '  '));
    await saver.save({ manual: true });
    expect(requests).toHaveLength(0);
    expect(notices).toEqual([{ kind: 'title-invalid', message: 'Title cannot be empty' }]);
    store.edit((doc) => void (doc.title = 'Jeju'));
    await saver.save({ manual: true });
    expect(requests).toHaveLength(1);
    expect(notices.at(-1)).toEqual({ kind: 'updated' });
  });

  it('inserts a new guidebook with Save and hands its id on', async () => {
    const requests = stubFetch(() => json({ _id: 'gb-9', uuid: 'u-9', revision: 0, position: 77 }, { status: 201 }));
    const store = createEditorStore({ doc: sampleDocument(), origin: 'sample', ids: countingIds() });
    const inserted: string[] = [];
    const saver = createGuidebookSaver({ store, api, notify: () => {}, onInserted: (id) => inserted.push(id) });
    saver.start();
    store.edit((doc) => void (doc.title = 'Mine now'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(0); // a new guidebook waits for Save
    await saver.save({ manual: true });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.body).toMatchObject({ title: 'Mine now', source: 'sample' });
    expect(inserted).toEqual(['gb-9']);
    expect(store.getState().dirty).toBe(false);
  });
});

describe('two tabs', () => {
  it('re-applies the unsaved patches on the newer document when they still apply, saves, and says so', async () => {
    const base = sampleDocument();
    // the other tab renamed the guidebook and added an item before the one we type in
    const theirs: GuidebookDocument = structuredClone(base);
    theirs.title = 'Renamed in the other tab';
    attractions(theirs).sections[0]!.items.unshift({
      _id: 'theirs-1',
      type: 'title',
      isImportant: false,
      content: richParagraph('New heading'),
    });

    const requests = stubFetch((request) => {
      if (request.method === 'GET') return json(guidebookView(theirs, 7));
      const stale = request.headers.get('If-Match') === '"5"';
      return stale
        ? problem({ status: 412, code: 'revision_mismatch', message: 'The guidebook changed', currentRevision: 7 })
        : accepted(8);
    });
    const { store, saver, notices, typeIn } = setup(base);
    typeIn('Mine');
    await saver.save();

    expect(requests.map((request) => `${request.method} ${request.headers.get('If-Match') ?? ''}`)).toEqual([
      'PATCH "5"',
      'GET ',
      'PATCH "7"',
    ]);
    // the retried patch follows the item by id: it moved one place down in the other tab
    const retried = bodyOf(requests[2]!).patches[0]!;
    const indexBefore = attractions(base).sections[0]!.items.findIndex((item) => item._id === firstText(base)._id);
    expect(retried.path.slice(5, 7)).toEqual([indexBefore + 1, 'content']);
    const { doc, dirty, revision } = store.getState();
    expect(doc.title).toBe('Renamed in the other tab');
    expect(firstLeafText(firstText(doc).content)).toBe('Mine');
    expect(attractions(doc).sections[0]!.items[0]!._id).toBe('theirs-1');
    expect({ dirty, revision }).toEqual({ dirty: false, revision: 8 });
    expect(notices).toContainEqual({ kind: 'rebased' });
  });

  it('asks which version to keep when both changed the same text, and keeps mine with a PUT of the whole document', async () => {
    const base = sampleDocument();
    const theirs: GuidebookDocument = structuredClone(base);
    firstText(theirs).content = withFirstLeaf(firstText(theirs).content, 'Theirs');
    const requests = stubFetch((request) => {
      if (request.method === 'GET') return json(guidebookView(theirs, 7));
      if (request.method === 'PUT') return accepted(8);
      return problem({ status: 412, code: 'revision_mismatch', message: 'The guidebook changed', currentRevision: 7 });
    });
    const { store, saver, typeIn } = setup(base);
    typeIn('Mine');
    await saver.save();

    expect(store.getState().conflict).toMatchObject({ revision: 7 });
    expect(firstLeafText(firstText(store.getState().doc).content)).toBe('Mine'); // nothing lost while asking
    await saver.keepMine();
    const put = requests.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.headers.get('If-Match')).toBe('"7"');
    expect(firstLeafText(firstText(put.body as GuidebookDocument).content)).toBe('Mine');
    expect(store.getState()).toMatchObject({ conflict: null, dirty: false, revision: 8 });
  });

  it('takes theirs when the author says so', async () => {
    const base = sampleDocument();
    const theirs: GuidebookDocument = structuredClone(base);
    attractions(theirs).sections[0]!.items = attractions(theirs).sections[0]!.items.filter(
      (item) => item._id !== firstText(base)._id,
    );
    stubFetch((request) =>
      request.method === 'GET'
        ? json(guidebookView(theirs, 7))
        : problem({ status: 412, code: 'revision_mismatch', message: 'changed', currentRevision: 7 }),
    );
    const { store, saver, typeIn } = setup(base);
    typeIn('Mine'); // they deleted the item we type in
    await saver.save();
    expect(store.getState().conflict).not.toBeNull();
    saver.takeTheirs();
    expect(store.getState()).toMatchObject({ conflict: null, dirty: false, revision: 7, doc: theirs });
  });
});

describe('what a save sends', () => {
  it('sends the difference to the saved document: an edit undone before the save sends nothing', async () => {
    const requests = stubFetch(() => accepted(6));
    const { store, saver, typeIn } = setup();
    typeIn('Changed');
    store.undo();
    expect(store.getState().dirty).toBe(true);
    await saver.save();
    expect(requests).toHaveLength(0);
    expect(store.getState().dirty).toBe(false);
  });
});
