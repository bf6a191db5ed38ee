import type { FastifyInstance } from 'fastify';

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
