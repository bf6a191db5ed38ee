import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mailer';
import type { Storage } from './platform/storage';
import type { TokenSigner } from './platform/tokens';

/** What every module's service is built from. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Uploaded files (local disk or S3); see platform/images.ts for images. */
  storage: Storage;
  tokens: TokenSigner;
  log: FastifyBaseLogger;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;
