import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../../src/server/config';
import { S3_TEST_BUCKET, S3_TEST_KEY } from './s3-server';

/** The api-s3 project runs the storage tests against s3rver instead of the local disk. */
export const ON_S3 = process.env.TEST_STORAGE === 's3';

/** The S3_* variables of one test file: its own prefix in the shared bucket. */
export function s3Env(): Record<string, string> {
  if (!ON_S3) return {};
  return {
    S3_BUCKET: S3_TEST_BUCKET,
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_TEST_KEY,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEY,
    S3_FORCE_PATH_STYLE: 'on',
    S3_PREFIX: `t${randomBytes(4).toString('hex')}`,
  };
}

/** The names of the stored objects under `folder` (e.g. "cars"), wherever the app stores them. */
export async function storedNames(config: Config, folder: string): Promise<string[]> {
  if (!config.s3) {
    try {
      return readdirSync(join(config.dataDir, 'uploads', folder));
    } catch {
      return [];
    }
  }
  const s3 = config.s3;
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint ?? undefined,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId ?? '', secretAccessKey: s3.secretAccessKey ?? '' },
  });
  const prefix = `${s3.prefix ? `${s3.prefix}/` : ''}${folder}/`;
  const names: string[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return names;
}
