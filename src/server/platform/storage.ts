import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config';

/**
 * Where uploaded files live: one interface, local disk (DATA_DIR/uploads) by default, an S3-compatible
 * bucket when S3_BUCKET is set. Keys are relative paths such as "cars/5f3a…-960.webp"; they never
 * change content once written (a new upload gets a new key), so they can be cached for a year.
 */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | null;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the object from. */
  url(key: string): string;
}

/** Lowercase path segments of letters, digits, dot, dash and underscore, ending in a known extension. */
const KEY =
  /^(?:[a-z0-9][a-z0-9._-]{0,99}\/){0,4}[a-z0-9][a-z0-9._-]{0,99}\.(?:webp|jpg|jpeg|png|avif|gif|pdf|docx)$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((s) => s === '..' || s === '.');
}

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** A fresh random key under a folder: newKey('cars') -> "cars/9c1e…" (no extension: callers add one). */
export function newKeyBase(folder: string): string {
  return `${folder}/${randomBytes(12).toString('hex')}`;
}

/** The public path of an uploaded file served by GET /api/uploads/* */
export const UPLOADS_ROUTE = '/api/uploads';

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertKey(key);
    const full = resolve(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.path(key);
    // Owner-only, like everything under DATA_DIR (docs/security.md, Files).
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    // Write beside and rename: a reader never sees half a file.
    const tmp = this.tempPath(target);
    try {
      await writeFile(tmp, body, { mode: 0o600 });
      await rename(tmp, target);
    } catch (err) {
      // A full disk (ENOSPC, EDQUOT, EFBIG: 507 in platform/errors.ts) leaves a partial temp file
      // behind; remove it so the failed upload takes no space and leaves nothing to clean up.
      await unlink(tmp).catch(() => {});
      throw err;
    }
  }

  /** Where put() writes before renaming into place (a name no other write uses). */
  protected tempPath(target: string): string {
    return `${target}.${randomBytes(4).toString('hex')}.tmp`;
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.path(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { body: createReadStream(target), contentType: contentTypeOf(key), size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  url(key: string): string {
    return `${UPLOADS_ROUTE}/${key}`;
  }

  /** Removes the whole folder (tests). */
  async clear() {
    await rm(this.root, { recursive: true, force: true });
  }
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  /** The SDK (hundreds of modules) is loaded by the first call, not when the server starts. */
  private readonly sdk = import('@aws-sdk/client-s3');
  private readonly client: Promise<S3Client>;

  constructor(private readonly cfg: S3Config) {
    const options: S3ClientConfig = { region: cfg.region, forcePathStyle: cfg.forcePathStyle };
    if (cfg.endpoint) options.endpoint = cfg.endpoint;
    if (cfg.accessKeyId && cfg.secretAccessKey) {
      options.credentials = { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey };
    }
    this.client = this.sdk.then((m) => new m.S3Client(options));
    this.client.catch(() => {}); // reported by the first call
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.cfg.prefix ? `${this.cfg.prefix}/${key}` : key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { PutObjectCommand } = await this.sdk;
    await (await this.client).send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
        ContentDisposition: 'inline',
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const { GetObjectCommand, NoSuchKey } = await this.sdk;
    try {
      const out = await (await this.client).send(
        new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }),
      );
      if (!out.Body) return null;
      return {
        body: out.Body as Readable,
        contentType: out.ContentType || contentTypeOf(key),
        size: out.ContentLength ?? null,
      };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (err instanceof NoSuchKey || status === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = await this.sdk;
    const command = new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) });
    await (await this.client).send(command);
  }

  url(key: string): string {
    assertKey(key);
    return this.cfg.publicUrl ? `${this.cfg.publicUrl}/${this.objectKey(key)}` : `${UPLOADS_ROUTE}/${key}`;
  }
}

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(join(config.dataDir, 'uploads'));
}

/** Deletes keys and never throws: a leftover file is harmless, a failed request after a commit is not. */
export async function deleteQuietly(
  storage: Storage,
  keys: string[],
  log?: { warn(obj: unknown, msg: string): void },
) {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      log?.warn({ err, key }, 'could not delete uploaded file');
    }
  }
}
