import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/common';
import type { App } from '../../context';
import type { Database } from '../../db/client';
import type { Metrics } from '../../platform/metrics';

export function healthRoutes(database: Database, metrics: Metrics) {
  return async (app: App) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: z.object({ status: z.literal('ok') }) },
          tags: ['Hệ thống'],
          summary: 'Tiến trình đang chạy',
        },
      },
      () => ({
        status: 'ok' as const,
      }),
    );

    app.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: {
          response: {
            200: z.object({ status: z.literal('ready'), database: z.string() }),
            503: apiErrorSchema,
          },
          tags: ['Hệ thống'],
          summary: 'Cơ sở dữ liệu sẵn sàng',
        },
      },
      async (_req, reply) => {
        try {
          await Promise.race([
            database.ping(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
          ]);
          return { status: 'ready' as const, database: database.driver };
        } catch {
          return reply.status(503).send({ status: 503, message: 'Cơ sở dữ liệu chưa sẵn sàng' });
        }
      },
    );

    app.get(
      '/metrics',
      {
        config: { access: 'metrics' },
        schema: {
          response: {
            200: {
              content: { 'text/plain': { schema: z.string().describe('Prometheus text exposition format') } },
            },
          },
          tags: ['Hệ thống'],
          summary: 'Số liệu Prometheus (cần METRICS_TOKEN)',
          security: [{ bearer: [] }],
        },
      },
      async (_req, reply) =>
        reply
          .header('content-type', metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.render()),
    );
  };
}
