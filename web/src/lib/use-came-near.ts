import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element has come within `marginPx` of the viewport yet: false until it does, then true for good (what
 * it gates is loaded and drawn once). The change comes as a transition, so drawing what it gates does not hold the
 * page while someone scrolls. Without IntersectionObserver (an old browser, jsdom) the answer is yes at once.
 */
export function useCameNear(ref: RefObject<HTMLElement | null>, marginPx: number): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, marginPx, near]);
  return near;
}
