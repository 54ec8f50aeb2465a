/**
 * How many browser journeys (e2e files) `npm test` runs at a time: `E2E_WORKERS` when set, else two on a machine
 * with two cores or more and one on a single core. Each file starts its own product (own data folder, port 0) and
 * its own Chromium (own profile), so two share nothing but the cores; much of a journey is waiting (on its product,
 * its Chromium, the auto-save's 3 s), which the other journey fills.
 */
export function e2eWorkers(raw: string | undefined, cores: number): number {
  if (raw === undefined || raw.trim() === '') return cores >= 2 ? 2 : 1;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`E2E_WORKERS must be a whole number, at least 1 (got "${raw}")`);
  return workers;
}
