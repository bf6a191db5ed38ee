import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

export const S3_TEST_BUCKET = 'showroom-test';
/** s3rver's own credentials: it checks the S3 signature made with them. */
export const S3_TEST_KEY = 'S3RVER';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

/**
 * Global setup of the api-s3 project: an S3-compatible server (s3rver, the S3 REST protocol with
 * signature checks) on 127.0.0.1, its objects in a temporary folder, stopped after the run.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'showroom-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = (await server.run()) as { port: number };
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
}
