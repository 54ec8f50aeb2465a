import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuditEntry, AuditPage } from '@pocketguide/contracts';
import { AppProvider } from '../../../app/provider.tsx';
import { createI18n } from '../../../testing/i18n.ts';
import type { Language } from '../../../lib/i18n.ts';
import { createSessionStore } from '../../../lib/session.ts';
import { json, stubFetch } from '../../../testing/fake-api.ts';
import { signedInAdmin } from '../../../testing/sessions.ts';
import { AuditTimeline } from '../index.ts';

const admin = { id: 'admin-7', name: '김철수', email: 'kim@example.com', isAdmin: true };

function entry(position: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    position,
    eventId: `e${position}`,
    at: '2026-11-25T01:02:03.000Z',
    type: 'UserPlanChanged',
    streamId: 'user-u1',
    revision: position,
    subject: 'user-u1',
    actor: admin,
    actorId: admin.id,
    command: 'ChangePlan',
    commandId: 'c1',
    correlationId: 'k1',
    causationId: 'k1',
    summary: { userId: 'u1', plan: 'pro' },
    ...overrides,
  };
}

const page = (results: AuditEntry[]): AuditPage => ({
  subject: 'user-u1',
  results,
  page: 1,
  pageCount: 1,
  totalCount: results.length,
  actors: [admin, { id: 'system', name: null, email: null, isAdmin: false }],
  types: ['SomethingNew', 'UserPlanChanged'],
});

function renderTimeline(language: Language) {
  const sessionStore = createSessionStore({ storage: localStorage, events: undefined });
  sessionStore.signIn(signedInAdmin({ language: language === 'ko' ? 'kr' : 'en' }));
  const router = createMemoryRouter([{ path: '/', element: <AuditTimeline subject="user" id="u1" /> }]);
  return render(
    <AppProvider
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      i18n={createI18n(language)}
      sessionStore={sessionStore}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('<AuditTimeline>', () => {
  it('says who did what in Korean, falls back to the type name, and filters by actor and type', async () => {
    const requests = stubFetch(() =>
      json(page([entry(9), entry(8, { type: 'SomethingNew', actor: null, actorId: 'system', summary: {} })])),
    );
    renderTimeline('ko');
    expect(await screen.findByText('관리자 김철수가 요금제를 프로로 변경')).toBeTruthy();
    expect(screen.getAllByText('SomethingNew').length).toBeGreaterThan(0);
    expect(requests[0]?.url.pathname).toBe('/api/admin/audit/user/u1');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer admin-token');

    fireEvent.change(screen.getByLabelText('행위자'), { target: { value: 'admin-7' } });
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('actor')).toBe('admin-7'));
    fireEvent.change(screen.getByLabelText('이벤트 종류'), { target: { value: 'UserPlanChanged' } });
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('type')).toBe('UserPlanChanged'));
    const details = screen.getAllByText('자세히', { exact: false })[0]!.closest('details')!;
    expect(within(details).getByRole('link', { name: /#9/ }).getAttribute('href')).toBe('/admin/events?inspect=9');
  });

  it('says it in English, and exports the timeline as CSV with the session token', async () => {
    const requests = stubFetch((request) =>
      request.url.searchParams.get('format') === 'csv'
        ? new Response('position\r\n9\r\n', { headers: { 'Content-Type': 'text/csv' } })
        : json(page([entry(9, { actor: { ...admin, name: 'Kim' } })])),
    );
    const createObjectURL = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderTimeline('en');
    expect(await screen.findByText('Admin Kim changed the plan to Pro')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = requests.find((request) => request.url.searchParams.get('format') === 'csv');
    expect(exported?.url.pathname).toBe('/api/admin/audit/user/u1');
    expect(exported?.headers.get('authorization')).toBe('Bearer admin-token');
    expect(createObjectURL).toHaveBeenCalled();
  });
});
