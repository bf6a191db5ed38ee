import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's WebSocket origin (notifications), named in connect-src beside 'self'. */
export function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The site's Content-Security-Policy. Scripts only from our origin (no inline script: Vite emits
 * module files; JSON-LD blocks are data, not scripts). Inline styles stay allowed because the toast
 * library injects a <style> element. Connections: our origin and its WebSocket origin, nothing else.
 * Frames: the map and the social page embeds from the settings.
 */
export function siteCsp(publicUrl: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", websocketOrigin(publicUrl)],
    frameSrc: ['https:'],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** The helmet options of the site: every directive is a constant, so the headers never vary by request. */
function helmetOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: siteCsp(publicUrl) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'sameorigin' },
  };
}

/**
 * The headers helmet writes for these options, read once by running its middleware against a recorder.
 * @fastify/helmet builds the whole middleware again on every request (parsing the CSP each time, 7% of
 * a cached car list's CPU); the headers are the same, so they are computed at start and copied.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(publicUrl))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  // Helmet has no Permissions-Policy.
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=()';
  return headers;
}

/**
 * Security headers on every answer, computed by helmet (see securityHeaders): CSP (the OpenAPI viewer
 * under /api/docs replaces it with its own, see app.ts), nosniff, frame and referrer policies, COOP,
 * HSTS when PUBLIC_URL is https, Permissions-Policy. Private API answers are `Cache-Control: no-store`
 * unless the route says otherwise (see privateAnswer): no browser, shared computer or proxy keeps staff
 * data or what a visitor's secret link opens. Pages behind such links: the SEO module's private pages.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { publicUrl: string }) {
  const headers = securityHeaders(opts.publicUrl);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (privateAnswer(req)) reply.header('cache-control', 'no-store');
    done();
  });
}

// A route parameter that is a visitor's secret (a booking's signed token, a reservation's code).
const SECRET_ROUTE_PARAM = /\/:(token|code)(\/|$)/;

/**
 * An API answer nobody but its caller should keep: to a signed-in caller; from sign-in; to anything a
 * visitor sends (a receipt carries its manage link); from a route reached with a secret in its path or
 * query (bookings/{token}, reservations/{code}?token=, alerts/manage?token=), errors included. Reads
 * anyone may make (cars, settings, posts) keep their caching.
 */
function privateAnswer(req: FastifyRequest): boolean {
  if (!req.url.startsWith('/api/')) return false;
  if (req.headers.authorization || req.url.startsWith('/api/auth/')) return true;
  if (req.method !== 'GET' && req.method !== 'HEAD') return true;
  const route = req.routeOptions.url;
  if (route && SECRET_ROUTE_PARAM.test(route)) return true;
  const q = req.url.indexOf('?');
  if (q < 0) return false;
  for (const key of new URLSearchParams(req.url.slice(q + 1)).keys())
    if (SECRET_PARAMS.test(key)) return true;
  return false;
}

// Query parameters that carry secrets: the spec's reset confirmation sends its code and the new
// password in the query string, and Fastify logs every request's URL.
const SECRET_PARAMS = /^(token|code|password|newpassword|oldpassword|currentpassword|confirmpassword|jwt)$/i;

// Links whose signature is a path segment: a customer's booking (the API and the page).
const SECRET_PATHS = /^(\/api\/bookings\/|\/lich-hen\/)[^/?#]+/;

/** The URL with secret path segments and the values of secret query parameters replaced, for the logs. */
export function redactUrl(raw: string): string {
  const url = raw.replace(SECRET_PATHS, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.test(key)) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params}` : url;
}

/**
 * Logger options with a request serializer that never writes a secret from the URL. A ready-made
 * logger instance (tests) or `false` is returned as it is.
 */
export function withLogRedaction<T>(logger: T): T {
  if (!logger || typeof logger !== 'object' || typeof (logger as { info?: unknown }).info === 'function')
    return logger;
  const options = logger as { serializers?: Record<string, unknown> };
  return {
    ...options,
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      ...options.serializers,
    },
  } as T;
}
