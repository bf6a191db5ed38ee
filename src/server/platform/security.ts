import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/**
 * Security headers on every answer, through @fastify/helmet: CSP (the OpenAPI viewer under /api/docs
 * sends its own, see app.ts), nosniff, frame and referrer policies, COOP, HSTS when PUBLIC_URL is https.
 * Helmet has no Permissions-Policy: that one header is set here. Answers to a signed-in caller, and
 * every sign-in answer (it carries a token), are `Cache-Control: no-store`: no browser or proxy cache
 * keeps staff data.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { publicUrl: string }) {
  const https = opts.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: siteCsp(opts.publicUrl) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (
      req.url.startsWith('/api/') &&
      (req.headers.authorization || req.url.startsWith('/api/auth/')) &&
      !reply.hasHeader('cache-control')
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

// Query parameters that carry secrets: the spec's reset confirmation sends its code and the new
// password in the query string, and Fastify logs every request's URL.
const SECRET_PARAMS = /^(token|code|password|newpassword|oldpassword|currentpassword|confirmpassword|jwt)$/i;

/** The URL with the values of secret query parameters replaced, for the logs. */
export function redactUrl(url: string): string {
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
