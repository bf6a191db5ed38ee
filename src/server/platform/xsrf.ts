import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit cookie. A browser that has loaded the site carries the XSRF-TOKEN cookie
 * (SameSite=Strict, readable by our script); its state-changing calls must echo it in
 * X-XSRF-TOKEN. A client without the cookie (curl, an integration using only a bearer token)
 * is not a browser session and passes: it cannot be driven by another site's page.
 */
export function registerXsrf(app: FastifyInstance, secureCookies: boolean) {
  app.addHook('onRequest', (req, _reply, done) => {
    const cookie = req.cookies[XSRF_COOKIE];
    if (!cookie || SAFE.has(req.method) || !req.url.startsWith('/api/')) return done();
    const header = req.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !same(header, cookie)) {
      return done(new ApiError(403, 'Phiên làm việc không hợp lệ, vui lòng tải lại trang và thử lại'));
    }
    done();
  });
  // Handed out with pages only: the web app always loads a page before it calls the API, and API
  // answers and assets stay free of Set-Cookie, so shared caches may keep the public ones.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.cookies[XSRF_COOKIE]) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: secureCookies,
        httpOnly: false,
      });
    }
    done(null, payload);
  });
}
