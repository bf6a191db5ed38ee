import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, trustProxy } from './config-proxy';
import { type ZaloConfig, zaloConfig } from './config-zalo';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminUsername: string;
  adminPassword: string | null;
  adminEmail: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  demoData: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For is believed: false (none), a hop count (the client is that many
   * addresses from the end of the chain), or the proxies' own addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** HTTP server limits: a slow or idle client is cut, and the number of open connections is capped. */
  http: HttpLimits;
  webDir: string;
  /** S3-compatible object storage for uploads; null keeps them on disk in DATA_DIR/uploads. */
  s3: S3Config | null;
  /** How long public inventory reads are cached in memory (0: off); changes here clear the cache at once. */
  carCacheMs: number;
  /** Reservations a visitor's address may start per minute (RESERVATION_RATE_LIMIT). */
  reservationRateLimit: number;
  /** Minutes an unpaid reservation holds its car (RESERVATION_HOLD_MINUTES; contract/opening-hours.ts). */
  reservationHoldMinutes: number;
  /** Instant valuations a visitor's address may ask per minute (VALUATION_RATE_LIMIT). */
  valuationRateLimit: number;
  /** Mail a visitor can cause, per recipient mailbox and per client IP a day (platform/visitor-mail.ts). */
  visitorMail: { perAddressPerDay: number; perIpPerDay: number };
  /** How long a server-rendered public page is reused (0: off); changes through this server clear it at once. */
  pageCacheMs: number;
  /** The AI advisor: language-model provider (offline without a key), its timeout, the chat rate limit. */
  ai: AiConfig;
  /** Bearer token for GET /api/metrics (Prometheus); null leaves the endpoint switched off (404). */
  metricsToken: string | null;
  /** Mean event-loop delay (ms) above which requests are refused with a 503 (0: never; platform/pressure.ts). */
  overloadDelayMs: number;
  /** Stored jobs: how often a process looks for due ones (0: never, for tests) and how long it holds one. */
  jobs: { pollMs: number; leaseMs: number };
  /** Zalo Notification Service (config-zalo.ts). */
  zalo: ZaloConfig;
}

export interface HttpLimits {
  /** The whole request (headers and body) must arrive within this time. */
  requestTimeoutMs: number;
  /** The headers must arrive within this time. */
  headersTimeoutMs: number;
  /** Open connections beyond this are refused by the server. */
  maxConnections: number;
}

export interface AiConfig {
  provider: 'offline' | 'gemini' | 'openai';
  gemini: { apiKey: string; model: string; baseUrl: string | null } | null;
  openai: { apiKey: string | null; baseUrl: string | null; model: string } | null;
  /** A provider answer slower than this is abandoned for the offline advisor's. */
  timeoutMs: number;
  /** Chat messages per IP per minute. */
  chatRateLimit: number;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Public base address of the bucket (CDN); unset serves files through GET /api/uploads/*. */
  publicUrl: string | null;
  prefix: string;
}

export { ConfigError };

type Env = Record<string, string | undefined>;

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|on|yes)$/i.test(raw)) return true;
  if (/^(0|false|off|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name}="${raw}" không hợp lệ: dùng on/off, true/false hoặc 1/0`);
}

function port(env: Env): number {
  const raw = env.PORT || '3000';
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 0 || value > 65535)
    throw new ConfigError(`PORT="${raw}" không hợp lệ: cần một số từ 0 đến 65535`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) throw new Error();
    return raw;
  } catch {
    throw new ConfigError(
      `${name} không hợp lệ: cần địa chỉ dạng ${protocols.map((p) => `${p}//…`).join(' hoặc ')}`,
    );
  }
}

function readSecret(file: string): string | null {
  try {
    const value = readFileSync(file, 'utf8').trim();
    return value.length >= 32 ? value : null;
  } catch {
    return null;
  }
}

/**
 * A secret generated on first start and kept beside the data, so tokens survive restarts. The file
 * appears complete or not at all (written beside, then linked into place), and when two first starts
 * race, both end up with the one that was linked first.
 */
function storedSecret(dataDir: string, name: string): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A file too short to be a secret (an empty file, a write cut short) is replaced.
  if (existsSync(file)) rmSync(file, { force: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new ConfigError(`Không tạo được khóa bí mật ${file}`);
  return secret;
}

/** DATA_DIR must exist (it is created) and be writable: the database, uploads and outbox live there. */
function checkDataDir(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
    // Nobody else may enter it: the embedded database's files (whose modes PGlite sets itself), CVs,
    // the outbox with live reset codes and the secrets are all inside.
    try {
      chmodSync(dataDir, 0o700);
    } catch {
      // Not ours to change (a mounted volume): the operator's permissions stand.
    }
  } catch (err) {
    throw new ConfigError(
      `DATA_DIR="${dataDir}" không tạo hoặc ghi được (${(err as NodeJS.ErrnoException).code ?? err})`,
    );
  }
}

function intIn(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name}="${raw}" không hợp lệ: cần một số nguyên từ ${min} đến ${max}`);
  }
  return value;
}

/**
 * GEMINI_API_KEY (GEMINI_MODEL, GEMINI_BASE_URL) selects Gemini; OPENAI_BASE_URL and / or OPENAI_API_KEY
 * (OPENAI_MODEL) any OpenAI-compatible server; AI_PROVIDER=offline|gemini|openai chooses when both are set.
 */
function aiConfig(env: Env): AiConfig {
  const geminiKey = env.GEMINI_API_KEY || '';
  const gemini = geminiKey
    ? {
        apiKey: geminiKey,
        model: env.GEMINI_MODEL || 'gemini-2.5-flash',
        baseUrl: url(env, 'GEMINI_BASE_URL', ['http:', 'https:'])?.replace(/\/$/, '') ?? null,
      }
    : null;
  const openaiBase = url(env, 'OPENAI_BASE_URL', ['http:', 'https:'])?.replace(/\/$/, '') ?? null;
  const openaiKey = env.OPENAI_API_KEY || null;
  const openai =
    openaiBase || openaiKey
      ? { apiKey: openaiKey, baseUrl: openaiBase, model: env.OPENAI_MODEL || 'gpt-4o-mini' }
      : null;
  const wanted = env.AI_PROVIDER || 'auto';
  if (!['auto', 'offline', 'gemini', 'openai'].includes(wanted)) {
    throw new ConfigError(`AI_PROVIDER="${wanted}" không hợp lệ: dùng auto, offline, gemini hoặc openai`);
  }
  if (wanted === 'gemini' && !gemini) throw new ConfigError('AI_PROVIDER=gemini cần GEMINI_API_KEY');
  if (wanted === 'openai' && !openai)
    throw new ConfigError('AI_PROVIDER=openai cần OPENAI_BASE_URL hoặc OPENAI_API_KEY');
  const provider =
    wanted === 'auto'
      ? gemini
        ? 'gemini'
        : openai
          ? 'openai'
          : 'offline'
      : (wanted as AiConfig['provider']);
  return {
    provider,
    gemini,
    openai,
    timeoutMs: intIn(env, 'AI_TIMEOUT_MS', 20_000, 100, 300_000),
    chatRateLimit: intIn(env, 'CHAT_RATE_LIMIT', 20, 1, 100_000),
  };
}

/**
 * Cache lifetimes. Short with PostgreSQL (other instances may change the data; their changes show within
 * 3 s); long with the embedded database, which one process owns, so every change clears the cache at once.
 */
function cacheMs(env: Env, name: 'CAR_CACHE_MS' | 'PAGE_CACHE_MS', fallback: string): number {
  const raw = env[name] || fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 3_600_000)
    throw new ConfigError(`${name}="${raw}" không hợp lệ: cần số mili giây từ 0 đến 3600000`);
  return value;
}

function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN || '';
  if (!raw) return null;
  if (raw.length < 16 || /\s/.test(raw))
    throw new ConfigError('METRICS_TOKEN quá ngắn: cần ít nhất 16 ký tự, không có khoảng trắng');
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const p = port(env);
  const dataDir = resolve(env.DATA_DIR || './data');
  checkDataDir(dataDir);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${p}`).replace(
    /\/$/,
    '',
  );

  const adminUsername = env.ADMIN_USERNAME || 'admin';
  if (!/^[a-z0-9._]{3,40}$/.test(adminUsername)) {
    throw new ConfigError(
      'ADMIN_USERNAME không hợp lệ: 3-40 ký tự chữ thường không dấu, số, dấu chấm, gạch dưới',
    );
  }
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || null;
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL="${adminEmail}" không hợp lệ: cần một địa chỉ email`);
  }
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD quá ngắn: cần ít nhất 8 ký tự');
  }

  let jwtSecret = env.JWT_SECRET || '';
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET quá ngắn: cần ít nhất 32 ký tự');
  if (!jwtSecret) {
    if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET là bắt buộc khi NODE_ENV=production');
    jwtSecret = storedSecret(dataDir, 'jwt-secret');
  }

  const mailFrom = env.MAIL_FROM || 'Showroom <no-reply@localhost>';
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(mailFrom.trim())) {
    throw new ConfigError(
      `MAIL_FROM="${mailFrom}" không hợp lệ: cần dạng "Tên <dia-chi@mien>" hoặc "dia-chi@mien"`,
    );
  }
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL="${logLevel}" không hợp lệ`);
  }

  let s3: S3Config | null = null;
  if (env.S3_BUCKET) {
    const accessKeyId = env.S3_ACCESS_KEY_ID || null;
    const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
    if (!accessKeyId !== !secretAccessKey) {
      throw new ConfigError('S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY phải được đặt cùng nhau');
    }
    const prefix = (env.S3_PREFIX || '').replace(/^\/+|\/+$/g, '');
    if (prefix && !/^[A-Za-z0-9._/-]+$/.test(prefix))
      throw new ConfigError('S3_PREFIX chứa ký tự không hợp lệ');
    s3 = {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
      accessKeyId,
      secretAccessKey,
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
      publicUrl: url(env, 'S3_PUBLIC_URL', ['http:', 'https:'])?.replace(/\/$/, '') ?? null,
      prefix,
    };
  }

  return {
    env: nodeEnv,
    port: p,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    adminUsername,
    adminPassword,
    adminEmail,
    jwtSecret,
    smtpUrl,
    mailFrom,
    publicUrl,
    demoData: bool(env, 'DEMO_DATA', databaseUrl === null),
    logLevel,
    trustProxy: trustProxy(env),
    http: {
      requestTimeoutMs: intIn(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
      headersTimeoutMs: intIn(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 1000, 120_000),
      maxConnections: intIn(env, 'HTTP_MAX_CONNECTIONS', 2000, 10, 100_000),
    },
    webDir: resolve(env.WEB_DIR || 'dist/web'),
    s3,
    carCacheMs: cacheMs(env, 'CAR_CACHE_MS', databaseUrl === null ? '600000' : '3000'),
    reservationRateLimit: intIn(env, 'RESERVATION_RATE_LIMIT', 10, 1, 100_000),
    reservationHoldMinutes: intIn(env, 'RESERVATION_HOLD_MINUTES', 30, 5, 1440),
    valuationRateLimit: intIn(env, 'VALUATION_RATE_LIMIT', 60, 1, 100_000),
    visitorMail: {
      perAddressPerDay: intIn(env, 'VISITOR_MAIL_PER_ADDRESS_PER_DAY', 5, 1, 1_000_000),
      perIpPerDay: intIn(env, 'VISITOR_MAIL_PER_IP_PER_DAY', 20, 1, 1_000_000),
    },
    // A page also shows what changes with time alone (a post's publication): at most a minute old.
    pageCacheMs: cacheMs(env, 'PAGE_CACHE_MS', databaseUrl === null ? '60000' : '3000'),
    ai: aiConfig(env),
    metricsToken: metricsToken(env),
    overloadDelayMs: intIn(env, 'OVERLOAD_DELAY_MS', 2_000, 0, 600_000),
    jobs: {
      pollMs: intIn(env, 'JOBS_POLL_MS', 5_000, 0, 3_600_000),
      leaseMs: intIn(env, 'JOBS_LEASE_MS', 60_000, 1_000, 3_600_000),
    },
    zalo: zaloConfig(env),
  };
}
