import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Security headers on every answer. Scripts only from our origin (no inline script: Vite emits module
 * files; JSON-LD blocks are data, not scripts). Inline styles stay allowed because the toast library
 * injects a <style> element. Frames: the map and the social page embeds from the settings.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    'frame-src https:',
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    // The OpenAPI viewer runs its own inline bootstrap script; it is a developer page, not the site.
    if (!req.url.startsWith('/api/docs')) reply.header('content-security-policy', csp);
    if (opts.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
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
