import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { lastWriteOf, noteLastWrite, useLastWrite } from './last-write.ts';

function watching(key: readonly unknown[]) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  let renders = 0;
  const hook = renderHook(
    () => {
      renders += 1;
      return useLastWrite(key);
    },
    { wrapper },
  );
  return { queryClient, hook, renders: () => renders };
}

describe('the last write’s log position under a query key', () => {
  it('is unknown until noted, and fetches nothing for its key', () => {
    const { queryClient, hook } = watching(['things', 'last-write', 'a']);
    expect(hook.result.current).toBeUndefined();
    expect(lastWriteOf(queryClient, ['things', 'last-write', 'a'])).toBeUndefined();
    expect(queryClient.getQueryState(['things', 'last-write', 'a'])?.fetchStatus).toBe('idle');
  });

  it('a note renders the watching screen again with the new position; the latest note wins', async () => {
    const { queryClient, hook, renders } = watching(['things', 'last-write', 'a']);
    const before = renders();
    act(() => noteLastWrite(queryClient, ['things', 'last-write', 'a'], 7));
    // React Query tells its observers on its own next tick
    await waitFor(() => expect(hook.result.current).toBe(7));
    expect(renders()).toBeGreaterThan(before);
    act(() => noteLastWrite(queryClient, ['things', 'last-write', 'a'], 12));
    await waitFor(() => expect(hook.result.current).toBe(12));
    expect(lastWriteOf(queryClient, ['things', 'last-write', 'a'])).toBe(12);
  });

  it('keeps each key to itself', async () => {
    const { queryClient, hook } = watching(['things', 'last-write', 'a']);
    act(() => noteLastWrite(queryClient, ['things', 'last-write', 'b'], 3));
    act(() => noteLastWrite(queryClient, ['things', 'last-write', 'a'], 4));
    await waitFor(() => expect(hook.result.current).toBe(4));
    expect(lastWriteOf(queryClient, ['things', 'last-write', 'b'])).toBe(3);
  });

  it('position 0 is a position, not an absence', async () => {
    const { queryClient, hook } = watching(['things', 'after']);
    act(() => noteLastWrite(queryClient, ['things', 'after'], 0));
    await waitFor(() => expect(hook.result.current).toBe(0));
  });
});
