/**
 * The arithmetic of an open-loop load: requests arrive on a schedule fixed before the run, evenly spaced, whether
 * or not the server has answered the previous ones, and each latency is counted from the time the request was
 * SCHEDULED (not from when a free connection happened to send it). A server that falls behind therefore shows its
 * queue in the latencies instead of silently lowering the rate it is offered (coordinated omission).
 * Pure: no clock, no I/O, so the scheduler and the checks are unit-tested (open-loop.test.ts).
 */

export type GroupShare = { name: string; share: number };

export type Arrival = {
  group: string;
  /** ms after the start of the step */ at: number;
  /** index within its group */ index: number;
};

/**
 * Evenly spaced arrivals for `seconds` at `rate` requests/s in total, split between groups by share: group g sends
 * `round(rate × share × seconds)` requests, one every `1000 / (rate × share)` ms, its first at half a gap (so the
 * groups interleave rather than all firing at 0). Sorted by time.
 */
export function arrivalSchedule(rate: number, seconds: number, groups: readonly GroupShare[]): Arrival[] {
  if (!(rate > 0) || !(seconds > 0)) throw new Error(`rate and seconds must be positive (got ${rate}, ${seconds})`);
  const total = groups.reduce((sum, group) => sum + group.share, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error(`the groups' shares add up to ${total}, not 1`);
  const arrivals: Arrival[] = [];
  for (const group of groups) {
    const groupRate = rate * group.share;
    const count = Math.round(groupRate * seconds);
    const gap = 1000 / groupRate;
    for (let index = 0; index < count; index++) arrivals.push({ group: group.name, at: gap / 2 + index * gap, index });
  }
  return arrivals.sort((a, b) => a.at - b.at);
}

/** The latency a person sees: from when the request was due to when its answer had fully arrived. */
export function latencyFromScheduled(scheduledAt: number, answeredAt: number): number {
  return Math.max(0, answeredAt - scheduledAt);
}

/**
 * The rate actually served: requests answered with success, over the time from the step's start until the later of
 * its scheduled end and the last answer. A server that is behind at the end of the step stretches the window and so
 * shows a lower rate than it was offered.
 */
export function servedRate(succeeded: number, seconds: number, lastAnswerMs: number): number {
  const windowMs = Math.max(seconds * 1000, lastAnswerMs);
  return succeeded / (windowMs / 1000);
}

/** Whether the served rate is within `tolerance` (a fraction: 0.02 is 2 %) of the offered one. */
export function servedWithin(offered: number, served: number, tolerance = 0.02): boolean {
  return served >= offered * (1 - tolerance);
}

/** The nearest-rank percentile of latencies (any order); NaN when there are none, so "no work" never reads as 0 ms. */
export function percentileOf(latencies: readonly number[], p: number): number {
  if (latencies.length === 0) return Number.NaN;
  const sorted = [...latencies].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export type GroupOutcome = {
  /** requests scheduled */
  offered: number;
  /** answered with the status expected (2xx) */
  succeeded: number;
  /** answered with another status */
  refused: number;
  /** no answer (connection error, timeout) */
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** requests/s answered with success (see servedRate) */
  servedPerSecond: number;
  /** a few refusals' statuses and bodies, to say why */
  samples: string[];
};

export type StepVerdict = { held: boolean; reasons: string[] };

/**
 * Whether a step held: every request answered with success, the total served within 2 % of the offered rate, and
 * each group's p99 under its aim.
 */
export function judgeStep(
  offeredRate: number,
  groups: Readonly<Record<string, GroupOutcome>>,
  p99AimsMs: Readonly<Record<string, number>>,
  tolerance = 0.02,
): StepVerdict {
  const reasons: string[] = [];
  let served = 0;
  for (const [name, outcome] of Object.entries(groups)) {
    served += outcome.servedPerSecond;
    if (outcome.succeeded === 0) reasons.push(`${name}: nothing answered with success (a figure that did no work)`);
    if (outcome.refused > 0 || outcome.failed > 0)
      reasons.push(`${name}: ${outcome.refused} refused, ${outcome.failed} failed`);
    const aim = p99AimsMs[name];
    if (aim !== undefined && !(outcome.p99Ms < aim))
      reasons.push(`${name}: p99 ${outcome.p99Ms.toFixed(1)} ms ≥ ${aim} ms`);
  }
  if (!servedWithin(offeredRate, served, tolerance))
    reasons.push(`served ${served.toFixed(0)} req/s, more than ${tolerance * 100} % under the offered ${offeredRate}`);
  return { held: reasons.length === 0, reasons };
}
