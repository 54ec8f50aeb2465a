import { startTransition, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { createPageProgress, type PageProgressState } from '../../lib/page-progress.ts';

/**
 * The thin bar at the very top while a page loads (timing in lib/page-progress.ts). A page has loaded when the
 * router is idle (its code is in) and no query is fetching (its data is in). Decorative: screen readers hear
 * the page's own loading texts instead.
 */
export function PageProgressBar() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const routerIdle = useRef(true);
  routerIdle.current = navigation.state === 'idle';

  const [state, setState] = useState<PageProgressState>({ visible: false, value: 0, run: 0 });
  // The query cache is asked directly on each step: its state changes at once, before React re-renders. Each step
  // is drawn as a transition: a tick every 100 ms drawn urgently would interrupt, and so start over, a page being
  // drawn in the background (the editor, issue 20) for as long as the bar runs.
  const [progress] = useState(() =>
    createPageProgress({
      onChange: (next) => startTransition(() => setState(next)),
      isLoaded: () => routerIdle.current && queryClient.isFetching() === 0,
    }),
  );
  useEffect(() => () => progress.dispose(), [progress]);

  useEffect(() => {
    progress.start();
  }, [pathname, progress]);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.75">
      {state.visible || state.value === 100 ? (
        <div
          key={state.run}
          data-testid="page-progress"
          className="h-full bg-accent-500 shadow-[0_0_8px_var(--color-accent-500)] transition-[width,opacity] duration-150 ease-out"
          style={{ width: `${state.value}%`, opacity: state.visible ? 1 : 0 }}
        />
      ) : null}
    </div>
  );
}
