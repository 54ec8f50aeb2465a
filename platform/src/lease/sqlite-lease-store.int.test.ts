import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { leaseStoreContract } from './lease-store.contract.ts';
import { createSqliteLeaseStore } from './sqlite-lease-store.ts';

const tmpRoot = resolve(import.meta.dirname, '../../../test-output/tmp');

leaseStoreContract('sqlite', async () => {
  const path = join(tmpRoot, `leases-${randomUUID()}`, 'leases.sqlite');
  return { open: () => createSqliteLeaseStore({ path }), close: async () => undefined };
});
