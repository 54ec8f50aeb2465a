import { execFile, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { getPriority, setPriority } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { guidebookStream, readingStream } from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { startStandalone } from '@pocketguide/standalone/app';
import { startBareCeiling, type CapturedPage } from '../bare-ceiling.ts';
import { lineUp, startServerTrace, type TraceRecord } from '../server-trace.ts';
import { READS_PER_BEACON, type MixedAuthor, type MixedPlan, type MixedStepResult } from '../mixed-load.ts';
import { judgeStep } from '../open-loop.ts';
import {
  BENCH_ADMIN,
  benchDir,
  publishedSample,
  root,
  signInAdmin,
  type Figure,
  type SuiteResult,
} from '../support.ts';

const P99_AIMS_MS = { readers: 100, authors: 250 } as const;
const READER_PAGES = 10;
const AUTHORS = 32;
const LIST_PATH = '/api/users?page=1&pageSize=20';
/** the offered rates, stepped up until one does not hold */
const RATES = process.env.MIXED_LOAD_RATES
  ? process.env.MIXED_LOAD_RATES.split(',').map(Number)
  : [50, 100, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2400, 2800, 3200, 3600, 4000, 4800, 5600];

/** cpuMsPerRequest: this process's CPU (the server under test runs in it; the load generator does not) per answer */
type Step = {
  rate: number;
  result: MixedStepResult;
  held: boolean;
  reasons: string[];
  loadavg: string;
  cpuMsPerRequest: number;
  backgroundCpuMsPerRequest: number;
};

/**
 * What it proves: the request rate the product holds for a mix of readers (80 %, /m/{uuid}), authors saving
 * (15 %, PATCH with If-Match, each save a new title) and administrators listing users (5 %) with read p99 < 100 ms
 * and save p99 < 250 ms, every request answered with success and the served rate within 2 % of the offered one;
 * and, in the same run on the same machine, the rate a bare express server doing the same work holds under the
 * same rules (bench/bare-ceiling.ts): the ceiling, and the product's share of it.
 *
 * The load is an open loop from a second process (bench/mixed-load.ts): evenly spaced arrivals, latency from the
 * scheduled time. After each step the event store is read: every save acknowledged must be a GuidebookEdited event
 * in its guidebook's stream, else the suite fails (a figure that did no work is an error). Thumbnails are off.
 * `MIXED_LOAD_SECONDS` sets each step's length (default 5).
 *
 * The product runs as `npm start` runs it on this machine (deploy/standalone/src/main.ts): the HTTP roles in this
 * process, projections and workers in a child (background.ts) on the same DATA_DIR; `MIXED_LOAD_SHAPE=single`
 * measures every role in this one process instead, for an A/B in one sitting. CPU per request counts both processes
 * (and says how much of it is the projections process's).
 *
 * Readers' beacons (issue 24): after the product's curve, the mix runs at half the highest rate held
 * (`MIXED_LOAD_BEACON_MIX_RATE`) without and then with `MIXED_LOAD_BEACONS` (1,000; 0: skipped) `POST /api/reading`
 * a second beside it, in `MIXED_LOAD_BEACON_PAIRS` (2) pairs; the figure is the viewer's read p99 with beacons
 * beside the one without (aim: at most 1.2 ×). Every beacon must be answered 204 and its reads found stored in the
 * guidebooks' reading streams, else the suite fails. The pairs come after a warm-up step with beacons
 * (`MIXED_LOAD_BEACON_WARMUP_SECONDS`, 3), checked the same way and not judged. `MIXED_LOAD_TRACE=1` lines each pair
 * step's slowest reads up with what held the server (bench/server-trace.ts).
 *
 * The beacons go where a reverse proxy in front of `npm start` would send them: with the split shape, the projections
 * process's own beacon port (`BEACON_PORT`, the `beacons` role; issue 24); `MIXED_LOAD_BEACON_TARGET=serving` sends
 * them to the serving port instead (the shape before that port, or a deployment without the proxy route), for an A/B.
 * They come from a generator process of their own beside the mix's, as they would come from other readers' phones;
 * `MIXED_LOAD_BEACON_GENERATOR=shared` sends them from the mix's generator instead (how it was measured before), for
 * an A/B: there a thousand beacons a second delayed the readers' sends and answers in the generator's own loop.
 *
 * `MIXED_LOAD_BACKGROUND_NICE` sets the projections process's OS niceness after its start (it lowers its own priority
 * by 10, background-priority.ts; 0 measures it at the server's, for an A/B; raising a priority needs root).
 * The beacon lines print the server process's garbage-collection pauses and the projections process's niceness.
 *
 * `MIXED_LOAD_RATES` (a comma list) replaces the steps; `MIXED_LOAD_CEILING=0` measures the product alone (for a
 * profile: `node --cpu-prof --import tsx bench/run.ts mixed-load`).
 */
export async function mixedLoadSuite(seconds = Number(process.env.MIXED_LOAD_SECONDS ?? 5)): Promise<SuiteResult> {
  const dir = benchDir('mixed-load');
  const split = process.env.MIXED_LOAD_SHAPE !== 'single';
  // the per-person write quota (a minute's writes) is sized for one person at an editor; the bench's authors are
  // one account saving for 32 guidebooks at hundreds a second, so its quota is configured for that
  // the beacons of a thousand readers a second come from this one address: its beacon quota is configured for that
  // (they are written in batches every READING_FLUSH_INTERVAL_MS, 250 ms by default, as in production)
  const env = {
    LOG_LEVEL: 'warn',
    CHROMIUM_PATH: '/nonexistent/chromium',
    GUIDEBOOK_WRITES_PER_MINUTE: '100000000',
    GUIDEBOOK_WRITE_BYTES_PER_10_MINUTES: '100000000000',
    BEACONS_PER_ADDRESS_PER_MINUTE: '100000000',
    ...BENCH_ADMIN,
  };
  const app = await startStandalone({
    port: 0,
    dataDir: dir,
    env: split ? { ...env, ROLES: 'command-api,query-api' } : env,
  });
  let background: ChildProcess | undefined;
  /** the projections process's beacon port (BEACON_PORT=0: a free one), unless the A/B sends beacons to the server */
  let beaconBaseUrl: string | undefined;
  const beaconsToServer = process.env.MIXED_LOAD_BEACON_TARGET === 'serving';
  const figures: Figure[] = [];
  try {
    if (split) {
      background = fork(resolve(root, 'deploy/standalone/src/background.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          ...env,
          DATA_DIR: dir,
          ROLES: 'projections,workers,relay,beacons',
          BEACON_PORT: beaconsToServer ? '' : '0',
        },
        stdio: 'inherit',
      });
      const [message] = (await once(background, 'message')) as [{ type?: string; beaconUrl?: string }];
      if (message.type !== 'ready') throw new Error('the projections process did not start');
      beaconBaseUrl = message.beaconUrl;
      if (!beaconsToServer && !beaconBaseUrl) throw new Error('the projections process took no beacon port');
      // an A/B of the projections process's priority (it lowers its own, background-priority.ts)
      if (process.env.MIXED_LOAD_BACKGROUND_NICE !== undefined)
        setPriority(background.pid!, Number(process.env.MIXED_LOAD_BACKGROUND_NICE));
    }
    const backgroundPid = background?.pid;
    const admin = await signInAdmin(app.url);
    const readerPaths: string[] = [];
    const readerBooks: Array<{ id: string; uuid: string }> = [];
    for (let n = 0; n < READER_PAGES; n++) {
      const { _id, uuid, position } = await publishedSample(app.url, admin);
      readerPaths.push(`/m/${uuid}`);
      readerBooks.push({ id: _id, uuid });
      // the page exists once the projection has the publish
      const ready = await fetch(`${app.url}/api/guidebooks/${_id}?after=${position}`, { headers: admin.headers });
      if (ready.status !== 200) throw new Error(`reading the published guidebook answered ${ready.status}`);
    }
    const authors: MixedAuthor[] = [];
    for (let n = 0; n < AUTHORS; n++) {
      const created = await fetch(`${app.url}/api/guidebooks`, {
        method: 'POST',
        headers: admin.headers,
        body: JSON.stringify({ source: 'sample' }),
      });
      if (created.status !== 201)
        throw new Error(`creating a guidebook answered ${created.status}: ${await created.text()}`);
      const { _id, revision } = (await created.json()) as { _id: string; revision: number };
      authors.push({ token: admin.token, guidebookId: _id, revision });
    }
    const pages = new Map<string, CapturedPage>();
    for (const path of readerPaths) pages.set(path, await capture(`${app.url}${path}`));
    const readerMinBytes = Math.min(...[...pages.values()].map((page) => page.body.length));
    if (readerMinBytes < 1000) throw new Error(`a reader's page is ${readerMinBytes} bytes: not a guidebook`);
    const listed = await fetch(`${app.url}${LIST_PATH}`, { headers: admin.headers });
    if (listed.status !== 200) throw new Error(`GET ${LIST_PATH} answered ${listed.status}`);
    const listJson = await listed.text();

    const plans = benchDir('mixed-load-plans');
    // MIXED_LOAD_TRACE=1: what held the server's loop when reads were slow, per beacon step (bench/server-trace.ts)
    const tracing = process.env.MIXED_LOAD_TRACE === '1';
    let stepNumber = 0;
    const runStep = async (
      target: string,
      baseUrl: string,
      rate: number,
      stepSeconds: number,
      beacons?: MixedPlan['beacons'],
    ): Promise<MixedStepResult & { cpuMs: number; backgroundCpuMs: number; trace?: TraceRecord }> => {
      const cpuBefore = process.cpuUsage();
      const childBefore = target === 'product' ? childCpuMs(backgroundPid) : 0;
      // how long this process's event loop (the server's) was held up: what a queue of readers waits behind
      const loopDelay = monitorEventLoopDelay({ resolution: 5 });
      loopDelay.enable();
      // and how long its garbage collection held it
      const gcPauses: number[] = [];
      const gc = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) gcPauses.push(entry.duration);
      });
      gc.observe({ entryTypes: ['gc'] });
      let generatorPid: number | undefined;
      const tracer = tracing
        ? startServerTrace(() => ({ server: process.pid, projections: backgroundPid, generator: generatorPid }))
        : undefined;
      const plan: MixedPlan = {
        baseUrl,
        rate,
        seconds: stepSeconds,
        tag: `${target}#${++stepNumber}@${rate}`,
        readerPaths,
        readerMinBytes,
        authors,
        adminToken: admin.token,
        listPath: LIST_PATH,
        ...(tracing ? { trace: true } : {}),
      };
      const generate = (name: string, stepPlan: MixedPlan, onStart: (pid: number | undefined) => void) => {
        const planFile = resolve(plans, `plan-${stepNumber}-${target}-${rate}-${name}.json`);
        writeFileSync(planFile, JSON.stringify(stepPlan));
        return new Promise<MixedStepResult>((resolveRun, rejectRun) => {
          const generator = execFile(
            process.execPath,
            ['--import', 'tsx', resolve(root, 'bench/mixed-load.ts'), planFile],
            { cwd: root, maxBuffer: 64 * 1024 * 1024 },
            (error, out) => (error ? rejectRun(error) : resolveRun(JSON.parse(out) as MixedStepResult)),
          );
          onStart(generator.pid);
        });
      };
      // The beacons come from a generator of their own (as they come from other readers' phones): in the readers'
      // process their thousand sends and answers a second delayed the readers' own (bench/mixed-load.ts).
      // MIXED_LOAD_BEACON_GENERATOR=shared sends them from the readers' generator, as before, for an A/B.
      const shared = beacons !== undefined && process.env.MIXED_LOAD_BEACON_GENERATOR === 'shared';
      const [mixResult, beaconResult] = await Promise.all([
        generate('mix', shared ? { ...plan, beacons } : plan, (pid) => (generatorPid = pid)),
        beacons && !shared
          ? generate('beacons', { ...plan, rate: 0, authors: [], readerPaths: [], beacons, trace: false }, () => {})
          : undefined,
      ]);
      const result: MixedStepResult & { trace?: TraceRecord } = beaconResult
        ? {
            ...mixResult,
            groups: { ...mixResult.groups, beacons: beaconResult.groups.beacons! },
            beaconSendLagP99Ms: beaconResult.sendLagP99Ms,
          }
        : mixResult;
      if (tracer) result.trace = tracer.stop();
      // the next step saves against the revisions this one ended on (the answers' revisions)
      result.revisions.forEach((revision, index) => (authors[index]!.revision = revision));
      loopDelay.disable();
      gc.disconnect();
      result.loopDelayP99Ms = loopDelay.percentile(99) / 1e6;
      result.loopDelayMaxMs = loopDelay.max / 1e6;
      result.gcTotalMs = gcPauses.reduce((a, b) => a + b, 0);
      result.gcMaxMs = Math.max(0, ...gcPauses);
      const cpu = process.cpuUsage(cpuBefore);
      const childMs = target === 'product' ? childCpuMs(backgroundPid) - childBefore : 0;
      return { ...result, cpuMs: (cpu.user + cpu.system) / 1000 + childMs, backgroundCpuMs: childMs };
    };
    const curve = async (
      target: string,
      baseUrl: string,
      verifySaves: (before: number[], result: MixedStepResult) => Promise<void>,
    ): Promise<Step[]> => {
      await runStep(target, baseUrl, 50, 3); // warm-up (JIT, connections), not judged
      const steps: Step[] = [];
      for (const rate of RATES) {
        const before = authors.map((author) => author.revision);
        const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
        const result = await runStep(target, baseUrl, rate, seconds);
        await verifySaves(before, result);
        const verdict = judgeStep(rate, result.groups, P99_AIMS_MS);
        for (const [name, group] of Object.entries(result.groups))
          if (group.samples.length > 0) verdict.reasons.push(`${name} answers: ${group.samples.join(' | ')}`);
        const answered = Object.values(result.groups).reduce((sum, group) => sum + group.succeeded + group.refused, 0);
        const step: Step = {
          rate,
          result,
          held: verdict.held,
          reasons: verdict.reasons,
          loadavg,
          cpuMsPerRequest: result.cpuMs / answered,
          backgroundCpuMsPerRequest: result.backgroundCpuMs / answered,
        };
        steps.push(step);
        console.error(`  ${target} ${describe(step)}`);
        if (!verdict.held) break;
      }
      return steps;
    };

    const verifyProductSaves = async (before: number[], result: MixedStepResult) => {
      const stored = await countEdits(app.eventStore, authors, before);
      const acknowledged = result.acknowledged.reduce((a, b) => a + b, 0);
      if (stored !== acknowledged)
        throw new Error(`${acknowledged} saves were acknowledged but ${stored} GuidebookEdited events were stored`);
    };
    const product = await curve('product', app.url, verifyProductSaves);
    const productHeldRate = product.filter((step) => step.held).reduce((max, step) => Math.max(max, step.rate), 0);

    // Issue 24: the viewer's read p99 with and without a thousand readers' beacons a second, at a mix rate the
    // product holds with room (half its highest), in pairs (without, then with) so drift of a shared machine shows.
    const beaconRate = Number(process.env.MIXED_LOAD_BEACONS ?? 1000);
    if (beaconRate > 0 && (productHeldRate > 0 || process.env.MIXED_LOAD_BEACON_MIX_RATE)) {
      const mixRate = Number(
        process.env.MIXED_LOAD_BEACON_MIX_RATE ?? Math.max(50, Math.round(productHeldRate / 2 / 50) * 50),
      );
      const pairs = Math.max(1, Number(process.env.MIXED_LOAD_BEACON_PAIRS ?? 2));
      const uuids = readerBooks.map((book) => book.uuid);
      const beaconPlan = { rate: beaconRate, uuids, ...(beaconBaseUrl ? { baseUrl: beaconBaseUrl } : {}) };
      console.error(
        `  beacons go to ${beaconBaseUrl ?? app.url} (${beaconBaseUrl ? 'the beacon port' : 'the server'})`,
      );
      const readP99 = { without: [] as number[], with: [] as number[] };
      // CPU a beacon costs each process: a pair's step with beacons less what its mix cost a request in the step
      // without (times the mix requests answered with beacons), per beacon answered
      const beaconCpu = { http: [] as number[], projections: [] as number[] };
      let mixCpuPerRequest = { http: 0, projections: 0 };
      /** every beacon answered 204, and every one's reads found in the guidebooks' reading streams within a flush */
      const beaconsStored = async (readsBefore: number, beacons: MixedStepResult['groups'][string] | undefined) => {
        if (!beacons || beacons.succeeded === 0 || beacons.refused + beacons.failed > 0) {
          throw new Error(
            `beacons: ${beacons?.succeeded ?? 0} answered 204, ${beacons?.refused ?? 0} refused, ${beacons?.failed ?? 0} failed: ${beacons?.samples.join(' | ')}`,
          );
        }
        const expected = readsBefore + beacons.succeeded * READS_PER_BEACON;
        const deadline = Date.now() + 15_000;
        let stored = await countReads(app.eventStore, readerBooks);
        while (stored < expected && Date.now() < deadline) {
          await new Promise((resolveWait) => setTimeout(resolveWait, 250));
          stored = await countReads(app.eventStore, readerBooks);
        }
        if (stored !== expected)
          throw new Error(
            `${beacons.succeeded} beacons were answered 204 but ${stored - readsBefore} of their ${beacons.succeeded * READS_PER_BEACON} reads were stored`,
          );
      };
      // A fresh server's first beacons cost about twice the CPU of later ones (the beacon path compiled, first
      // streams and documents; measured on a fresh server, 5,000 beacons at 1,000 a second: 1.9–2.0 s of the
      // process's CPU in the first round, 1.0–1.2 s in the next two), a one-off per process start, which fits the
      // first pair having always been the worst. As the curve's steps come after a warm-up, the pairs come after one with beacons
      // (`MIXED_LOAD_BEACON_WARMUP_SECONDS`, 3; 0: none): held to the same checks, printed, not judged.
      const warmupSeconds = Number(process.env.MIXED_LOAD_BEACON_WARMUP_SECONDS ?? 3);
      if (warmupSeconds > 0) {
        const before = authors.map((author) => author.revision);
        const readsBefore = await countReads(app.eventStore, readerBooks);
        const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
        const result = await runStep('product', app.url, mixRate, warmupSeconds, beaconPlan);
        await verifyProductSaves(before, result);
        const { readers, beacons } = result.groups;
        await beaconsStored(readsBefore, beacons);
        console.error(
          `  beacons warm-up (not judged), mix ${mixRate} req/s + ${beaconRate} beacons/s for ${warmupSeconds} s: ` +
            `reads p99 ${ms(readers!.p99Ms)} ms, beacons p99 ${ms(beacons!.p99Ms)} ms, load ${loadavg}`,
        );
      }
      for (let pair = 0; pair < pairs; pair++) {
        for (const withBeacons of [false, true]) {
          const before = authors.map((author) => author.revision);
          const readsBefore = await countReads(app.eventStore, readerBooks);
          const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
          const result = await runStep('product', app.url, mixRate, seconds, withBeacons ? beaconPlan : undefined);
          await verifyProductSaves(before, result);
          const { readers, beacons } = result.groups;
          if (withBeacons) await beaconsStored(readsBefore, beacons);
          readP99[withBeacons ? 'with' : 'without'].push(readers!.p99Ms);
          const mixAnswered = (['readers', 'authors', 'admins'] as const).reduce(
            (sum, name) => sum + result.groups[name]!.succeeded + result.groups[name]!.refused,
            0,
          );
          const stepCpu = { http: result.cpuMs - result.backgroundCpuMs, projections: result.backgroundCpuMs };
          if (!withBeacons)
            mixCpuPerRequest = { http: stepCpu.http / mixAnswered, projections: stepCpu.projections / mixAnswered };
          else {
            beaconCpu.http.push((stepCpu.http - mixCpuPerRequest.http * mixAnswered) / beacons!.succeeded);
            beaconCpu.projections.push(
              (stepCpu.projections - mixCpuPerRequest.projections * mixAnswered) / beacons!.succeeded,
            );
          }
          const answered = Object.values(result.groups).reduce(
            (sum, group) => sum + group.succeeded + group.refused,
            0,
          );
          const line =
            `mix ${mixRate} req/s${withBeacons ? ` + ${beaconRate} beacons/s (${Math.round(beacons!.servedPerSecond)} served, p99 ${ms(beacons!.p99Ms)} ms)` : ''}: ` +
            `reads p50 ${ms(readers!.p50Ms)} p99 ${ms(readers!.p99Ms)} ms, saves p99 ${ms(result.groups.authors!.p99Ms)} ms, ` +
            `server loop delay p99 ${ms(result.loopDelayP99Ms ?? Number.NaN)} max ${ms(result.loopDelayMaxMs ?? Number.NaN)} ms, ` +
            `server GC ${ms(result.gcTotalMs ?? Number.NaN)} ms (longest ${ms(result.gcMaxMs ?? Number.NaN)}), ` +
            // the generator's own lateness: counted in every latency (an open loop), so a generator short of CPU shows here
            `generator send lag p99 ${ms(result.sendLagP99Ms)} max ${ms(result.sendLagMaxMs)} ms` +
            `${result.beaconSendLagP99Ms === undefined ? '' : ` (beacons' generator ${ms(result.beaconSendLagP99Ms)} ms)`}, ` +
            `CPU ${(result.cpuMs / answered).toFixed(2)} ms/request (projections ${(result.backgroundCpuMs / answered).toFixed(2)}` +
            `${backgroundPid === undefined ? '' : `, niceness ${getPriority(backgroundPid)}`}), load ${loadavg}`;
          console.error(`  beacons ${line}`);
          if (result.trace && result.reads) {
            const traceFile = resolve(plans, `trace-pair${pair + 1}-${withBeacons ? 'with' : 'without'}.json`);
            writeFileSync(traceFile, JSON.stringify({ reads: result.reads, ...result.trace }));
            console.error(`    trace (${traceFile}): ${JSON.stringify(lineUp(result.reads, result.trace))}`);
          }
          figures.push({
            name: `beacons pair ${pair + 1}, ${withBeacons ? 'with' : 'without'}: read p99`,
            value: readers!.p99Ms,
            unit: `ms; ${line}`,
          });
        }
      }
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      figures.push({
        name: `viewer read p99 with ${beaconRate} beacons/s beside the mix at ${mixRate} req/s (issue 24), over ${pairs} pairs`,
        value: sum(readP99.with) / readP99.with.length,
        unit: 'ms',
        baseline: { name: 'without beacons', value: sum(readP99.without) / readP99.without.length },
        ratio: sum(readP99.with) / sum(readP99.without),
        aim: '<= 1.2',
      });
      // CPU time is what a shared machine's load changes least: the figure to compare when the p99s are the machine's
      figures.push({
        name: `CPU per beacon (a pair's step with beacons less its mix at the CPU per request of the step without), over ${pairs} pairs: HTTP process`,
        value: sum(beaconCpu.http) / pairs,
        unit: `ms; projections process ${(sum(beaconCpu.projections) / pairs).toFixed(3)} ms (pairs: ${beaconCpu.http.map((http, index) => `${http.toFixed(3)}/${beaconCpu.projections[index]!.toFixed(3)}`).join(', ')})`,
      });
    }
    if (process.env.MIXED_LOAD_CEILING === '0') {
      // the product alone (a profile of the server, `node --cpu-prof`): its curve, no ceiling and no ratio
      for (const step of product) figures.push(stepFigure('product', step));
      return { suite: 'mixed load, open loop, product only (MIXED_LOAD_CEILING=0)', figures };
    }
    const bare = await startBareCeiling({ dir, pages, listJson, listPath: LIST_PATH });
    let ceiling: Step[];
    try {
      let acknowledgedSoFar = 0;
      ceiling = await curve('ceiling', bare.url, async (_before, result) => {
        acknowledgedSoFar += result.acknowledged.reduce((a, b) => a + b, 0);
        // the warm-up's saves were stored too: compare what this step added
        const stored = bare.storedSaves();
        if (stored < acknowledgedSoFar)
          throw new Error(`bare ceiling: ${acknowledgedSoFar} saves acknowledged, ${stored} stored`);
      });
    } finally {
      await bare.close();
    }

    const heldRate = (steps: Step[]) =>
      steps.filter((step) => step.held).reduce((max, step) => Math.max(max, step.rate), 0);
    const productHeld = heldRate(product);
    const ceilingHeld = heldRate(ceiling);
    // the ceiling holding nothing means this machine cannot measure anything now: an error, not a ratio
    if (ceilingHeld === 0)
      throw new Error(`the bare ceiling held no step (load ${ceiling[0]?.loadavg}): ${ceiling[0]?.reasons.join('; ')}`);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const productCpu = median(product.map((step) => step.cpuMsPerRequest));
    const ceilingCpu = median(ceiling.map((step) => step.cpuMsPerRequest));
    figures.push(
      {
        name: 'product: highest mix rate held (read p99 < 100 ms, save p99 < 250 ms, served within 2 %)',
        value: productHeld,
        unit: 'req/s',
      },
      { name: 'ceiling: bare express, same work, same rules, same run', value: ceilingHeld, unit: 'req/s' },
      {
        name: 'product / ceiling',
        value: productHeld / ceilingHeld,
        unit: 'ratio',
        baseline: { name: 'ceiling', value: ceilingHeld },
        ratio: productHeld / ceilingHeld,
        aim: '>= 0.6',
      },
      // CPU per request is what a busy shared machine changes least: the A/B figure for hot-path work
      {
        name: 'product: CPU per request of the mix (median over steps, this process)',
        value: productCpu,
        unit: 'ms',
        baseline: { name: 'bare ceiling', value: ceilingCpu },
        ratio: productCpu / ceilingCpu,
      },
    );
    for (const [target, steps] of [
      ['product', product],
      ['ceiling', ceiling],
    ] as const) {
      for (const step of steps) figures.push(stepFigure(target, step));
    }
    // the product's curve beside the ceiling's held rate, for `npm run bench:chart`
    const chart = {
      curve: product.map((step) => {
        const { readers, authors: savers, admins } = step.result.groups;
        return {
          offered: step.rate,
          served: readers!.servedPerSecond + savers!.servedPerSecond + admins!.servedPerSecond,
          readP99: readers!.p99Ms,
          saveP99: savers!.p99Ms,
        };
      }),
      ceiling: ceilingHeld,
    };
    return {
      suite: `mixed load, open loop: readers on /m/, authors saving, admins listing (${split ? 'HTTP + projections processes, as npm start' : 'one process'}), beside a bare ceiling`,
      figures,
      chart,
    };
  } finally {
    await app.close();
    if (background && background.exitCode === null) {
      const exited = once(background, 'exit');
      background.kill('SIGTERM');
      await exited;
    }
  }
}

/** CPU time (user + system) a process has used, from /proc (Linux); 0 without a process. */
function childCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  // fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ: 100 on Linux on every architecture Node runs on */
const CLOCK_TICKS_PER_SECOND = 100;

function stepFigure(target: string, step: Step): Figure {
  const { readers, authors: savers, admins } = step.result.groups;
  const served = readers!.servedPerSecond + savers!.servedPerSecond + admins!.servedPerSecond;
  return {
    name: `${target} @${step.rate}: served; read p50/p99, save p50/p99, list p50/p99 ms`,
    value: served,
    unit: `req/s; CPU ${step.cpuMsPerRequest.toFixed(2)} ms/request (${step.backgroundCpuMsPerRequest.toFixed(2)} of it the projections process); ${ms(readers!.p50Ms)}/${ms(readers!.p99Ms)}, ${ms(savers!.p50Ms)}/${ms(savers!.p99Ms)}, ${ms(admins!.p50Ms)}/${ms(admins!.p99Ms)}; load ${step.loadavg}${step.held ? '' : `; NOT HELD: ${step.reasons.join('; ')}`}`,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));

function describe(step: Step): string {
  const { readers, authors, admins } = step.result.groups;
  const served = readers!.servedPerSecond + authors!.servedPerSecond + admins!.servedPerSecond;
  return (
    `${step.rate} req/s offered, ${Math.round(served)} served: reads p50 ${ms(readers!.p50Ms)} p99 ${ms(readers!.p99Ms)} ms, ` +
    `saves p50 ${ms(authors!.p50Ms)} p99 ${ms(authors!.p99Ms)} ms, lists p99 ${ms(admins!.p99Ms)} ms, send lag p99 ${ms(step.result.sendLagP99Ms)} ms, ` +
    `server loop delay p99 ${ms(step.result.loopDelayP99Ms ?? Number.NaN)} max ${ms(step.result.loopDelayMaxMs ?? Number.NaN)} ms, ` +
    `CPU ${step.cpuMsPerRequest.toFixed(2)} ms/request (projections ${step.backgroundCpuMsPerRequest.toFixed(2)}), load ${step.loadavg}${step.held ? '' : ` — not held: ${step.reasons.join('; ')}`}`
  );
}

/** GuidebookEdited events each author's stream gained after the revision it had before the step. */
async function countEdits(
  eventStore: EventStore,
  authors: readonly MixedAuthor[],
  before: readonly number[],
): Promise<number> {
  let edits = 0;
  for (const [index, author] of authors.entries()) {
    for await (const event of eventStore.readStream(guidebookStream(author.guidebookId), {
      fromRevision: before[index]! + 1,
    })) {
      if (event.type === 'GuidebookEdited') edits++;
    }
  }
  return edits;
}

/** Reads stored from readers' beacons so far: those of the GuidebookReadsRecorded events on the guidebooks' reading streams. */
async function countReads(eventStore: EventStore, books: ReadonlyArray<{ id: string }>): Promise<number> {
  let reads = 0;
  for (const book of books) {
    for await (const event of eventStore.readStream(readingStream(book.id))) {
      if (event.type === 'GuidebookReadsRecorded') reads += (event.data as { reads: unknown[] }).reads.length;
    }
  }
  return reads;
}

/** The page's bytes as the server sends them to a browser that takes br or gzip. */
function capture(url: string): Promise<CapturedPage> {
  return new Promise((resolvePage, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
        const encoding = res.headers['content-encoding'];
        resolvePage({
          body: Buffer.concat(chunks),
          contentType: res.headers['content-type'] ?? 'text/html',
          ...(encoding ? { contentEncoding: encoding } : {}),
        });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
