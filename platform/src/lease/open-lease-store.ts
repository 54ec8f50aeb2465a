import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import type { LeaseStore } from './lease.ts';

/** PostgreSQL when LEASE_POSTGRES_URL is set, else `leases.sqlite` in DATA_DIR (processes of one machine). */
export async function openLeaseStore(config: Config): Promise<LeaseStore> {
  if (config.LEASE_POSTGRES_URL) {
    const { createPostgresLeaseStore } = await import('./postgres-lease-store.ts');
    return createPostgresLeaseStore({ connectionString: config.LEASE_POSTGRES_URL });
  }
  const { createSqliteLeaseStore } = await import('./sqlite-lease-store.ts');
  return createSqliteLeaseStore({ path: join(config.paths.dataDir, 'leases.sqlite') });
}

export function leaseDescription(config: Config): string {
  return config.LEASE_POSTGRES_URL ? 'PostgreSQL (LEASE_POSTGRES_URL)' : `SQLite file ${join(config.paths.dataDir, 'leases.sqlite')}`;
}
