import { useLayoutEffect, useState, type RefObject } from 'react';

type Watch = (entry: IntersectionObserverEntry) => void;

/**
 * One IntersectionObserver per margin, shared by every element watched with it: a page of 200 fields had 200
 * observers, and the browser computed each of them again in every frame a keystroke drew (issue 22).
 */
const shared = new Map<string, { observer: IntersectionObserver; watches: Map<Element, Watch> }>();

function watchIntersection(element: Element, rootMargin: string, watch: Watch): () => void {
  let group = shared.get(rootMargin);
  if (!group) {
    const watches = new Map<Element, Watch>();
    const observer = new IntersectionObserver(
      (entries) => {
        // the latest entry of each element counts (several can come in one batch)
        const latest = new Map<Element, IntersectionObserverEntry>();
        for (const entry of entries) latest.set(entry.target, entry);
        for (const [target, entry] of latest) watches.get(target)?.(entry);
      },
      { rootMargin },
    );
    group = { observer, watches };
    shared.set(rootMargin, group);
  }
  const { observer, watches } = group;
  watches.set(element, watch);
  observer.observe(element);
  return () => {
    observer.unobserve(element);
    watches.delete(element);
    if (watches.size === 0) {
      observer.disconnect();
      shared.delete(rootMargin);
    }
  };
}

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
    const stop = watchIntersection(element, `${margin * 100}% 0px`, (entry) => {
      clearTimeout(settling);
      if (entry.isIntersecting) settling = setTimeout(() => setNear(true), settleMs);
      else setNear(false);
    });
    return () => {
      clearTimeout(settling);
      stop();
    };
  }, [ref, margin, settleMs]);
  return near;
}
