import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, EventDetail, EventList } from '@pocketguide/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, stubFetch } from '../../../testing/fake-api.ts';
import { signedInAdmin } from '../../../testing/sessions.ts';

function entry(position: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    position,
    eventId: `e${position}`,
    at: '2026-11-25T01:02:03.000Z',
    type: 'GuidebookEdited',
    streamId: `guidebook-g${position % 7}`,
    revision: 1,
    subject: `guidebook-g${position % 7}`,
    actor: { id: 'u1', name: '김여행', email: 'a@example.com', isAdmin: false },
    actorId: 'u1',
    command: 'EditGuidebook',
    commandId: `c${position}`,
    correlationId: 'k1',
    causationId: 'k1',
    summary: { patchesCount: 2 },
    ...overrides,
  };
}

/** 300 events, newest first, in pages of 100. */
function list(before: number | null): EventList {
  const top = before === null ? 300 : before - 1;
  const events = Array.from({ length: Math.min(100, top) }, (_, i) => entry(top - i));
  const last = events.at(-1)?.position ?? 1;
  return { events, next: last > 1 ? last : null, direction: 'backwards', indexedUpTo: 300, head: 300 };
}

const detail = (position: number): EventDetail => ({
  event: {
    id: `e${position}`,
    type: 'GuidebookPasswordSet',
    streamId: 'guidebook-g1',
    revision: 3,
    position,
    recordedAt: '2026-11-25T01:02:03.000Z',
    data: { guidebookId: 'g1', password: '[redacted]' },
    metadata: { correlationId: 'k1' },
  },
  entry: entry(position, { type: 'GuidebookPasswordSet', summary: { password: '[redacted]' } }),
  chain: [
    entry(position - 1, { type: 'GuidebookCreated' }),
    entry(position, { type: 'GuidebookPasswordSet' }),
    entry(position + 1, { type: 'UserHidden', streamId: 'user-u1' }),
  ],
});

describe('/admin/events', () => {
  it('lists the log newest first in a virtual table, filters through the URL, and inspects an event with its chain', async () => {
    const requests = stubFetch((request) => {
      const match = /^\/api\/admin\/events\/(\d+)$/.exec(request.url.pathname);
      if (match) return json(detail(Number(match[1])));
      const before = request.url.searchParams.get('before');
      return json(list(before === null ? null : Number(before)));
    });
    renderApp({ path: '/admin/events?actor=u1', auth: signedInAdmin() });

    const table = await screen.findByRole('table', { name: '이벤트 탐색기' });
    expect(requests[0]?.url.searchParams.get('actor')).toBe('u1');
    // virtual: only the rows in view (and a few around them) are in the page
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(within(rows[1]!).getByText('#300')).toBeTruthy();

    // scrolling down asks for the next page with the cursor
    const viewport = table.querySelector('[role="rowgroup"].overflow-y-auto')!;
    fireEvent.scroll(viewport, { target: { scrollTop: 40 * 90 } });
    await waitFor(() =>
      expect(requests.some((request) => request.url.searchParams.get('before') === '201')).toBe(true),
    );

    fireEvent.change(screen.getByLabelText('이벤트 종류', { exact: false }), {
      target: { value: 'GuidebookPasswordSet' },
    });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('type')).toBe('GuidebookPasswordSet'));

    const filtered = await screen.findByRole('table', { name: '이벤트 탐색기' });
    fireEvent.click(within(filtered).getAllByRole('row')[2]!);
    const inspector = await screen.findByRole('region', { name: /이벤트 상세/ });
    await waitFor(() =>
      expect(inspector.querySelector('[data-event-json]')?.textContent ?? inspector.textContent).toContain(
        '"password": "[redacted]"',
      ),
    );
    const chain = inspector.querySelector('[data-causation-chain]')!;
    expect(
      within(chain as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringContaining('GuidebookCreated'),
      expect.stringContaining('GuidebookPasswordSet'),
      expect.stringContaining('UserHidden'),
    ]);
  });

  it('exports the filtered log as NDJSON with the session token', async () => {
    const requests = stubFetch((request) =>
      request.url.pathname === '/api/admin/events/export'
        ? new Response('{}\n{}\n', { headers: { 'Content-Type': 'application/x-ndjson' } })
        : json(list(null)),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp({ path: '/admin/events?type=GuidebookEdited', language: 'en', auth: signedInAdmin({ language: 'en' }) });
    await screen.findByRole('table', { name: 'Event explorer' });
    fireEvent.click(screen.getByRole('button', { name: 'Export NDJSON' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = requests.find((request) => request.url.pathname === '/api/admin/events/export');
    expect(exported?.url.searchParams.get('type')).toBe('GuidebookEdited');
    expect(exported?.headers.get('authorization')).toBe('Bearer admin-token');
  });
});
