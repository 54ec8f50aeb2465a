import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import type { LeaseStore } from './lease.ts';

/**
 * PostgreSQL when LEASE_POSTGRES_URL is set, or else when the stores are on PostgreSQL (DATABASE_URL: the replicas
 * that share the log share the lease); else MongoDB when the read models are there (MONGO_URL, collection `_leases`
 * of MONGO_DATABASE); otherwise `leases.sqlite` in DATA_DIR (processes of one machine).
 */
function leaseUrl(config: Config): string | undefined {
  return config.LEASE_POSTGRES_URL ?? config.DATABASE_URL;
}

export async function openLeaseStore(config: Config): Promise<LeaseStore> {
  const url = leaseUrl(config);
  if (url) {
    const { createPostgresLeaseStore } = await import('./postgres-lease-store.ts');
    return createPostgresLeaseStore({ connectionString: url });
  }
  if (config.MONGO_URL) {
    const { createMongoLeaseStore } = await import('./mongodb-lease-store.ts');
    return createMongoLeaseStore({ url: config.MONGO_URL, database: config.MONGO_DATABASE });
  }
  const { createSqliteLeaseStore } = await import('./sqlite-lease-store.ts');
  return createSqliteLeaseStore({ path: join(config.paths.dataDir, 'leases.sqlite') });
}

export function leaseDescription(config: Config): string {
  if (config.LEASE_POSTGRES_URL) return 'PostgreSQL (LEASE_POSTGRES_URL)';
  if (config.DATABASE_URL) return 'PostgreSQL (DATABASE_URL)';
  if (config.MONGO_URL) return `MongoDB (MONGO_URL, database ${config.MONGO_DATABASE}, collection _leases)`;
  return `SQLite file ${join(config.paths.dataDir, 'leases.sqlite')}`;
}
