import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/**
 * Share of time the event loop was busy (last second) above which the server counts as busy: it still
 * answers everything, but sends public pages without their server render (app.ts), which costs the
 * server about a third as much.
 */
const BUSY_UTILIZATION = 0.9;
const RETRY_AFTER_S = 10;
/** under-pressure's sampling period (its default), spelt out: the arming below counts in it. */
const SAMPLE_MS = 1_000;
export const OVERLOADED_MESSAGE = 'Máy chủ đang quá tải, vui lòng thử lại sau ít phút';

/** Answered whatever the load: liveness (a shed probe would get the process restarted) and the scraper. */
const NEVER_SHED = ['/api/health', '/api/metrics'];

/**
 * Load shedding with @fastify/under-pressure:
 * - past a mean event-loop delay of `refuseDelayMs` (one-second samples; OVERLOAD_DELAY_MS, 2 s by
 *   default) requests are refused with a 503 and Retry-After: the process is then so far behind that an
 *   answer would come too late to be of use, and a load balancer or the browser's retry does better
 *   elsewhere or later. The busiest load runs (200 visitors on PGlite, docs/performance.md "Load") saw
 *   spikes of 0.8 s, never a mean near 2 s;
 * - past BUSY_UTILIZATION the server only counts as busy (the returned `busy()`, read by the page
 *   renderer).
 * Both are armed two samples after ready: the first samples measure start-up (opening the embedded
 * database blocks the loop for seconds), and a visitor arriving then would get an unrendered page.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  refuseDelayMs: number,
): Promise<{ busy: () => boolean }> {
  // Start-up's own work (migrations, the first admin's password hash, demo photos) blocks the loop
  // before any visitor is there: refusing starts two samples after the server is ready, once the
  // samples that saw start-up have been replaced.
  let armedAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    armedAt = performance.now() + 2 * SAMPLE_MS;
  });
  await app.register(underPressure, {
    sampleInterval: SAMPLE_MS,
    // 0 switches the check off in under-pressure too.
    maxEventLoopDelay: refuseDelayMs,
    maxEventLoopUtilization: BUSY_UTILIZATION,
    // The last sample's share, not the share since the plugin was registered (its default): a slow
    // start-up kept the server "busy" for minutes after it, and every page went out unrendered.
    eventLoopUtilizationMode: 'interval',
    retryAfter: RETRY_AFTER_S,
    // Returning nothing lets the request go on; a rejection answers it through the error handler.
    pressureHandler: async (req, reply, type) => {
      if (type !== 'eventLoopDelay' || performance.now() < armedAt) return;
      if (NEVER_SHED.some((p) => req.url.startsWith(p))) return;
      reply.header('retry-after', String(RETRY_AFTER_S));
      throw new ApiError(503, OVERLOADED_MESSAGE);
    },
  });
  return { busy: () => performance.now() >= armedAt && app.isUnderPressure() };
}
