/**
 * A drawn screen's first data call, started by the page's first lines before the app's script has arrived (issue 20:
 * the card thumbnail or cover that was the largest paint waited for the script, then the data call, then the
 * picture). The first lines (web/src/app/shell/first-lines.ts) put the call here; the app's first request for the
 * same address, with the same authorization, takes its answer instead of asking again. It is taken once, and only
 * while fresh: a later request for the address asks the server as usual.
 */
export type EarlyAnswer = {
  /** the address asked, as the app's client writes it (`/api/...?query`) */
  url: string;
  /** the Authorization header sent ('' without one) */
  authorization: string;
  /** `Date.now()` when it was asked */
  at: number;
  answer: Promise<Response>;
};

/** Where the first lines leave it (a property of `window`). */
export const EARLY_ANSWER_GLOBAL = '__pocketguideEarlyAnswer';

/** An answer asked for longer ago than this is not taken: the data may have changed since. */
export const EARLY_ANSWER_FRESH_MS = 30_000;

type Holder = { [EARLY_ANSWER_GLOBAL]?: EarlyAnswer | undefined };

/** The early answer for this request, if the first lines asked for exactly it and nobody has taken it yet. */
export function takeEarlyAnswer(
  url: string,
  authorization: string | undefined,
  now: number = Date.now(),
  holder: Holder = globalThis as Holder,
): Promise<Response> | undefined {
  const early = holder[EARLY_ANSWER_GLOBAL];
  if (!early || early.url !== url || early.authorization !== (authorization ?? '')) return undefined;
  holder[EARLY_ANSWER_GLOBAL] = undefined;
  if (now - early.at > EARLY_ANSWER_FRESH_MS || now < early.at) return undefined;
  return early.answer;
}
