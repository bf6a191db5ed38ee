import { ConfigError } from './config-proxy';

type Env = Record<string, string | undefined>;

/** Zalo Notification Service: where to send, how to renew the access token, how much per phone a day. */
export interface ZaloConfig {
  /** Off (null) without the app id, secret and refresh token: messages go to the outbox instead. */
  app: { appId: string; appSecret: string; refreshToken: string } | null;
  /** ZNS API base: messages go to `${znsUrl}/message/template`. */
  znsUrl: string;
  /** Zalo's OAuth token endpoint (refresh_token grant). */
  oauthUrl: string;
  /** Signs the delivery webhook (X-ZEvent-Signature); the OA secret key, or the app secret when unset. */
  webhookSecret: string | null;
  /** Zalo messages one phone may receive from the showroom a day (as for e-mail per mailbox). */
  perPhonePerDay: number;
  /** A ZNS or OAuth call slower than this is a network error (retried). */
  timeoutMs: number;
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = (env[name] ?? '').trim() || fallback;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return raw.replace(/\/+$/, '');
  } catch {
    throw new ConfigError(`${name}="${raw}" không hợp lệ: cần một địa chỉ http(s)`);
  }
}

function count(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new ConfigError(`${name}="${raw}" không hợp lệ: cần một số nguyên từ ${min} đến ${max}`);
  return Number(raw);
}

export function zaloConfig(env: Env): ZaloConfig {
  const appId = env.ZALO_APP_ID?.trim() ?? '';
  const appSecret = env.ZALO_APP_SECRET?.trim() ?? '';
  const refreshToken = env.ZALO_REFRESH_TOKEN?.trim() ?? '';
  const given = [appId, appSecret, refreshToken].filter(Boolean).length;
  if (given > 0 && given < 3)
    throw new ConfigError('ZALO_APP_ID, ZALO_APP_SECRET và ZALO_REFRESH_TOKEN phải được đặt cùng nhau');
  return {
    app: given === 3 ? { appId, appSecret, refreshToken } : null,
    znsUrl: httpUrl(env, 'ZALO_ZNS_URL', 'https://business.openapi.zalo.me'),
    oauthUrl: httpUrl(env, 'ZALO_OAUTH_URL', 'https://oauth.zaloapp.com/v4/oa/access_token'),
    webhookSecret: env.ZALO_OA_SECRET_KEY?.trim() || appSecret || null,
    perPhonePerDay: count(env, 'VISITOR_ZALO_PER_PHONE_PER_DAY', 5, 1, 1_000_000),
    timeoutMs: count(env, 'ZALO_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}
