/**
 * The page-load progress bar's timing (spec 3 §2.10): from 0 it advances toward a cap of 80% in steps of 3 to 11
 * every 100 ms, completes to 100% once the page has loaded (checked on every step) or after 3 s, hides 150 ms
 * later, and starts over on each path change. Pure timing, so it is tested with fake timers.
 */
export const PAGE_PROGRESS = {
  cap: 80,
  minStep: 3,
  maxStep: 11,
  tickMs: 100,
  maxWaitMs: 3000,
  hideDelayMs: 150,
} as const;

export type PageProgressState = {
  visible: boolean;
  /** 0 to 100 */
  value: number;
  /** increases on every start, so a view can restart its animation */
  run: number;
};

export type PageProgress = {
  start(): void;
  /** completes now (the page is there) */
  done(): void;
  dispose(): void;
  get(): PageProgressState;
};

type Options = {
  onChange: (state: PageProgressState) => void;
  /** asked on every step: has the page finished loading? */
  isLoaded: () => boolean;
  random?: () => number;
};

export function createPageProgress({ onChange, isLoaded, random = Math.random }: Options): PageProgress {
  const { cap, minStep, maxStep, tickMs, maxWaitMs, hideDelayMs } = PAGE_PROGRESS;
  let state: PageProgressState = { visible: false, value: 0, run: 0 };
  let ticker: ReturnType<typeof setInterval> | undefined;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;

  const emit = (next: PageProgressState) => {
    state = next;
    onChange(state);
  };

  const stopTimers = () => {
    clearInterval(ticker);
    clearTimeout(giveUp);
    clearTimeout(hide);
    ticker = giveUp = hide = undefined;
  };

  const done = () => {
    if (!state.visible || state.value === 100) return;
    stopTimers();
    emit({ ...state, value: 100 });
    hide = setTimeout(() => emit({ ...state, visible: false }), hideDelayMs);
  };

  const step = () => {
    if (isLoaded()) {
      done();
      return;
    }
    const increment = minStep + Math.floor(random() * (maxStep - minStep + 1));
    const value = Math.min(cap, state.value + increment);
    if (value !== state.value) emit({ ...state, value });
  };

  return {
    start() {
      stopTimers();
      emit({ visible: true, value: 0, run: state.run + 1 });
      ticker = setInterval(step, tickMs);
      giveUp = setTimeout(done, maxWaitMs);
    },
    done,
    dispose: stopTimers,
    get: () => state,
  };
}
