import { describe, expect, it } from 'vitest';
import { e2eWorkers } from './test-workers.ts';

describe('e2eWorkers', () => {
  it('given no E2E_WORKERS, when the machine has two cores or more, then two journeys run at a time', () => {
    expect(e2eWorkers(undefined, 2)).toBe(2);
    expect(e2eWorkers('', 8)).toBe(2);
    expect(e2eWorkers('  ', 4)).toBe(2);
  });

  it('given no E2E_WORKERS, when the machine has one core, then one journey runs at a time', () => {
    expect(e2eWorkers(undefined, 1)).toBe(1);
  });

  it('given E2E_WORKERS, then it wins over the cores', () => {
    expect(e2eWorkers('1', 2)).toBe(1);
    expect(e2eWorkers('3', 2)).toBe(3);
  });

  it('given an E2E_WORKERS that is not a whole number of at least 1, then it is refused, naming the value', () => {
    for (const raw of ['0', '-1', '1.5', 'two']) expect(() => e2eWorkers(raw, 2)).toThrow(`(got "${raw}")`);
  });
});
