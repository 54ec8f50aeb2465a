import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { leaseStoreContract } from './lease-store.contract.ts';
import { createPostgresLeaseStore } from './postgres-lease-store.ts';

/** Each run its own database, created and dropped here, on the server POSTGRES_TEST_URL names. */
leaseStoreContract('postgresql', async () => {
  const serverUrl = process.env.POSTGRES_TEST_URL;
  if (!serverUrl) return { skip: 'POSTGRES_TEST_URL is not set' };
  const database = `leases_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    open: () => createPostgresLeaseStore({ connectionString: url.toString() }),
    async close() {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
});
