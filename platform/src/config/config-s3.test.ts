import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, loadS3Settings } from './config.ts';

const bucket = {
  S3_BUCKET: 'pocketguide-media',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret/with+chars ',
};

describe('S3_* configuration', () => {
  test('without S3_BUCKET blobs stay in DATA_DIR (a copied S3_REGION line changes nothing)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_REGION: 'us-east-1', S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: '' }).s3).toBeUndefined();
  });

  test('S3_BUCKET with its credentials selects S3: AWS defaults (us-east-1, virtual-hosted addresses)', () => {
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'pocketguide-media',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/with+chars ',
      forcePathStyle: false,
      publicBaseUrl: undefined,
    });
  });

  test('an endpoint (MinIO) means path-style addresses unless S3_FORCE_PATH_STYLE says otherwise', () => {
    const minio = {
      ...bucket,
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'eu-west-3',
      S3_PUBLIC_BASE_URL: 'https://cdn.example.com/media/',
    };
    expect(loadConfig(minio).s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.example.com/media',
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  test('a bucket without its credentials is a configuration error naming the missing keys', () => {
    expect(() => loadConfig({ S3_BUCKET: 'pocketguide-media' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'pocketguide-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'pocketguide-media', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_BUCKET/,
    );
  });

  test('S3 keys without S3_BUCKET are refused, not silently ignored', () => {
    expect(() =>
      loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    ).toThrow(/S3_BUCKET: required with S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  });

  test('malformed values are refused', () => {
    expect(() => loadConfig({ ...bucket, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(() => loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE: true or false/);
    expect(() => loadConfig({ ...bucket, S3_PUBLIC_BASE_URL: 'cdn.example.com' })).toThrow(
      /S3_PUBLIC_BASE_URL: must be an http\(s\) URL/,
    );
  });

  test('loadS3Settings reads the same keys alone, ignoring the rest of the environment', () => {
    expect(loadS3Settings({ ...bucket, JWT_SECRET: 'too short for loadConfig' })).toMatchObject({
      bucket: 'pocketguide-media',
    });
    expect(loadS3Settings({})).toBeUndefined();
  });
});
