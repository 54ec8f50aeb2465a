import { describe, expect, it } from 'vitest';
import type { GuidebookEvent } from '@pocketguide/contracts';
import { TooManyRequestsError } from '@pocketguide/platform/http/errors';
import {
  spec,
  now,
  owner,
  admin,
  created,
  published,
  deleted,
  renamed,
  edit,
  decide,
} from '../testing/guidebook-given.ts';
import type { GuidebookCommand } from './guidebook-commands.ts';
import { GROWTH_QUOTA_MESSAGE, GUIDEBOOK_EVENTS_PER_DAY } from './guidebook-decider.ts';

/** What every guidebook command passes before its own decide function: the daily growth quota. */

describe('the daily growth quota of a guidebook stream', () => {
  // the created event and as many renames as fill the day's quota, all on 22 November
  const fullDay: GuidebookEvent[] = [created, ...Array.from({ length: GUIDEBOOK_EVENTS_PER_DAY - 1 }, () => renamed)];
  const nextDay = new Date(now.getTime() + 24 * 60 * 60_000);

  it('given a day with its quota of events, a further change is refused until the next day (UTC)', () => {
    spec
      .given(fullDay.slice(0, -1))
      .when(edit([{ op: 'replace', path: ['title'], value: 'Still fits' }]))
      .then([expect.objectContaining({ type: 'GuidebookEdited' }) as GuidebookEvent]);
    spec
      .given(fullDay)
      .when(edit([{ op: 'replace', path: ['title'], value: 'One too many' }]))
      .thenThrows(TooManyRequestsError, GROWTH_QUOTA_MESSAGE);
    spec
      .given(fullDay)
      .when(edit([{ op: 'replace', path: ['title'], value: 'Tomorrow' }], admin))
      .thenThrows(TooManyRequestsError);
    const tomorrow: GuidebookCommand = {
      type: 'EditGuidebook',
      data: {
        actor: owner,
        patches: [{ op: 'replace', path: ['title'], value: 'Tomorrow' }],
        idSeed: 'seed',
        now: nextDay,
      },
    };
    expect(decide(fullDay, tomorrow)).toHaveLength(1);
  });

  it('deleting and unpublishing stay possible past it', () => {
    spec
      .given(fullDay)
      .when({ type: 'DeleteGuidebook', data: { actor: owner, now } })
      .then([deleted]);
    expect(
      decide([...fullDay, published], { type: 'UnpublishGuidebook', data: { actor: owner, reason: 'single', now } }),
    ).toHaveLength(1);
  });
});
