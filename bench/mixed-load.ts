/**
 * The mixed load generator, run as its own process (as bench/load.ts): readers on /m/{uuid}, authors saving their
 * guidebooks as the editor does (PATCH of the change against the revision they hold, If-Match), administrators
 * listing users, all at once at a fixed total rate split 80 / 15 / 5. Prints each group's autocannon result as JSON.
 * `node --import tsx bench/mixed-load.ts <plan.json>` (a file: the authors' documents are too big for argv)
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export type MixedPlan = {
  baseUrl: string;
  rate: number;
  seconds: number;
  readerPaths: string[];
  /** each author's guidebook and its current revision (for If-Match) */
  authors: Array<{ token: string; guidebookId: string; revision: number }>;
  adminToken: string;
};

export type GroupResult = { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; errors: number; non2xx: number; total: number };

const planFile = process.argv[2];
if (!planFile) throw new Error('usage: mixed-load.ts <plan.json>');
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as MixedPlan;

function run(options: autocannon.Options): Promise<GroupResult> {
  return new Promise((resolvePromise, reject) => {
    autocannon(options, (error, result) => {
      if (error) {
        reject(error);
        return;
      }
      resolvePromise({
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
        total: result.requests.total,
      });
    });
  });
}

const share = (part: number) => Math.max(1, Math.round(plan.rate * part));
/** what one author's connection keeps between its saves */
type AuthorContext = { author?: MixedPlan['authors'][number]; saves?: number };

let reader = 0;
let save = 0;

const [readers, authors, admins] = await Promise.all([
  run({
    url: plan.baseUrl,
    duration: plan.seconds,
    connections: 16,
    overallRate: share(0.8),
    requests: [{ method: 'GET', path: plan.readerPaths[0]!, setupRequest: (request) => ({ ...request, path: plan.readerPaths[reader++ % plan.readerPaths.length]! }) }],
  }),
  run({
    url: plan.baseUrl,
    duration: plan.seconds,
    // one connection per author: each saves their own guidebook, one save after another, as the editor does
    connections: plan.authors.length,
    overallRate: share(0.15),
    requests: [
      {
        method: 'PATCH',
        path: '/api/guidebooks',
        setupRequest: (request, raw) => {
          const context = raw as AuthorContext;
          if (context.author === undefined) {
            context.author = plan.authors[save++ % plan.authors.length];
            context.saves = 0;
          }
          const author = context.author!;
          const n = (context.saves ?? 0) + 1;
          context.saves = n;
          return {
            ...request,
            path: `/api/guidebooks/${author.guidebookId}`,
            headers: { ...request.headers, 'content-type': 'application/json', authorization: `Bearer ${author.token}`, 'if-match': String(author.revision) },
            body: JSON.stringify({ patches: [{ op: 'replace', path: ['title'], value: `저장 ${author.guidebookId.slice(0, 4)} ${n}` }] }),
          };
        },
        onResponse: (status, body, raw) => {
          const { author } = raw as AuthorContext;
          if (status !== 200 || !author) return;
          author.revision = (JSON.parse(body) as { revision: number }).revision;
        },
      },
    ],
  }),
  run({
    url: `${plan.baseUrl}/api/users?page=1&pageSize=20`,
    duration: plan.seconds,
    connections: 2,
    overallRate: share(0.05),
    headers: { authorization: `Bearer ${plan.adminToken}` },
  }),
]);

process.stdout.write(JSON.stringify({ readers, authors, admins }));
