import http from 'node:http';
import type { HttpLimits } from '../config';

/**
 * The HTTP server with limits on slow and greedy clients: the headers must arrive within
 * `headersTimeoutMs` and the whole request within `requestTimeoutMs` (then 408 and the connection
 * closes), checked every second rather than Node's default 30 s, so a body trickled a few bytes at a
 * time cannot hold a connection for long; beyond `maxConnections` open connections, a new one is
 * closed at once. The cap counts every connection the server handles, including those handed to it
 * by other listening sockets (main.ts).
 */
export function createLimitedServer(limits: HttpLimits) {
  return (handler: http.RequestListener) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
        connectionsCheckingInterval: 1000,
      },
      handler,
    );
    let open = 0;
    server.on('connection', (socket) => {
      if (open >= limits.maxConnections) {
        socket.destroy();
        return;
      }
      open++;
      socket.once('close', () => open--);
    });
    return server;
  };
}
