import { describe, expect, it } from 'vitest';
import { applyDocumentEvent, type GuidebookDocumentEvent, type GuidebookEvent } from '@pocketguide/contracts';
import { guidebookEvents as readGuidebook, type Logged } from './event-readers.ts';
import { guidebookEditorProjector } from './guidebook-editor/guidebook-editor-projector.ts';
import { guidebookViewerProjector } from './guidebook-viewer/guidebook-viewer-projector.ts';
import { documentAfter, guidebookIdOf, guidebookOrViewsIdOf, viewedGuidebookOf } from './guidebook-stream.ts';
import { recordedEvents } from './testing/project.ts';
import { documentOf, guidebookEvents, pageWithItem } from './testing/guidebook-events.ts';

const g1 = guidebookEvents('g1');
const page = pageWithItem('p');
const [created, edited] = recordedEvents([
  g1.created({ document: documentOf('제주 3박 4일', [page]) }),
  g1.edited([{ op: 'replace', path: ['title'], value: '부산 2박 3일' }], 1),
]).map((recorded) => readGuidebook.read(recorded)!) as [Logged<GuidebookEvent>, Logged<GuidebookDocumentEvent>];

describe('documentAfter', () => {
  it('folds an event once for the editor and the viewer, which hold the same document', () => {
    const editor = guidebookEditorProjector.evolve(guidebookEditorProjector.evolve(null, created, 'g1'), edited, 'g1');
    const viewer = guidebookViewerProjector.evolve(guidebookViewerProjector.evolve(null, created, 'g1'), edited, 'g1');
    expect(editor?.document.title).toBe('부산 2박 3일');
    // one fold, shared: the second read model got the first one's document
    expect(viewer?.document).toBe(editor?.document);
    expect(viewer?.title).toBe('부산 2박 3일');
  });

  it('folds a document it has not seen with this event for itself, never handing out another document’s result', () => {
    const first = documentOf('제주 3박 4일', [page]);
    const other = documentOf('서울 하루', []);
    const afterFirst = documentAfter(first, edited);
    const afterOther = documentAfter(other, edited);
    expect(afterOther).not.toBe(afterFirst);
    expect(afterOther).toEqual(applyDocumentEvent(other, edited));
    expect(afterOther.contents).toEqual([]);
    // and the first again: the same result as folding it anew
    expect(documentAfter(first, edited)).toEqual(applyDocumentEvent(first, edited));
  });
});

describe('the guidebook of a stream', () => {
  const at = (streamId: string) => ({ ...created, streamId });
  it('is the id after the category and its dash, and none for any other stream', () => {
    expect(guidebookIdOf(at('guidebook-g1'))).toEqual(['g1']);
    expect(guidebookIdOf(at('guidebook-a-b'))).toEqual(['a-b']);
    for (const other of ['guidebook-', 'guidebook', 'guidebook_snapshot-g1', 'guidebooks-g1', 'views-g1', 'user-g1'])
      expect(guidebookIdOf(at(other)), other).toEqual([]);
    expect(viewedGuidebookOf(at('views-g1'))).toEqual(['g1']);
    for (const other of ['views-', 'views', 'guidebook-g1']) expect(viewedGuidebookOf(at(other)), other).toEqual([]);
    expect(guidebookOrViewsIdOf(at('views-g2'))).toEqual(['g2']);
    expect(guidebookOrViewsIdOf(at('guidebook-g2'))).toEqual(['g2']);
  });
});
