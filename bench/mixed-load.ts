/**
 * The mixed load generator, run as its own process (its CPU is not the server's event loop): an OPEN loop. Every
 * request's time is fixed before the step starts (bench/open-loop.ts: evenly spaced, 80 % readers on /m/{uuid},
 * 15 % authors saving, 5 % administrators listing users), it is sent at that time over keep-alive connections
 * (as many as are needed: a request never waits for a free one), and its latency is counted from that time.
 *
 * Authors save as the editor does: one save after another per guidebook (a save due while the author's previous
 * one is unanswered waits for it, and that wait is in its latency), each a PATCH that changes the title to a text
 * no earlier save used, against the revision the previous save's answer gave (If-Match).
 *
 * With `beacons` in the plan, readers' beacons come on top of the mix (issue 24), evenly spaced at their own rate:
 * each a `POST /api/reading` as the viewer sends it (web/src/viewer/reading.ts), one page opened and the time on it,
 * from one of as many readers (User-Agents) as beacons a second, answered 204. A plan with `rate` 0 sends only its
 * beacons: the suite runs such a generator as a process of its own beside the mix's, because a thousand beacons a
 * second in the readers' own loop would delay the readers' sends and answers there (its send lag reached a p99 of
 * 140-280 ms), and the readers' latencies would measure the generator, not the server.
 *
 * `node --import tsx bench/mixed-load.ts <plan.json>`: prints a MixedStepResult as JSON.
 */
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  arrivalSchedule,
  latencyFromScheduled,
  percentileOf,
  servedRate,
  type Arrival,
  type GroupOutcome,
} from './open-loop.ts';

export const MIXED_GROUPS = [
  { name: 'readers', share: 0.8 },
  { name: 'authors', share: 0.15 },
  { name: 'admins', share: 0.05 },
] as const;

export type MixedAuthor = { token: string; guidebookId: string; revision: number };

export type MixedPlan = {
  baseUrl: string;
  rate: number;
  seconds: number;
  /** makes every title this step writes new (the step's rate and target) */
  tag: string;
  readerPaths: string[];
  /** the smallest body a reader's page may have: a shorter answer is an error, not a fast read */
  readerMinBytes: number;
  authors: MixedAuthor[];
  adminToken: string;
  listPath: string;
  /** readers' beacons beside the mix: how many a second, to which guidebooks (their public uuids) */
  beacons?: {
    rate: number;
    uuids: string[];
    /** where they go when not to `baseUrl` (BEACON_PORT) */ baseUrl?: string;
  };
  /** MIXED_LOAD_TRACE: also return every reader's request with its times, to line slow ones up with the server's */
  trace?: boolean;
};

/** A reader's request when traced: when it was due (ms since the epoch, performance.timeOrigin-based), its latency and how late the generator sent it (ms). */
export type TracedRead = { dueAt: number; latencyMs: number; sendLagMs: number };

/** Reads each beacon carries: the page opened, and the time spent on it. */
export const READS_PER_BEACON = 2;

export type MixedStepResult = {
  groups: Record<string, GroupOutcome>;
  /** each author's revision after the step, from the last save's answer */
  revisions: number[];
  /** saves answered 200 (acknowledged), per author */
  acknowledged: number[];
  /** how late the generator itself sent requests (its own timer lag), p99 and max, ms */
  sendLagP99Ms: number;
  sendLagMaxMs: number;
  /** the beacons' own generator's send lag, p99, ms (set by the suite when beacons ran beside the mix) */
  beaconSendLagP99Ms?: number;
  /** every reader's request, with `trace` */
  reads?: TracedRead[];
  /** the server process's event-loop delay over the step, p99 and max, ms (filled in by the suite, which hosts the server) */
  loopDelayP99Ms?: number;
  loopDelayMaxMs?: number;
  /** the server process's garbage collection in the step: pauses' total and longest (set by the suite) */
  gcTotalMs?: number;
  gcMaxMs?: number;
};

type Answer = { status: number; body: Buffer; error?: string };

function send(agent: Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolveAnswer) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', (error) => resolveAnswer({ status: 0, body: Buffer.alloc(0), error: error.message }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (error) => resolveAnswer({ status: 0, body: Buffer.alloc(0), error: error.message }));
    req.end(body);
  });
}

export async function runMixedStep(plan: MixedPlan): Promise<MixedStepResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const base = new URL(plan.baseUrl);
  const beacons = plan.beacons && plan.beacons.rate > 0 ? plan.beacons : undefined;
  if (plan.rate <= 0 && !beacons) throw new Error('a step needs a mix rate or beacons');
  // rate 0: a generator of beacons only (the suite runs it beside the mix's own: see runMixedStep's callers)
  const mixGroups = plan.rate > 0 ? MIXED_GROUPS : [];
  const groups: ReadonlyArray<{ name: string }> = beacons ? [...mixGroups, { name: 'beacons' }] : mixGroups;
  const schedule = plan.rate > 0 ? arrivalSchedule(plan.rate, plan.seconds, MIXED_GROUPS) : [];
  if (beacons) schedule.push(...arrivalSchedule(beacons.rate, plan.seconds, [{ name: 'beacons', share: 1 }]));
  schedule.sort((a, b) => a.at - b.at);
  const latencies: Record<string, number[]> = { readers: [], authors: [], admins: [], beacons: [] };
  const counts: Record<
    string,
    { offered: number; succeeded: number; refused: number; failed: number; samples: string[] }
  > = {};
  for (const { name } of groups) counts[name] = { offered: 0, succeeded: 0, refused: 0, failed: 0, samples: [] };
  const revisions = plan.authors.map((author) => author.revision);
  const acknowledged = plan.authors.map(() => 0);
  /** each author's previous save: the next one is sent when it has been answered */
  const authorBusy: Array<Promise<void>> = plan.authors.map(() => Promise.resolve());
  const sendLags: number[] = [];
  const traced: TracedRead[] = [];
  const sentLate = new Map<Arrival, number>();
  let lastAnswer = 0;
  let start = 0;

  const record = (group: string, arrival: Arrival, answer: Answer, ok: boolean) => {
    const now = performance.now() - start;
    lastAnswer = Math.max(lastAnswer, now);
    latencies[group]!.push(latencyFromScheduled(arrival.at, now));
    if (plan.trace && group === 'readers')
      traced.push({
        dueAt: performance.timeOrigin + start + arrival.at,
        latencyMs: latencyFromScheduled(arrival.at, now),
        sendLagMs: sentLate.get(arrival) ?? 0,
      });
    const count = counts[group]!;
    if (ok) count.succeeded++;
    else if (answer.status === 0) count.failed++;
    else count.refused++;
    if (!ok && count.samples.length < 3)
      count.samples.push(`${answer.status} ${answer.error ?? answer.body.toString('utf8').slice(0, 200)}`);
  };

  const fire = (arrival: Arrival): Promise<void> => {
    counts[arrival.group]!.offered++;
    if (arrival.group === 'readers') {
      const path = plan.readerPaths[arrival.index % plan.readerPaths.length]!;
      return send(agent, new URL(path, base), 'GET', { 'accept-encoding': 'br, gzip' }).then((answer) =>
        record('readers', arrival, answer, answer.status === 200 && answer.body.length >= plan.readerMinBytes),
      );
    }
    if (arrival.group === 'beacons' && beacons) {
      const at = new Date().toISOString();
      const body = JSON.stringify({
        uuid: beacons.uuids[arrival.index % beacons.uuids.length],
        reads: [
          { kind: 'open', page: 'cover', at, source: 'qr', device: 'phone', offline: false, first: true },
          { kind: 'time', page: 'cover', at, ms: 12_000 + (arrival.index % 1000), offline: false },
        ],
      });
      // one reader per beacon a second: the same readers come back each second, as a reader's next beacon would
      const reader = `Mozilla/5.0 (Linux; Android 14) PocketGuideBenchReader/${arrival.index % Math.max(1, Math.round(beacons.rate))}`;
      return send(
        agent,
        new URL('/api/reading', beacons.baseUrl ?? base),
        'POST',
        { 'content-type': 'application/json', 'user-agent': reader },
        body,
      ).then((answer) => record('beacons', arrival, answer, answer.status === 204));
    }
    if (arrival.group === 'admins') {
      return send(agent, new URL(plan.listPath, base), 'GET', { authorization: `Bearer ${plan.adminToken}` }).then(
        (answer) => record('admins', arrival, answer, answer.status === 200 && answer.body.length > 0),
      );
    }
    const which = arrival.index % plan.authors.length;
    const author = plan.authors[which]!;
    const saved = authorBusy[which]!.then(async () => {
      const body = JSON.stringify({
        patches: [{ op: 'replace', path: ['title'], value: `저장 ${plan.tag} ${which} ${arrival.index}` }],
      });
      const answer = await send(
        agent,
        new URL(`/api/guidebooks/${author.guidebookId}`, base),
        'PATCH',
        {
          'content-type': 'application/json',
          authorization: `Bearer ${author.token}`,
          'if-match': String(revisions[which]),
        },
        body,
      );
      let ok = answer.status === 200;
      if (ok) {
        const { revision } = JSON.parse(answer.body.toString('utf8')) as { revision?: number };
        if (typeof revision === 'number' && revision > revisions[which]!) {
          revisions[which] = revision;
          acknowledged[which]!++;
        } else ok = false; // an answer that stored nothing is not a save
      }
      record('authors', arrival, answer, ok);
    });
    authorBusy[which] = saved;
    return saved;
  };

  const pending: Array<Promise<void>> = [];
  start = performance.now() + 20;
  let next = 0;
  await new Promise<void>((resolveSchedule) => {
    const tick = () => {
      const now = performance.now() - start;
      while (next < schedule.length && schedule[next]!.at <= now) {
        const arrival = schedule[next++]!;
        sendLags.push(now - arrival.at);
        if (plan.trace && arrival.group === 'readers') sentLate.set(arrival, now - arrival.at);
        pending.push(fire(arrival));
      }
      if (next >= schedule.length) resolveSchedule();
      else setTimeout(tick, Math.max(0, schedule[next]!.at - now - 0.5));
    };
    setTimeout(tick, 20);
  });
  await Promise.all(pending);
  agent.destroy();

  const outcomes: Record<string, GroupOutcome> = {};
  for (const { name } of groups) {
    const count = counts[name]!;
    const values = latencies[name]!;
    outcomes[name] = {
      ...count,
      p50Ms: percentileOf(values, 50),
      p99Ms: percentileOf(values, 99),
      maxMs: values.length === 0 ? Number.NaN : Math.max(...values),
      servedPerSecond: servedRate(count.succeeded, plan.seconds, lastAnswer),
    };
  }
  return {
    groups: outcomes,
    revisions,
    acknowledged,
    sendLagP99Ms: percentileOf(sendLags, 99),
    sendLagMaxMs: sendLags.length === 0 ? 0 : Math.max(...sendLags),
    ...(plan.trace ? { reads: traced } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const planFile = process.argv[2];
  if (!planFile) throw new Error('usage: mixed-load.ts <plan.json>');
  const result = await runMixedStep(JSON.parse(readFileSync(planFile, 'utf8')) as MixedPlan);
  process.stdout.write(JSON.stringify(result));
}
