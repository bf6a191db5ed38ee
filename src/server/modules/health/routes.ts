import type { App } from '../../context';
import type { Database } from '../../db/client';
import type { Metrics } from '../../platform/metrics';

export function healthRoutes(database: Database, metrics: Metrics) {
  return async (app: App) => {
    app.get(
      '/health',
      { config: { access: 'public' }, schema: { tags: ['Hệ thống'], summary: 'Tiến trình đang chạy' } },
      () => ({
        status: 'ok',
      }),
    );

    app.get(
      '/ready',
      { config: { access: 'public' }, schema: { tags: ['Hệ thống'], summary: 'Cơ sở dữ liệu sẵn sàng' } },
      async (_req, reply) => {
        try {
          await Promise.race([
            database.ping(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
          ]);
          return { status: 'ready', database: database.driver };
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
