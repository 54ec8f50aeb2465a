import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import {
  guidebookStream,
  newContentPage,
  newGuidebookDocument,
  newSectionItem,
  richParagraph,
  userStream,
  type GuidebookDocument,
  type Patch,
} from '@pocketguide/contracts';
import type { NewEvent } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createGuidebooks } from '@pocketguide/command-api/guidebook/guidebooks';
import { systemClock } from '@pocketguide/command-api/core/ids';
import { benchDir, percentile, type SuiteResult } from '../support.ts';

/**
 * A save (a 10-patch PATCH through the guidebook use case and the command handler: load from the snapshot, decide,
 * validate, append durably) on a guidebook with 10,000 earlier saved edits, beside the same save on a new
 * guidebook, in the same run and store. Snapshots should make the two about equal.
 */
const PRIOR_EDITS = 10_000;
const SAVES = 300;

function guidebookDocument(): GuidebookDocument {
  let n = 0;
  const ids = { newId: () => `b${n++}` };
  const pages = Array.from({ length: 6 }, (_, p) => {
    const page = newContentPage('attractions', ids);
    const items = Array.from({ length: 10 }, (_, i) => ({
      ...newSectionItem('text', ids),
      content: richParagraph(`Page ${p} item ${i}: ${'a walk along the coast '.repeat(4)}`),
    }));
    return { ...page, title: `Page ${p}`, sections: [{ ...page.sections[0]!, items }] };
  });
  return { ...newGuidebookDocument({ title: '제주 3박 4일' }), contents: pages };
}

/** Ten patches of one autosave: the text of ten items. */
const tenPatches = (round: number): Patch[] =>
  Array.from({ length: 10 }, (_, i) => ({
    op: 'replace',
    path: ['contents', i % 6, 'sections', 0, 'items', i, 'content'],
    value: richParagraph(`round ${round}, item ${i}`),
  }));

export async function guidebookSaveSuite(): Promise<SuiteResult> {
  const dir = benchDir('guidebook-save');
  const store = createSqliteEventStore({ path: resolve(dir, 'events.sqlite') });
  try {
    // The long history is dated the day before (a guidebook's stream gains at most GUIDEBOOK_EVENTS_PER_DAY a day);
    // the measured saves happen today.
    let dayOffsetMs = -24 * 60 * 60_000;
    const clock = { now: () => new Date(systemClock.now().getTime() + dayOffsetMs) };
    const guidebooks = createGuidebooks({ eventStore: store, clock });
    const userId = randomUUID();
    await store.appendToStream(userStream(userId), [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          email: 'bench@example.com',
          profile: { name: 'Bench', companyName: 'Bench Co' },
          language: 'en',
          role: 'user',
          registeredAt: new Date().toISOString(),
          trialExpiresAt: new Date().toISOString(),
          via: 'admin',
          activation: null,
        },
      },
    ]);
    const actor = { userId, isAdmin: false };
    const meta = () => ({ commandId: randomUUID(), userId });
    const create = async () => (await guidebooks.create(actor, guidebookDocument(), 'new', meta())).guidebookId;

    // The long history is written straight to the store in batches (the events the handler writes for a title
    // edit); one save then takes the snapshot the handler would have taken along the way.
    const long = await create();
    let title = '제주 3박 4일';
    for (let revision = 1; revision <= PRIOR_EDITS;) {
      const batch: NewEvent[] = [];
      for (; batch.length < 1000 && revision <= PRIOR_EDITS; revision++) {
        const next = `제주 ${revision}`;
        batch.push({
          id: randomUUID(),
          type: 'GuidebookEdited',
          data: {
            guidebookId: long,
            baseRevision: revision - 1,
            patches: [{ op: 'replace', path: ['title'], value: next }],
            inversePatches: [{ op: 'replace', path: ['title'], value: title }],
            summary: [{ key: 'renamed-guidebook', params: { title: next } }],
            kind: 'edit',
            editedAt: clock.now().toISOString(),
          },
          metadata: { userId, commandId: randomUUID() },
        });
        title = next;
      }
      await store.appendToStream(guidebookStream(long), batch, { expectedRevision: revision - batch.length - 1 });
    }
    dayOffsetMs = 0;
    const fresh = await create();

    const revisions = new Map<string, number>([
      [long, PRIOR_EDITS],
      [fresh, 0],
    ]);
    const save = async (id: string, round: number) => {
      const started = performance.now();
      const result = await guidebooks.edit(id, actor, tenPatches(round), revisions.get(id)!, meta());
      const elapsed = performance.now() - started;
      revisions.set(id, result.revision);
      return elapsed;
    };
    const firstSave = await save(long, -1); // reads all 10,000 events once, then takes the snapshot
    await save(fresh, -1);
    const timings = { long: [] as number[], fresh: [] as number[] };
    // interleaved, so both see the same machine state
    for (let round = 0; round < SAVES; round++) {
      timings.fresh.push(await save(fresh, round));
      timings.long.push(await save(long, round));
    }
    const loaded = await guidebooks.load(long);
    const sort = (values: number[]) => [...values].sort((a, b) => a - b);
    const [freshSorted, longSorted] = [sort(timings.fresh), sort(timings.long)];
    const p = (values: number[], q: number) => percentile(values, q);
    return {
      suite: `guidebook save: 10-patch PATCH through the handler, ${SAVES} saves each`,
      figures: [
        { name: 'save p50, new guidebook', value: p(freshSorted, 50), unit: 'ms' },
        {
          name: `save p50, guidebook with ${PRIOR_EDITS.toLocaleString('en')} prior edits`,
          value: p(longSorted, 50),
          unit: 'ms',
          baseline: { name: 'new guidebook p50', value: p(freshSorted, 50) },
          ratio: p(longSorted, 50) / p(freshSorted, 50),
          aim: '<= 1.5',
        },
        { name: 'save p99, new guidebook', value: p(freshSorted, 99), unit: 'ms' },
        {
          name: `save p99, guidebook with ${PRIOR_EDITS.toLocaleString('en')} prior edits`,
          value: p(longSorted, 99),
          unit: 'ms',
          baseline: { name: 'new guidebook p99', value: p(freshSorted, 99) },
          ratio: p(longSorted, 99) / p(freshSorted, 99),
          aim: '<= 1.5',
        },
        {
          name: 'events read by a load of the long guidebook after the saves',
          value: loaded.eventsRead,
          unit: 'events',
          aim: '< 200',
        },
        {
          name: 'first save after the bulk import (no snapshot yet: folds all 10,000, then snapshots)',
          value: firstSave,
          unit: 'ms',
        },
      ],
    };
  } finally {
    await store.close();
  }
}
