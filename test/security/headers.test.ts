import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { bootstrap } from '../../src/server/db/seed/bootstrap';
import { codeOf, decodeMail } from '../api/foundation-helpers';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { openTestDatabase } from '../helpers/database';

const VIETNAMESE = /[ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]/i;

function multipart(parts: { name: string; filename?: string; type?: string; body: Buffer | string }[]) {
  const boundary = '----headersTestBoundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n` +
          `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

describe('security headers', () => {
  it('a page and an API answer carry CSP without inline scripts, nosniff, frame and referrer policies', async () => {
    for (const url of ['/api/health', '/api/cars', '/api/nope', '/', '/cars']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim(), url).toBe("script-src 'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // PUBLIC_URL is http here: no HSTS (it would lock a plain-HTTP installation out of its own site).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS and Secure cookies only when PUBLIC_URL is https', async () => {
    const https = await startTestApp({ PUBLIC_URL: 'https://showroom.example.vn', TRUST_PROXY: 'on' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/');
      // Our own script must read it to echo it in X-XSRF-TOKEN.
      expect(cookie).not.toContain('HttpOnly');
    } finally {
      await https.close();
    }
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
  });

  it('no CORS: a foreign origin gets no Access-Control header, on a read, a write or a preflight', async () => {
    const origin = 'https://evil.example';
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/cars', headers: { origin } }),
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/my-info',
        headers: { origin, authorization: `Bearer ${t.adminToken}` },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/consulting',
        headers: { origin, 'content-type': 'application/json' },
        payload: '{}',
      }),
      await t.app.inject({
        method: 'OPTIONS',
        url: '/api/users',
        headers: {
          origin,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization',
        },
      }),
    ];
    for (const res of answers) {
      for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
    }
    expect(answers[3].statusCode).toBeGreaterThanOrEqual(400);
  });

  it('the XSRF double submit refuses a cookie session without the header, in Vietnamese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${t.adminToken}`, cookie: 'XSRF-TOKEN=abc' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(VIETNAMESE);
  });
});

describe('CSP names what the site connects to, and the API docs have their own', () => {
  it('connect-src is our origin and its WebSocket origin, not every ws: or wss: host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const connect = csp
      .split(';')
      .find((d) => d.trim().startsWith('connect-src'))!
      .trim();
    expect(connect).toBe(`connect-src 'self' ws://${new URL(t.config.publicUrl).host}`);
    const https = await startTestApp({ PUBLIC_URL: 'https://showroom.example.vn' });
    try {
      const secure = String(
        (await https.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(secure).toContain("connect-src 'self' wss://showroom.example.vn");
      expect(secure).not.toMatch(/ ws: | wss:;/);
    } finally {
      await https.close();
    }
  });

  it('/api/docs answers with a CSP of its own, still without inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const site = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).not.toBe(site);
    expect(csp).toContain("script-src-attr 'none'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests'); // PUBLIC_URL is http here
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Cache-Control on staff data', () => {
  it('answers to a signed-in caller and sign-in answers are no-store; public reads are not', async () => {
    const mine = await t.call('GET', '/api/auth/my-info', { token: t.adminToken });
    expect(mine.headers['cache-control']).toBe('no-store');
    const users = await t.call('GET', '/api/users', { token: t.adminToken });
    expect(users.headers['cache-control']).toBe('no-store');
    const denied = await t.call('GET', '/api/users');
    expect(denied.status).toBe(401);
    const login = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const cars = await t.call('GET', '/api/cars');
    expect(cars.headers['cache-control']).not.toBe('no-store');
  });
});

describe('password-reset codes and booking links in production', () => {
  it('are mailed, never written to the log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'showroom-prodlog-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'prod-secret-prod-secret-prod-secret-0123456789',
      ADMIN_PASSWORD,
      ADMIN_EMAIL: 'admin@example.vn',
      DEMO_DATA: 'off',
      WEB_DIR: join(dataDir, 'no-web'),
    });
    const database = await openTestDatabase();
    // The most talkative level: nothing may carry the code even there.
    const built = await buildApp({ config, database, logger: { level: 'trace', stream } });
    try {
      await bootstrap(built.ctx, config, built.services);
      await built.app.ready();
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        query: { username: 'admin' },
      });
      expect(res.statusCode).toBe(200);
      const confirm = await built.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/confirm',
        query: { username: 'admin', token: '0000000000', newPassword: 'MoiMatKhau2026' },
      });
      expect(confirm.statusCode).toBe(400);
      // The mail goes out asynchronously after the answer.
      let mails: string[] = [];
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        try {
          mails = readdirSync(join(dataDir, 'outbox')).map((f) =>
            readFileSync(join(dataDir, 'outbox', f), 'utf8'),
          );
        } catch {}
      }
      // Read the code from the sentence that carries it: headers (Message-ID) can hold digit runs too.
      const code = mails.length ? codeOf(decodeMail(mails[0])) : undefined;
      expect(code, 'the code is in the mail').toMatch(/^\d{10}$/);
      const used = await built.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/confirm',
        query: { username: 'admin', token: code ?? '', newPassword: 'MoiMatKhau2026' },
      });
      expect(used.statusCode).toBe(200);
      // A customer's booking link carries its signature in the path, not in a query parameter.
      const bookingToken = '57-202611250900-Sx3fQ9mWk2LpZr7TgY1bNa';
      for (const url of [
        `/api/bookings/${bookingToken}`,
        `/api/bookings/${bookingToken}/schedule`,
        `/lich-hen/${bookingToken}?utm_source=email`,
      ]) {
        await built.app.inject({ method: url.includes('schedule') ? 'PUT' : 'GET', url, payload: {} });
      }
      const log = lines.join('');
      expect(log).toContain('/api/bookings/[redacted]/schedule');
      expect(log).not.toContain('Sx3fQ9mWk2LpZr7TgY1bNa');
      expect(log.length).toBeGreaterThan(0);
      expect(log).not.toContain(code);
      expect(log).not.toContain('MoiMatKhau2026');
      expect(log).not.toContain(ADMIN_PASSWORD);
    } finally {
      await built.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('uploaded files', () => {
  const upload = (filename: string, body: Buffer | string, type: string) => {
    const form = multipart([{ name: 'image', filename, type, body }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/blogs/admin/images',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': form.contentType },
      payload: form.payload,
    });
  };

  it('SVG, HTML and scripts dressed as images are refused by their bytes, in Vietnamese', async () => {
    const hostile: [string, string, string][] = [
      [
        'x.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
        'image/svg+xml',
      ],
      ['x.jpg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/jpeg'],
      ['x.html', '<!doctype html><script>alert(document.cookie)</script>', 'text/html'],
      ['x.png', '<!doctype html><script>alert(document.cookie)</script>', 'image/png'],
      ['x.gif', 'GIF89a<script>alert(1)</script>', 'image/gif'],
    ];
    for (const [name, body, type] of hostile) {
      const res = await upload(name, body, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message, name).toMatch(VIETNAMESE);
    }
  });

  it('an accepted image is re-encoded and served with its type, nosniff and a disposition', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const res = await upload('../../etc/passwd.png', png, 'text/html');
    expect(res.statusCode).toBe(201);
    const urls = JSON.stringify(res.json());
    const path = /\/api\/uploads\/[^"\s,]+/.exec(urls)?.[0];
    expect(path).toBeDefined();
    // The name the client gave is never used: the key is random, under a fixed folder.
    expect(path).not.toContain('passwd');
    expect(path).not.toContain('..');
    const file = await t.app.inject({ method: 'GET', url: path! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\/(webp|jpeg|png|avif)$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBeDefined();
    expect(String(file.headers['content-security-policy'])).toContain("default-src 'self'");
    // Traversal and foreign keys under the uploads route find nothing.
    for (const bad of [
      '/api/uploads/..%2f..%2fetc%2fpasswd',
      '/api/uploads/../../etc/passwd',
      '/api/uploads/blogs/x.html',
    ]) {
      const r = await t.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, bad).toBeLessThan(500);
      expect(r.body).not.toContain('root:');
    }
  });
  // CVs (PDF or .docx by their bytes, served as attachments) are covered in test/api/recruitment.test.ts.
});
