import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './platform/clock';
import type { Mailer } from './platform/mailer';
import type { CounterStore } from './platform/rate-limit';
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
  /** The time rules are judged by; tests hand in a clock they move. */
  clock: Clock;
  /** Rate-limit and sign-in counters shared by every process on the database. */
  counters: CounterStore;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;
