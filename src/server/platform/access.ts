import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, PERMISSIONS, type Permission } from '../../contract/permissions';
import { forbidden, notFound, unauthorized } from './errors';
import { isMetricsToken } from './metrics';

/**
 * Every /api route declares who may call it in `config.access`:
 * 'public' (anyone), 'auth' (any signed-in staff), a permission name (ADMIN always passes), or
 * 'metrics' (the scraper's METRICS_TOKEN only: no staff token opens it), or a list of permissions of
 * which any one opens it (the customer record: service or car staff).
 * A route without a declaration refuses to register, so nothing is open by accident, and the
 * authorisation tests read the same declarations from the route table.
 */
export type Access = 'public' | 'auth' | Permission | readonly Permission[] | 'admin' | 'metrics';

export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  role: string;
  permissions: Permission[];
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export function declaredAccess(req: FastifyRequest): Access | undefined {
  return req.routeOptions.config.access;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

/** Every /api route with its declared access, in registration order: the authorisation tests read it. */
export function registerAccessControl(
  app: FastifyInstance,
  opts: { metricsToken: string | null },
): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI document and its viewer are public, like the public API they describe.
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: 'public' } as typeof route.config;
      return;
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    const valid =
      access === 'public' ||
      access === 'auth' ||
      access === 'admin' ||
      access === 'metrics' ||
      PERMISSIONS.includes(access as Permission) ||
      (Array.isArray(access) && access.length > 0 && access.every((p) => PERMISSIONS.includes(p)));
    if (!valid) throw new Error(`Route ${route.method} ${route.url} has no valid config.access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access: access as Access });
    }
  });

  // onRequest, before body parsing and validation: an anonymous caller learns nothing but 401.
  app.addHook('onRequest', (req, _reply, done) => {
    done(refusal(req, opts.metricsToken));
  });
  return table;
}

/** Why this caller may not call this route, or undefined when it may. */
function refusal(req: FastifyRequest, metricsToken: string | null): Error | undefined {
  const access = declaredAccess(req);
  if (!access || access === 'public') return undefined;
  if (access === 'metrics') {
    // Switched off unless configured: the endpoint then looks like any unknown address.
    if (!metricsToken) return notFound('Không tìm thấy đường dẫn API');
    if (!isMetricsToken(req.headers.authorization, metricsToken))
      return unauthorized('Cần mã truy cập số liệu (METRICS_TOKEN) hợp lệ');
    return undefined;
  }
  if (!req.user) return unauthorized();
  if (access === 'auth') return undefined;
  if (access === 'admin') return req.user.role === 'ADMIN' ? undefined : forbidden();
  const anyOf: readonly Permission[] = Array.isArray(access) ? access : [access as Permission];
  const user = req.user;
  return anyOf.some((p) => hasPermission(user, p)) ? undefined : forbidden();
}

export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
