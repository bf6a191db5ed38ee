import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { RealtimeBus } from './bus';
import { type StompPrincipal, StompServer, type StompServerOptions } from './stomp-server';

export { RealtimeBus, type RealtimeMessage } from './bus';
export { type SocketLike, StompServer } from './stomp-server';

export interface Realtime<U extends StompPrincipal> {
  bus: RealtimeBus;
  stomp: StompServer<U>;
  close(): Promise<void>;
}

/**
 * The bus (fan-out between processes) feeding the STOMP server (this process's sockets). Start it
 * before listening; close it before the database.
 */
export async function createRealtime<U extends StompPrincipal>(opts: {
  database: Database;
  log: FastifyBaseLogger;
  stomp: Omit<StompServerOptions<U>, 'log'>;
}): Promise<Realtime<U>> {
  const bus = new RealtimeBus(opts.database, opts.log);
  const stomp = new StompServer<U>({ ...opts.stomp, log: opts.log });
  bus.listen((message) => stomp.deliver(message.destination, message.body));
  await bus.start();
  return {
    bus,
    stomp,
    async close() {
      stomp.closeAll();
      await bus.close();
    },
  };
}
