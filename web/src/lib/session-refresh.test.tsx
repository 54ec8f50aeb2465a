import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserView } from '@pocketguide/contracts';
import { renderApp } from '../testing/render-app.tsx';
import { json, stubFetch, type RecordedRequest } from '../testing/fake-api.ts';
import { signedIn, userView } from '../testing/sessions.ts';
import { SESSION_REFRESH_EVENT, SESSION_REFRESH_INTERVAL_MS } from './session-refresh.ts';
import { WAIT } from '../testing/wait-budget.ts';

/** The server's copy of the person, whose plan the test changes as an administrator or a payment would. */
function serverWith(initial: Partial<UserView>) {
  let user = userView(initial);
  const requests = stubFetch((request: RecordedRequest) =>
    request.url.pathname === '/api/users/user-1'
      ? json(user)
      : json({ results: [], page: 1, pageCount: 1, pageSize: 10, totalCount: 0 }),
  );
  return {
    requests,
    change: (changes: Partial<UserView>) => void (user = { ...user, ...changes }),
    reads: () => requests.filter((request) => request.url.pathname === '/api/users/user-1').length,
  };
}

const planLabel = () => screen.findByText(/^(Free trial|Standard|Pro|Business)$/, {}, WAIT);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the session’s plan follows the server without signing in again', () => {
  it('a page opened reads the plan; a refusal for want of a subscription reads it again at once', async () => {
    const server = serverWith({ subscription: true, subscriptionType: 'pro', paymentMethod: 'card' });
    const { sessionStore } = renderApp({
      path: '/settings/subscription',
      auth: signedIn({ language: 'en' }),
      language: 'en',
    });
    // signed in as a free trial; the server already knows the payment
    await waitFor(() => expect(sessionStore.get()?.subscriptionType).toBe('pro'), WAIT);
    expect((await planLabel()).textContent).toBe('Pro');
    expect(sessionStore.get()).toMatchObject({
      subscription: true,
      paymentMethod: 'card',
      token: 'token-1',
      language: 'en',
    });

    server.change({ subscriptionType: 'business' });
    act(() => void window.dispatchEvent(new Event(SESSION_REFRESH_EVENT)));
    await waitFor(() => expect(screen.getByText('Business')).toBeDefined(), WAIT);
  });

  it('coming back to the window reads it again, at most once in a while', async () => {
    const server = serverWith({ subscriptionType: 'free' });
    const { sessionStore } = renderApp({
      path: '/settings/subscription',
      auth: signedIn({ language: 'en' }),
      language: 'en',
    });
    await waitFor(() => expect(server.reads()).toBe(1), WAIT);
    server.change({ subscription: true, subscriptionType: 'standard' });
    fireEvent.focus(window);
    expect(server.reads()).toBe(1); // just asked
    const later = Date.now() + SESSION_REFRESH_INTERVAL_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    fireEvent.focus(window);
    await waitFor(() => expect(sessionStore.get()?.subscriptionType).toBe('standard'), WAIT);
    expect((await planLabel()).textContent).toBe('Standard');
  });

  it('moving to another page reads it again', async () => {
    const server = serverWith({ subscriptionType: 'free' });
    const { sessionStore, router } = renderApp({
      path: '/settings/subscription',
      auth: signedIn({ language: 'en' }),
      language: 'en',
    });
    await waitFor(() => expect(server.reads()).toBe(1), WAIT);
    server.change({ subscription: true, subscriptionType: 'pro' });
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + SESSION_REFRESH_INTERVAL_MS + 1);
    await act(() => router.navigate('/settings/profile'));
    await waitFor(() => expect(sessionStore.get()?.subscriptionType).toBe('pro'), WAIT);
  });

  it('nobody signed in: nothing is asked', async () => {
    const server = serverWith({});
    renderApp({ path: '/login', language: 'en' });
    await screen.findByRole('heading', { level: 1 }, WAIT);
    expect(server.reads()).toBe(0);
  });
});
