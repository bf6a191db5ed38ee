import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../contract/permissions';
import { unauthorized } from './errors';

/**
 * Who is acting, as services need it: for the audit log (who, from where) and nothing else. Routes
 * build it from the request; services never see the request itself, so they can be called the same
 * way from a route, a scheduled job, a seed or a test.
 */
export interface Actor {
  userId: number | null;
  username: string | null;
  ip: string | null;
}

/** A signed-in staff member acting: also what their own rights are, for rules that depend on them. */
export interface StaffActor extends Actor {
  userId: number;
  username: string;
  role: string;
  permissions: readonly Permission[];
  sessionId: string;
}

/** The server acting on its own (start-up, seeds, scheduled jobs). */
export const SYSTEM_ACTOR: Actor = Object.freeze({ userId: null, username: null, ip: null });

/** The request's caller: the signed-in user when there is one, otherwise an anonymous visitor. */
export function actorOf(req: FastifyRequest): Actor {
  return { userId: req.user?.id ?? null, username: req.user?.username ?? null, ip: req.ip };
}

/** The signed-in staff member behind a request (routes whose access already requires sign-in). */
export function staffOf(req: FastifyRequest): StaffActor {
  const u = req.user;
  if (!u) throw unauthorized();
  return {
    userId: u.id,
    username: u.username,
    ip: req.ip,
    role: u.role,
    permissions: u.permissions,
    sessionId: u.sessionId,
  };
}

/** A visitor not signed in, known only by address (a public form, a reset request anyone may send). */
export function anonymousActor(ip: string | null): Actor {
  return { userId: null, username: null, ip };
}

/** A person identified without a session (signing in, a reset by e-mailed code) acting from an address. */
export function personActor(user: { id: number; username: string }, ip: string | null): Actor {
  return { userId: user.id, username: user.username, ip };
}
