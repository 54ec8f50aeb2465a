import { startTransition, useEffect, useState } from 'react';

// On the server (the build drawing a page, render.tsx) everything is drawn as if the page were being taken over.
let hydrating = typeof document === 'undefined';

/** main.tsx: the app is about to take over a page drawn on the server (hydration, issue 20) … */
export function startHydrating(): void {
  hydrating = true;
}

/** … and has: what mounts from now on is drawn by the browser itself. */
export function hydrationDone(): void {
  hydrating = false;
}

/**
 * False while React draws on the server or takes over a page drawn there, true afterwards and in a page the browser
 * draws itself: what only the browser can know (who is signed in, with what name) is drawn once the page has been
 * taken over, so the taking over meets exactly what the server drew. The switch is a transition: React draws it in
 * slices, not in one long task right after the page was taken over (as a store's snapshot changing would force).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
