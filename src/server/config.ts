import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminUsername: string;
  adminPassword: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  demoData: boolean;
  logLevel: string;
  trustProxy: boolean;
  webDir: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|on|yes)$/i.test(raw)) return true;
  if (/^(0|false|off|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name}="${raw}" không hợp lệ: dùng on/off, true/false hoặc 1/0`);
}

function port(env: Env): number {
  const raw = env.PORT ?? '3000';
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 0 || value > 65535) {
    throw new ConfigError(`PORT="${raw}" không hợp lệ: cần một số từ 0 đến 65535`);
  }
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
    throw new ConfigError(`${name} không hợp lệ: cần địa chỉ dạng ${protocols.map((p) => `${p}//…`).join(' hoặc ')}`);
  }
}

/** A secret generated on first start and kept beside the data, so tokens survive restarts. */
function storedSecret(dataDir: string, name: string): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const p = port(env);
  const host = env.HOST || '0.0.0.0';
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${p}`).replace(/\/$/, '');

  const adminUsername = env.ADMIN_USERNAME || 'admin';
  if (!/^[a-z0-9._]{3,40}$/.test(adminUsername)) {
    throw new ConfigError('ADMIN_USERNAME không hợp lệ: 3-40 ký tự chữ thường không dấu, số, dấu chấm, gạch dưới');
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
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL="${logLevel}" không hợp lệ`);
  }

  return {
    env: nodeEnv,
    port: p,
    host,
    dataDir,
    databaseUrl,
    adminUsername,
    adminPassword,
    jwtSecret,
    smtpUrl,
    mailFrom,
    publicUrl,
    demoData: bool(env, 'DEMO_DATA', databaseUrl === null),
    logLevel,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    webDir: resolve(env.WEB_DIR || 'dist/web'),
  };
}
