import type { DashboardSummary } from '@pocketguide/contracts/dashboard/dashboard-summary';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Collection, FieldCondition, Filter, Scalar } from '@pocketguide/platform/read-store/read-store';
import { evolveDocuments } from '../projection-runner.ts';
import { totalsOf, type DashboardDoc, type DashboardSummaryDoc } from './dashboard-docs.ts';
import { dashboardProjector } from './dashboard-projector.ts';
import { dashboardReads, summarizeDashboard, type DashboardAnswers, type DashboardReads } from './dashboard-summary.ts';

/**
 * The dashboard as it was at an instant, computed in memory by folding the log through the same projector the
 * read model uses (`evolveDocuments`, the runner's own fold) and reading the figures the same way.
 */

/** Does `doc` meet `filter`? The subset of the read store's filter language the dashboard uses. */
export function matchesDocFilter(doc: Record<string, unknown>, filter: Filter): boolean {
  for (const [key, expected] of Object.entries(filter)) {
    if (expected === undefined || key === '$or') continue;
    const value = (doc[key] ?? null) as Scalar;
    if (expected === null || typeof expected !== 'object') {
      if (value !== expected) return false;
      continue;
    }
    const condition = expected as FieldCondition;
    if (condition.$eq !== undefined && value !== condition.$eq) return false;
    if (condition.$ne !== undefined && value === condition.$ne) return false;
    if (condition.$gte !== undefined && !(value !== null && value >= condition.$gte)) return false;
    if (condition.$gt !== undefined && !(value !== null && value > condition.$gt)) return false;
    if (condition.$lt !== undefined && !(value !== null && value < condition.$lt)) return false;
    if (condition.$lte !== undefined && !(value !== null && value <= condition.$lte)) return false;
  }
  return true;
}

/** Runs the reads against documents in memory. */
export function answerInMemory(docs: ReadonlyMap<string, DashboardDoc>, reads: DashboardReads): DashboardAnswers {
  const all = [...docs.values()] as unknown as Array<Record<string, unknown>>;
  const summary = docs.get(reads.summary) as DashboardSummaryDoc | undefined;
  return {
    months: all.filter((doc) => matchesDocFilter(doc, reads.months)) as unknown as DashboardDoc[],
    totals: summary ?? totalsOf(docs.values()),
    today: docs.get(reads.today) ?? null,
  };
}

/**
 * Runs the reads against the read store's `dashboard` collection: three reads, none of them over the entities.
 * A read model built before the summary document existed has none; its totals are then computed from the entity
 * documents (slow at scale: `npm run projections:rebuild -- dashboard` once after upgrading).
 */
export async function answerFromCollection(
  collection: Collection<DashboardDoc>,
  reads: DashboardReads,
): Promise<DashboardAnswers> {
  const [months, summary, today] = await Promise.all([
    collection.find(reads.months),
    collection.get(reads.summary),
    collection.get(reads.today),
  ]);
  const totals =
    summary?.kind === 'summary'
      ? summary
      : totalsOf(await collection.find({ kind: { $in: ['user', 'guidebook', 'payment'] } }));
  return { months, totals, today };
}

/** Folds events one at a time (so a caller can stream the log without holding it), then summarises. */
export class DashboardReplay {
  private readonly state = new Map<string, { doc: DashboardDoc; position: number }>();

  /** Applies one event (events of other kinds are ignored, as the runner does). */
  apply(event: RecordedEvent): void {
    const current = (id: string) => this.state.get(id) ?? { doc: null, position: null };
    for (const { id, doc } of evolveDocuments(dashboardProjector, event, current)) {
      if (doc === null) this.state.delete(id);
      else this.state.set(id, { doc, position: event.position });
    }
  }

  documents(): Map<string, DashboardDoc> {
    return new Map([...this.state].map(([id, { doc }]) => [id, doc]));
  }

  summary(asOf: Date): DashboardSummary {
    return summarizeDashboard(asOf, answerInMemory(this.documents(), dashboardReads(asOf)), true);
  }
}

/**
 * The dashboard as it was at `asOf`: the events recorded up to that instant (log order, `recordedAt <= asOf`)
 * folded through the dashboard projector, and the figures read with "now" = `asOf`. Pure: no clock, no I/O.
 */
export function replayDashboard(events: Iterable<RecordedEvent>, asOf: Date): DashboardSummary {
  const replay = new DashboardReplay();
  const until = asOf.getTime();
  for (const event of events) {
    if (Date.parse(event.recordedAt) > until) continue;
    replay.apply(event);
  }
  return replay.summary(asOf);
}
