import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { auditTimelineProjector, summarize } from './audit-timeline-projector.ts';

const withMetadata = (events: RecordedEvent[], metadata: RecordedEvent['metadata']): RecordedEvent[] =>
  events.map((event) => ({ ...event, metadata }));

describe('the audit timeline read model', () => {
  const log = withMetadata(
    recordedEvents([
      {
        streamId: 'user-u1',
        type: 'UserRegistered',
        data: { userId: 'u1', email: 'a@example.com', activation: { activationId: 'a1', tokenHash: 'ab'.repeat(32) } },
      },
      {
        streamId: 'user-email-a@example.com',
        type: 'UserEmailReserved',
        data: { email: 'a@example.com', userId: 'u1' },
      },
      {
        streamId: 'guidebook-g1',
        type: 'GuidebookPasswordSet',
        data: { guidebookId: 'g1', password: 'open sesame', setAt: '2026-01-01T00:00:00.000Z' },
      },
      {
        streamId: 'guidebook-g1',
        type: 'GuidebookEdited',
        data: { guidebookId: 'g1', patches: [{}, {}, {}], kind: 'edit' },
      },
      { streamId: 'guidebook_snapshot-g1', type: 'SnapshotTaken', data: { state: {} } },
      {
        streamId: 'payment-m1',
        type: 'PaymentSucceeded',
        data: { merchantUid: 'm1', amount: 9900, customerUid: 'billing-key' },
      },
      { streamId: 'message-x1', type: 'MessageSent', data: { messageId: 'x1', recipients: ['u1', 'u2'] } },
    ]),
    {
      userId: 'admin-1',
      role: 'admin',
      command: 'SetPassword',
      commandId: 'c1',
      correlationId: 'k1',
      causationId: 'c1',
    },
  );

  it('keeps one entry per event (snapshots left out), replays to the same entries, and never copies a secret', () => {
    const docs = expectIdempotent(auditTimelineProjector, log);
    expect(docs.size).toBe(6);
    const byPosition = (position: number) => docs.get(String(position).padStart(16, '0'));
    expect(byPosition(1)).toMatchObject({
      subject: 'user-u1',
      actor: 'admin-1',
      actorRole: 'admin',
      command: 'SetPassword',
      correlationId: 'k1',
      type: 'UserRegistered',
    });
    expect(byPosition(2)?.subject).toBeNull();
    expect(byPosition(3)?.summary).toEqual({
      guidebookId: 'g1',
      password: '[redacted]',
      setAt: '2026-01-01T00:00:00.000Z',
    });
    expect(byPosition(4)?.summary).toEqual({ guidebookId: 'g1', patchesCount: 3, kind: 'edit' });
    expect(byPosition(5)).toBeUndefined();
    expect(byPosition(6)?.summary).toMatchObject({ amount: 9900, customerUid: '[redacted]' });
    expect(byPosition(7)).toMatchObject({ subject: 'message-x1', summary: { messageId: 'x1', recipientsCount: 2 } });
    expect(JSON.stringify([...docs.values()])).not.toMatch(/open sesame|billing-key|abab/);
  });

  it('summarises scalars, cuts long texts and keeps a nested document only by its title', () => {
    expect(summarize({ note: 'x'.repeat(300), document: { title: '서울 여행', pages: [] }, nested: { a: 1 } })).toEqual(
      {
        note: `${'x'.repeat(200)}…`,
        documentTitle: '서울 여행',
      },
    );
  });
});
