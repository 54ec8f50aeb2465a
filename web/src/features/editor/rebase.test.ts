import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import {
  diffDocuments,
  richParagraph,
  type GuidebookDocument,
  type Patch,
  type SectionItem,
} from '@pocketguide/contracts';
import { rebasePatches } from './rebase.ts';
import { sampleDocument } from './testing/editor-fixtures.ts';

const items = (doc: GuidebookDocument): SectionItem[] =>
  doc.contents.find((page) => page.contentType === 'attractions')!.sections[0]!.items;
/** An edit as the store records it: immer drafts, the id-aware diff gives the patches. */
function change(doc: GuidebookDocument, recipe: (draft: GuidebookDocument) => void): [GuidebookDocument, Patch[]] {
  const after = produce(doc, recipe);
  return [after, diffDocuments(doc, after)];
}

describe('rebasePatches', () => {
  it('follows items by id when the other side moved them, and inserts after the same neighbour', () => {
    const base = sampleDocument();
    const [, mine] = change(base, (draft) => {
      items(draft)[1]!.isImportant = true;
      items(draft).splice(2, 0, { _id: 'mine-1', type: 'video', isImportant: false, url: '' });
    });
    const [theirs] = change(base, (draft) => {
      const list = items(draft);
      list.reverse();
    });
    const result = rebasePatches(base, theirs, mine);
    expect(result).not.toBeNull();
    const merged = items(result!.doc);
    const marked = merged.find((item) => item._id === items(base)[1]!._id)!;
    expect(marked.isImportant).toBe(true);
    const after = merged.findIndex((item) => item._id === items(base)[1]!._id);
    expect(merged[after + 1]!._id).toBe('mine-1');
  });

  it('refuses when the other side deleted what we changed', () => {
    const base = sampleDocument();
    const [, mine] = change(base, (draft) => void (items(draft)[0]!.isImportant = true));
    const [theirs] = change(base, (draft) => void items(draft).splice(0, 1));
    expect(rebasePatches(base, theirs, mine)).toBeNull();
  });

  it('refuses when both changed the same value, and accepts different fields of the same item', () => {
    const base = sampleDocument();
    const index = items(base).findIndex((item) => item.type === 'text');
    const [, mine] = change(base, (draft) => {
      const item = items(draft)[index]!;
      if (item.type === 'text') item.content = richParagraph('mine');
    });
    const [sameField] = change(base, (draft) => {
      const item = items(draft)[index]!;
      if (item.type === 'text') item.content = richParagraph('theirs');
    });
    expect(rebasePatches(base, sameField, mine)).toBeNull();
    const [otherField] = change(base, (draft) => void (items(draft)[index]!.isImportant = true));
    const merged = rebasePatches(base, otherField, mine);
    expect(merged && items(merged.doc)[index]).toMatchObject({ isImportant: true, content: richParagraph('mine') });
  });
});
