import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadCache } from './read-cache';

const READ_AT = Symbol('answer read at');
type Tagged = FastifyRequest & { [READ_AT]?: number };

/**
 * Public car answers served again by their exact URL, before validation and the handler: a repeated
 * list or car page costs a lookup. Only visitors' GETs of routes declared public (no token: staff
 * answers are never shared), only 200 answers (bytes or serialised JSON), and never one read before a change
 * (the read cache's generation). Every hook of the parent app (headers, access, metrics) still runs.
 */
export function registerAnswerCache(app: FastifyInstance, cache: ReadCache) {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' || req.headers.authorization || req.routeOptions.config.access !== 'public')
      return done();
    const hit = cache.answer(req.url);
    if (hit) {
      reply.type('application/json; charset=utf-8').send(hit);
      return;
    }
    (req as Tagged)[READ_AT] = cache.generation;
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const readAt = (req as Tagged)[READ_AT];
    if (readAt !== undefined && reply.statusCode === 200) {
      if (Buffer.isBuffer(payload)) cache.keepAnswer(req.url, payload, readAt);
      else if (typeof payload === 'string') cache.keepAnswer(req.url, Buffer.from(payload), readAt);
    }
    done(null, payload);
  });
}
