import { createHash, randomUUID } from 'node:crypto';

/**
 * A UUID-shaped id derived from a seed (RFC 9562 version 8, the "custom" layout). The same command id always
 * yields the same event ids, so a retried command appends nothing new, and the same new aggregate id, so a
 * retried create does not create a second one.
 */
export function deriveId(seed: string): string {
  const bytes = createHash('sha256').update(seed).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const deriveEventId = (commandId: string, index: number): string => deriveId(`event:${commandId}:${index}`);

/** Ids and time come from outside the deciders; tests pass fixed ones. */
export type IdSource = { newId(): string };
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdSource = { newId: () => randomUUID() };
