import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { WAIT_MS } from './wait-budget.ts';

// Screens load their route chunks lazily: on a busy machine the first screen of a file can take seconds, so
// `findBy…` and `waitFor` wait as long as the tests' one wait budget (TEST_WAIT_MS) rather than Testing Library's 1 s.
configure({ asyncUtilTimeout: WAIT_MS });

// A file may ask for Node's environment instead of jsdom (`// @vitest-environment node`: what the build's
// pre-render of the front door runs in); the browser's stand-ins below are for the others.
const inBrowser = typeof window !== 'undefined';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
});

// jsdom has no matchMedia; sonner and responsive code ask for it.
if (inBrowser && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom does not scroll; the router's scroll restoration and the scroll buttons call it.
if (inBrowser) window.scrollTo = () => {};
