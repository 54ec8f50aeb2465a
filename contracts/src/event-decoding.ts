import type { z } from 'zod';

/**
 * Reading stored events: every category decodes what it reads the same way, through the decoder `eventDecoder`
 * makes from its schemas. A stored event may be of an older version of its type: its data carries `v` from
 * version 2 on (a missing `v` is version 1), and the category's upcasters bring it up one version at a time to
 * today's, which its schema then validates. Data that does not fit is refused with an `EventDecodeError` naming
 * the path, never handed on half-read.
 *
 * To change an event's shape: give the new data `v: <n+1>` in its schema, set `versions[type]` to n+1, and add
 * `upcasters[type][n]`, which turns version-n data into version n+1 (pure, deterministic: a replay must read the
 * same event the same way forever), with a test that a stored version-n event reads as today's shape.
 */

/** What an upcaster may read beside the data: the stored event's metadata (who wrote it). */
export type UpcastContext = { metadata?: { userId?: unknown } };

/** Turns the data of version `from` into version `from + 1`. */
export type Upcaster = (data: Record<string, unknown>, context: UpcastContext) => Record<string, unknown>;

export class EventDecodeError extends Error {
  override readonly name = 'EventDecodeError';
  constructor(
    readonly eventType: string,
    readonly issue: { path: string; message: string },
  ) {
    super(`${eventType}: ${issue.path ? `${issue.path}: ` : ''}${issue.message}`);
  }
}

type Schemas = Record<string, z.ZodType>;

/** The typed events of a category: one `{ type, data }` per schema, the data as the schema outputs it. */
export type EventOf<M extends Schemas> = { [K in keyof M & string]: { type: K; data: z.output<M[K]> } }[keyof M &
  string];

export type EventCategory<M extends Schemas> = {
  /** today's schema of each event type's data */
  schemas: M;
  /** today's version of each type's data; a type left out is at version 1 */
  versions?: Partial<Record<keyof M & string, number>>;
  /** `upcasters[type][from]` upgrades data of version `from` by one version */
  upcasters?: Partial<Record<keyof M & string, Record<number, Upcaster>>>;
};

export type EventDecoder<E extends { type: string; data: unknown }> = {
  /** whether this build knows the type (a newer writer's type is not known) */
  knows(type: string): type is E['type'];
  /** A stored event (any version) → today's typed event; throws `EventDecodeError` when it does not fit. */
  decode(type: string, data: unknown, context?: UpcastContext): E;
};

const dataVersion = (data: Record<string, unknown>): number => (typeof data.v === 'number' ? data.v : 1);

export function eventDecoder<M extends Schemas>(category: EventCategory<M>): EventDecoder<EventOf<M>> {
  const { schemas } = category;
  const versions: NonNullable<EventCategory<M>['versions']> = category.versions ?? {};
  const upcasters: NonNullable<EventCategory<M>['upcasters']> = category.upcasters ?? {};
  const knows = (type: string): type is keyof M & string => Object.hasOwn(schemas, type);

  function upcast(type: keyof M & string, raw: unknown, context: UpcastContext): unknown {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    let data = raw as Record<string, unknown>;
    const target = versions[type] ?? 1;
    for (let version = dataVersion(data); version < target; version = dataVersion(data)) {
      const step = upcasters[type]?.[version];
      if (!step) throw new EventDecodeError(type, { path: 'v', message: `no upcaster from version ${version}` });
      const next = step(data, context);
      if (dataVersion(next) <= version)
        throw new EventDecodeError(type, {
          path: 'v',
          message: `the upcaster from version ${version} did not move the version on`,
        });
      data = next;
    }
    return data;
  }

  return {
    knows,
    decode(type, data, context = {}) {
      if (!knows(type)) throw new EventDecodeError(type, { path: '', message: 'unknown event type' });
      const result = schemas[type]!.safeParse(upcast(type, data, context));
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new EventDecodeError(type, {
          path: issue ? issue.path.map(String).join('.') : '',
          message: issue?.message ?? 'invalid data',
        });
      }
      // The one place a stored event becomes typed: `type` is a key of the schemas and `data` is what its own
      // schema just output, which is what EventOf<M> says; TypeScript cannot follow the key to its schema here.
      return { type, data: result.data } as EventOf<M>;
    },
  };
}
