import type { Config } from '../config/config.ts';
import type { CredentialStore } from '../credentials/credential-store.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BlobStore } from '../blob/blob-store.ts';

/**
 * Picks the account adapters from configuration, like `open-stores.ts` does for the stores: MONGO_URL puts
 * credentials in a MongoDB database of their own, DATABASE_URL in a PostgreSQL schema of their own, SMTP_URL sends mail through SMTP, S3_BUCKET keeps blobs in a
 * bucket; otherwise files under DATA_DIR.
 */

export async function openCredentialStore(config: Config): Promise<CredentialStore> {
  if (config.MONGO_URL) {
    const [{ createMongoReadStore }, { createDocumentCredentialStore }] = await Promise.all([
      import('../read-store/mongodb-read-store.ts'),
      import('../credentials/document-credential-store.ts'),
    ]);
    const database = config.MONGO_CREDENTIALS_DATABASE ?? `${config.MONGO_DATABASE}_credentials`;
    return createDocumentCredentialStore(await createMongoReadStore({ url: config.MONGO_URL, database }));
  }
  if (config.DATABASE_URL) {
    const [{ createPostgresReadStore }, { createDocumentCredentialStore }] = await Promise.all([
      import('../read-store/postgres-read-store.ts'),
      import('../credentials/document-credential-store.ts'),
    ]);
    // Not the read models' schema: read models are dropped and rebuilt, credentials never.
    return createDocumentCredentialStore(
      await createPostgresReadStore({ connectionString: config.DATABASE_URL, schema: 'credentials', poolSize: 2 }),
    );
  }
  const { createSqliteCredentialStore } = await import('../credentials/sqlite-credential-store.ts');
  return createSqliteCredentialStore({ path: config.paths.credentials });
}

export async function openMailer(config: Config): Promise<Mailer> {
  if (config.SMTP_URL) {
    const { createSmtpMailer } = await import('../mail/smtp-mailer.ts');
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  const { createOutboxMailer } = await import('../mail/outbox-mailer.ts');
  return createOutboxMailer({ dir: config.paths.outbox, from: config.MAIL_FROM });
}

/**
 * S3_BUCKET puts blobs in an S3-compatible bucket (the AWS SDK is loaded only then); otherwise they live under
 * DATA_DIR/blobs. Either way browsers load them from /media (see `blob-store.ts`).
 */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) {
    const { createS3BlobStore } = await import('../blob/s3-blob-store.ts');
    return createS3BlobStore({ ...config.s3, publicPath: '/media' });
  }
  const { createLocalBlobStore } = await import('../blob/local-blob-store.ts');
  return createLocalBlobStore({ root: config.paths.blobs, publicPath: '/media' });
}
