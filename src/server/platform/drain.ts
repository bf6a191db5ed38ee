import type http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** After the shutdown begins, how long a connection may stay without a request before it is closed. */
const DRAIN_IDLE_MS = 500;

/**
 * Drains the HTTP server in Fastify's `preClose` step (app.close(), called on SIGTERM by main.ts), so a
 * request a client has already sent is answered, not reset:
 * 1. every answer from now on says "Connection: close" (Fastify adds it to requests routed while it
 *    closes; answers already under way get it here), and its connection closes after it;
 * 2. the listening socket closes at once (later connections are refused), but idle keep-alive
 *    connections are not closed with it, as node:http's close() would do: a request a client had just
 *    sent on one, not read yet, would be cut;
 * 3. a connection without a request is closed once it has stayed so for DRAIN_IDLE_MS counted from the
 *    start of the drain, so whatever a client sent before it is read and answered first.
 * The drain ends when every connection has closed (main.ts's grace period bounds it); only then does
 * the database close. A load balancer in front should stop sending new connections before the signal
 * (docs/reliability.md, "SIGTERM under load").
 */
export function registerDrain(app: FastifyInstance) {
  const connections = new Map<net.Socket, { busy: number; idleSince: number; res?: http.ServerResponse }>();
  let draining = false;

  app.server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const c = connections.get(req.socket);
    if (c) {
      c.busy++;
      c.res = res;
    }
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      if (!c) return;
      c.busy--;
      c.idleSince = performance.now();
      if (c.res === res) c.res = undefined;
    });
  });

  app.addHook('preClose', async () => {
    draining = true;
    const started = performance.now();
    for (const c of connections.values()) if (c.res && !c.res.headersSent) c.res.shouldKeepAlive = false;
    // net.Server's own close: stops accepting without node:http's closing of idle connections.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
    while (connections.size > 0) {
      const now = performance.now();
      for (const [socket, c] of connections) {
        if (c.busy === 0 && now - Math.max(c.idleSince, started) >= DRAIN_IDLE_MS) socket.destroy();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}
