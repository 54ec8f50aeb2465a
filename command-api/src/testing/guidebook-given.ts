import {
  newContentPage,
  newDay,
  newGuidebookDocument,
  newSectionItem,
  type GuidebookDocument,
  type GuidebookEvent,
  type IdGenerator,
  type Patch,
} from '@pocketguide/contracts';
import type { GuidebookCommand } from '../guidebook/guidebook-commands.ts';
import { guidebookDecider } from '../guidebook/guidebook-decider.ts';
import type { Actor, GuidebookState } from '../guidebook/guidebook-state.ts';
import { deciderSpec } from './decider-spec.ts';

/** The guidebook the given/when/then tests of the guidebook commands start from, and their helpers. */

export const spec = deciderSpec(guidebookDecider);
export const now = new Date('2026-11-22T09:00:00.000Z');
export const at = now.toISOString();
export const owner: Actor = { userId: 'owner', isAdmin: false };
export const admin: Actor = { userId: 'admin', isAdmin: true };
export const stranger: Actor = { userId: 'stranger', isAdmin: false };

/** Readable fixed ids for the given document. */
export function counter(prefix: string): IdGenerator {
  let n = 0;
  return { newId: () => `${prefix}${n++}` };
}

export function sampleDocument(): GuidebookDocument {
  const ids = counter('id-');
  // new pages are untitled (issue 11: 'Type N' is the editor's placeholder); these are named by their authors
  const attractions = { ...newContentPage('attractions', ids), title: 'Type 1' };
  const text = newSectionItem('text', ids);
  const image = newSectionItem('image', ids);
  const itinerary = {
    ...newContentPage('itinerary', ids),
    title: 'Type 2',
    days: [newDay(ids, 'Day 1'), newDay(ids, 'Day 2')],
  };
  return {
    ...newGuidebookDocument({ title: '제주 3박 4일' }),
    contents: [{ ...attractions, sections: [{ ...attractions.sections[0]!, items: [text, image] }] }, itinerary],
  };
}
export const doc = sampleDocument();
export const page = doc.contents[0]!;
export const section = page.sections[0]!;
export const textItem = section.items[0]!;
export const imageItem = section.items[1]!;

export const created: GuidebookEvent = {
  type: 'GuidebookCreated',
  data: {
    v: 2,
    guidebookId: 'g1',
    uuid: 'u1',
    ownerId: 'owner',
    company: 'Jeju Trails',
    document: doc,
    source: 'new',
    createdAt: at,
  },
};
export const published: GuidebookEvent = { type: 'GuidebookPublished', data: { guidebookId: 'g1', publishedAt: at } };
export const deleted: GuidebookEvent = { type: 'GuidebookDeleted', data: { guidebookId: 'g1', deletedAt: at } };
export const renamePatches: Patch[] = [{ op: 'replace', path: ['title'], value: 'Jeju in autumn' }];
export const renamed: GuidebookEvent = {
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

export const edit = (patches: Patch[], actor: Actor = owner): GuidebookCommand => ({
  type: 'EditGuidebook',
  data: { actor, patches, idSeed: 'seed', now },
});
export const stateOf = (events: GuidebookEvent[]): GuidebookState =>
  events.reduce(guidebookDecider.evolve, guidebookDecider.initialState());
export const decide = (events: GuidebookEvent[], command: GuidebookCommand) =>
  guidebookDecider.decide(command, stateOf(events));
export const guidebookOf = (state: GuidebookState) => {
  if (state.status === 'none') throw new Error('no guidebook');
  return state.guidebook;
};
/** The events a command decides, then the state after them. */
export function after(events: GuidebookEvent[], command: GuidebookCommand) {
  const decided = decide(events, command);
  return { decided, state: stateOf([...events, ...decided]) };
}
export const allIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(allIds);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '_id' && typeof child === 'string' ? [child] : allIds(child),
  );
};
