import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Zalo on 127.0.0.1 speaking the wire formats the showroom uses, for tests and the benchmark:
 * - ZNS: `POST /message/template`, header `access_token`, JSON `{phone, template_id, template_data,
 *   tracking_id}`, answer `{error, message, data: {msg_id, sent_time, quota}}` with Zalo's error codes
 *   (-124 for an access token it did not issue or that has expired, -108 for a malformed phone, and any
 *   code a test scripts);
 * - OAuth: `POST /v4/oa/access_token`, header `secret_key`, form `app_id`, `grant_type=refresh_token`,
 *   `refresh_token`; answer `{access_token, refresh_token, expires_in}`, each refresh token used once
 *   (`{error: -14014, error_name}` for a used or unknown one).
 */

export interface ReceivedMessage {
  at: number;
  accessToken: string;
  body: { phone: string; template_id: string; template_data: Record<string, unknown>; tracking_id: string };
  msgId: string;
}

type Scripted =
  | { kind: 'error'; code: number; message: string }
  | { kind: 'http'; status: number }
  | { kind: 'hang' };

export interface FakeZalo {
  url: string;
  znsUrl: string;
  oauthUrl: string;
  appId: string;
  appSecret: string;
  /** The refresh token the showroom starts from (ZALO_REFRESH_TOKEN). */
  firstRefreshToken: string;
  /** The environment that points the showroom at this fake. */
  env: Record<string, string>;
  /** Every accepted (sent) message, in order. */
  sent: ReceivedMessage[];
  /** Every ZNS request, accepted or not. */
  requests: { accessToken: string; body: ReceivedMessage['body']; answer: unknown }[];
  refreshes: { appId: string; secretKey: string; refreshToken: string }[];
  /** The next ZNS requests answer these, in order (then normal service resumes). */
  script(...steps: Scripted[]): void;
  /** Phones that have no Zalo account: -118 for them. */
  noZalo: Set<string>;
  /** Every access token issued so far stops working (-124), as after its expiry. */
  expireAccessTokens(): void;
  /** Seconds the next issued access tokens live (expires_in). */
  tokenLifetime: number;
  /** Called as each message is accepted (the benchmark times its arrival). */
  onSent?: (m: ReceivedMessage) => void;
  /** Waits until `n` messages were sent (or fails after `ms`). */
  waitForSent(n: number, ms?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakeZalo(): Promise<FakeZalo> {
  const appId = '1234567890123456789';
  const appSecret = `secret-${randomBytes(6).toString('hex')}`;
  const firstRefreshToken = `rt-${randomBytes(12).toString('hex')}`;
  const refreshTokens = new Set([firstRefreshToken]);
  const accessTokens = new Set<string>();
  const steps: Scripted[] = [];
  let msgCounter = 0;

  const fake = {
    appId,
    appSecret,
    firstRefreshToken,
    sent: [] as ReceivedMessage[],
    requests: [] as FakeZalo['requests'],
    refreshes: [] as FakeZalo['refreshes'],
    noZalo: new Set<string>(),
    tokenLifetime: 90_000,
    script: (...s: Scripted[]) => void steps.push(...s),
    expireAccessTokens: () => accessTokens.clear(),
  };

  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    if (req.method === 'POST' && req.url === '/v4/oa/access_token') {
      const form = new URLSearchParams(raw);
      const secretKey = String(req.headers.secret_key ?? '');
      const token = form.get('refresh_token') ?? '';
      fake.refreshes.push({ appId: form.get('app_id') ?? '', secretKey, refreshToken: token });
      if (form.get('app_id') !== appId || secretKey !== appSecret)
        return json(res, 200, { error: -14002, error_name: 'Invalid app id or secret key' });
      if (form.get('grant_type') !== 'refresh_token' || !refreshTokens.delete(token))
        return json(res, 200, {
          error: -14014,
          error_name: 'Invalid refresh token',
          error_reason: 'used or unknown',
        });
      const access = `at-${randomBytes(12).toString('hex')}`;
      const next = `rt-${randomBytes(12).toString('hex')}`;
      accessTokens.add(access);
      refreshTokens.add(next);
      return json(res, 200, {
        access_token: access,
        refresh_token: next,
        expires_in: String(fake.tokenLifetime),
      });
    }
    if (req.method === 'POST' && req.url === '/message/template') {
      const accessToken = String(req.headers.access_token ?? '');
      let body: ReceivedMessage['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 200, { error: -112, message: 'Body is not valid JSON' });
      }
      const answer = (a: unknown, status = 200) => {
        fake.requests.push({ accessToken, body, answer: a });
        json(res, status, a);
      };
      if (!accessTokens.has(accessToken)) return answer({ error: -124, message: 'Access token is invalid' });
      const step = steps.shift();
      if (step?.kind === 'hang') return; // never answered: the client's timeout
      if (step?.kind === 'http') return answer({ error: -1, message: 'Internal error' }, step.status);
      if (step?.kind === 'error') return answer({ error: step.code, message: step.message });
      if (!/^84\d{9}$/.test(String(body.phone)))
        return answer({ error: -108, message: 'Phone number is invalid' });
      if (!body.template_id || !body.tracking_id || typeof body.template_data !== 'object')
        return answer({ error: -112, message: 'Template data is invalid' });
      if (fake.noZalo.has(body.phone))
        return answer({ error: -118, message: 'Zalo account is not existed or is disabled' });
      const msgId = `msg-${++msgCounter}`;
      const received = { at: Date.now(), accessToken, body, msgId };
      fake.sent.push(received);
      (fake as { onSent?: (m: ReceivedMessage) => void }).onSent?.(received);
      return answer({
        error: 0,
        message: 'Success',
        data: {
          msg_id: msgId,
          sent_time: String(Date.now()),
          quota: { dailyQuota: '500', remainingQuota: '499' },
        },
      });
    }
    json(res, 404, { error: 404, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    znsUrl: url,
    oauthUrl: `${url}/v4/oa/access_token`,
    env: {
      ZALO_APP_ID: appId,
      ZALO_APP_SECRET: appSecret,
      ZALO_REFRESH_TOKEN: firstRefreshToken,
      ZALO_ZNS_URL: url,
      ZALO_OAUTH_URL: `${url}/v4/oa/access_token`,
      ZALO_TIMEOUT_MS: '1000',
    },
    async waitForSent(n: number, ms = 10_000) {
      const until = Date.now() + ms;
      while (fake.sent.length < n) {
        if (Date.now() > until) throw new Error(`fake Zalo: ${fake.sent.length} of ${n} messages arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return fake.sent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
