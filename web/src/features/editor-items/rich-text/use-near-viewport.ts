import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is within `margin` viewport heights of the viewport. The first answer is measured before the
 * first paint (what is in view is near from the start). Later an IntersectionObserver follows the scrolling: leaving
 * counts at once, coming near only once the element has stayed near for `settleMs`, so a fling across a long page
 * does not draw every element it passes. Without IntersectionObserver (an old browser, jsdom) the answer is yes.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin: number, settleMs: number): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const rect = element.getBoundingClientRect();
    const reach = window.innerHeight * margin;
    setNear(rect.bottom >= -reach && rect.top <= window.innerHeight + reach);
    let settling: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1);
        if (!latest) return;
        clearTimeout(settling);
        if (latest.isIntersecting) settling = setTimeout(() => setNear(true), settleMs);
        else setNear(false);
      },
      { rootMargin: `${margin * 100}% 0px` },
    );
    observer.observe(element);
    return () => {
      clearTimeout(settling);
      observer.disconnect();
    };
  }, [ref, margin, settleMs]);
  return near;
}
