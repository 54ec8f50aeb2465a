import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { PageProgressBar } from './page-progress-bar.tsx';

/** A page whose data arrives when the test says so. */
let release: () => void = () => {};
function SlowPage() {
  useQuery({
    queryKey: ['slow'],
    queryFn: () =>
      new Promise<string>((resolve) => {
        release = () => resolve('done');
      }),
  });
  return <p>slow page</p>;
}

function setUp(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <PageProgressBar />
            <Outlet />
          </>
        ),
        children: [
          { path: 'slow', element: <SlowPage /> },
          { path: 'quick', element: <p>quick page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const bar = () => screen.queryByTestId('page-progress');
const width = () => Number.parseFloat(bar()?.style.width ?? 'NaN');
const shown = () => bar()?.style.opacity === '1';

describe('page progress bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // steps of 7
  });
  afterEach(() => vi.useRealTimers());

  it('crawls toward 80% while the page loads its data, completes when it arrives and hides 150 ms later', async () => {
    setUp('/slow');
    expect(shown()).toBe(true);
    expect(width()).toBe(0);
    await act(async () => vi.advanceTimersByTime(300));
    expect(width()).toBe(21);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(width()).toBe(80);

    await act(async () => release());
    await act(async () => vi.advanceTimersByTime(100));
    expect(width()).toBe(100);
    expect(shown()).toBe(true);
    await act(async () => vi.advanceTimersByTime(150));
    expect(shown()).toBe(false);
  });

  it('completes after 3 s whatever the page is doing, and starts over on the next path', async () => {
    const router = setUp('/slow');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(width()).toBe(100);
    await act(async () => vi.advanceTimersByTime(150));
    expect(shown()).toBe(false);
    await act(async () => release());

    await act(async () => {
      await router.navigate('/quick');
    });
    expect(shown()).toBe(true);
    expect(width()).toBe(0);
    await act(async () => vi.advanceTimersByTime(100)); // nothing to load: done on the first step
    expect(width()).toBe(100);
  });
});
