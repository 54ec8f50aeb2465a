/**
 * The front door's stand-in for sonner (issue 11): a few short messages at the top centre, 4 s each, announced
 * politely; sonner itself (10 KB gzipped) stays in the app.
 */
import { useSyncExternalStore } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';
type Shown = { id: number; tone: Tone; text: string };

let shown: Shown[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Shown[]) => {
  shown = next;
  for (const listener of listeners) listener();
};

function show(tone: Tone, text: string, options: { duration?: number } = {}): number {
  const id = nextId++;
  publish([...shown, { id, tone, text }].slice(-3));
  setTimeout(() => publish(shown.filter((item) => item.id !== id)), options.duration ?? 4000);
  return id;
}

export const toast = Object.assign((text: string, options?: { duration?: number }) => show('info', text, options), {
  success: (text: string, options?: { duration?: number }) => show('success', text, options),
  warning: (text: string, options?: { duration?: number }) => show('warning', text, options),
  error: (text: string, options?: { duration?: number }) => show('error', text, options),
  info: (text: string, options?: { duration?: number }) => show('info', text, options),
  dismiss: () => publish([]),
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const TONES: Record<Tone, string> = {
  info: 'border-neutral-200 text-neutral-900',
  success: 'border-primary-200 text-primary-800',
  warning: 'border-warning-200 text-warning-700',
  error: 'border-alert-200 text-alert-700',
};

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
  return (
    <section
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {items.map((item) => (
        <p
          key={item.id}
          role="status"
          className={`rounded-card border bg-white px-4 py-3 text-sm font-semibold shadow-raised ${TONES[item.tone]}`}
        >
          {item.text}
        </p>
      ))}
    </section>
  );
}
