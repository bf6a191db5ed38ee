import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { App, AppContext } from './context';
import type { Database } from './db/client';
import { auditRoutes } from './modules/audit/routes';
import { AuditService } from './modules/audit/service';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { blogsRoutes } from './modules/blogs/routes';
import { BlogsService } from './modules/blogs/service';
import { carsRoutes } from './modules/cars/routes';
import { CarsService } from './modules/cars/service';
import { buildChatbot, chatbotRoutes } from './modules/chatbot';
import { dashboardRoutes } from './modules/dashboard/routes';
import { DashboardService } from './modules/dashboard/service';
import { exportsRoutes } from './modules/exports/routes';
import { ExportsService } from './modules/exports/service';
import { healthRoutes } from './modules/health/routes';
import { carDirectory } from './modules/leads/cars';
import { leadsRoutes } from './modules/leads/routes';
import { LeadsService } from './modules/leads/service';
import { notificationsRoutes } from './modules/notifications/routes';
import { NotificationsService } from './modules/notifications/service';
import { createPrivateStorage } from './modules/recruitment/cv';
import { recruitmentRoutes } from './modules/recruitment/routes';
import { RecruitmentService } from './modules/recruitment/service';
import { salesRoutes } from './modules/sales/routes';
import { SalesService } from './modules/sales/service';
import { carSourceFrom } from './modules/seo/car-source';
import { answerInProcess, PageRenderer } from './modules/seo/page-renderer';
import { registerSeoRoutes } from './modules/seo/routes';
import { SeoService } from './modules/seo/service';
import { slidersRoutes } from './modules/sliders/routes';
import { SlidersService } from './modules/sliders/service';
import { usersRoutes } from './modules/users/routes';
import { UsersService } from './modules/users/service';
import { webConfigRoutes } from './modules/web-config/routes';
import { WebConfigService } from './modules/web-config/service';
import { type CurrentUser, registerAccessControl } from './platform/access';
import { registerWebCompression } from './platform/compression';
import { frameworkErrors, registerErrorHandling } from './platform/errors';
import { createMailer, type Mailer } from './platform/mailer';
import { registerMetrics } from './platform/metrics';
import { createRealtime } from './platform/realtime';
import { registerSecurityHeaders, withLogRedaction } from './platform/security';
import { createStorage, type Storage } from './platform/storage';
import { bearerToken, TokenSigner } from './platform/tokens';
import { MULTIPART_LIMITS, uploadRoutes } from './platform/uploads';
import { registerXsrf } from './platform/xsrf';

/** Requests under way above which public pages are no longer rendered on the server (page-renderer.ts). */
const BUSY_REQUESTS_IN_FLIGHT = 32;

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyBaseLogger | boolean | object;
  mailer?: Mailer;
  storage?: Storage;
}

/** Builds the whole application without listening: main.ts listens, tests use inject() or listen(0). */
export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger: withLogRedaction(opts.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // A request read after close() began (sent on a keep-alive connection before SIGTERM) is answered
    // normally, with "Connection: close", not with Fastify's English 503: main.ts drains connections.
    return503OnClosing: false,
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenSigner(config.jwtSecret);
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const storage = opts.storage ?? createStorage(config);
  const ctx: AppContext = { config, database, db: database.db, mailer, tokens, log: app.log, storage };

  // Services, built in dependency order; modules reach each other only through these.
  const webConfig = new WebConfigService(ctx.db);
  const users = new UsersService(ctx.db);
  const auth = new AuthService(ctx.db, config, tokens, mailer, users);
  const cars = new CarsService(ctx.db, storage, app.log, config.carCacheMs);
  const sales = new SalesService(ctx.db, storage, cars, users);
  // Real-time notifications: STOMP over WebSocket, fanned out between processes (platform/realtime).
  const realtime = await createRealtime<CurrentUser>({
    database,
    log: app.log,
    stomp: {
      authenticate: (jwt) => auth.resolve(jwt),
      maySubscribe: (user, destination) => destination === `/topic/notifications/${user.id}`,
    },
  });
  app.addHook('onClose', () => realtime.close());
  const notifications = new NotificationsService(ctx.db, users, realtime.bus, app.log);
  const leads = new LeadsService({
    ...ctx,
    users,
    notifications,
    webConfig,
    cars: carDirectory(ctx.db, cars),
  });
  // Public content: banners, news, recruitment (CVs in private storage), share previews.
  const sliders = new SlidersService(ctx.db, storage, app.log);
  const blogs = new BlogsService(ctx.db, storage, app.log);
  const recruitment = new RecruitmentService(ctx.db, createPrivateStorage(config), app.log);
  recruitment.onApplication(async (e) => {
    await notifications.notifySafely(
      users.idsWithPermission('MANAGE_RECRUITMENT'),
      `Ứng viên mới: ${e.fullName} ứng tuyển "${e.recruitmentTitle}"`,
      `/dashboard/candidates?recruitmentId=${e.recruitmentId}`,
    );
  });
  const seo = new SeoService(config, webConfig, blogs, sliders, recruitment);
  seo.setCarSource(carSourceFrom(cars));
  // Busy: more requests under way than a couple of visitors' pages make (metrics counts them below).
  let requestsInFlight = () => 0;
  const pages = new PageRenderer(
    config.webDir,
    (url) => answerInProcess(app, url),
    app.log,
    config.pageCacheMs,
    () => requestsInFlight() > BUSY_REQUESTS_IN_FLIGHT,
  );
  seo.setPageRenderer(pages);
  void pages.warm();
  // Rendered pages show cars, posts, banners and settings, which only staff change (signed requests);
  // a visitor's chat message or booking changes no page and keeps the rendered pages.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && req.headers.authorization)
      pages.clear();
  });
  // The AI advisor: the cars service and the web configuration behind one port; a language model when configured.
  const chatbot = buildChatbot({ cars, db: ctx.db, webConfig, ai: config.ai, log: app.log });
  // Statistics, exports and the audit log page: read-only views over the other modules' data.
  const dashboard = new DashboardService(ctx.db);
  const exporter = new ExportsService(ctx.db);
  const audit = new AuditService(ctx.db);
  const services = {
    webConfig,
    users,
    auth,
    cars,
    sales,
    notifications,
    leads,
    sliders,
    blogs,
    recruitment,
    seo,
    chatbot,
    dashboard,
    exporter,
    audit,
  };

  // First, so every answer is counted, including those the hooks below refuse.
  const metrics = registerMetrics(app, database);
  requestsInFlight = () => metrics.inFlight;
  registerErrorHandling(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(cookie);
  // Multipart once, with the upload limits; routes read parts through platform/uploads.ts.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerXsrf(app, config.publicUrl.startsWith('https:'));
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const jwt = bearerToken(req.headers.authorization);
    req.user = jwt ? await auth.resolve(jwt) : null;
  });
  const routeTable = registerAccessControl(app, { metricsToken: config.metricsToken });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Showroom API',
        version: '1.0.0',
        description: 'API của website và bảng điều khiển showroom',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      const a = api as unknown as App;
      await a.register(healthRoutes(database, metrics));
      await a.register(authRoutes(auth, users));
      await a.register(usersRoutes(users));
      await a.register(webConfigRoutes(webConfig));
      await a.register(uploadRoutes(storage));
      await a.register(carsRoutes(cars));
      await a.register(salesRoutes(sales));
      await a.register(notificationsRoutes(notifications, realtime.stomp));
      await a.register(leadsRoutes(leads));
      await a.register(slidersRoutes(sliders));
      await a.register(blogsRoutes(blogs));
      await a.register(recruitmentRoutes(recruitment));
      await a.register(chatbotRoutes(chatbot, { ratePerMinute: config.ai.chatRateLimit }));
      await a.register(dashboardRoutes(dashboard));
      await a.register(exportsRoutes({ exports: exporter, sales, cars, leads, recruitment }));
      await a.register(auditRoutes(audit));
      a.setNotFoundHandler((_req, reply) => {
        reply.status(404).send({ status: 404, message: 'Không tìm thấy đường dẫn API' });
      });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config, seo);
  return { app, ctx, services, routeTable };
}

/**
 * The built web app: hashed assets cached for a year; every page (public routes with their share
 * previews, sitemap, robots, the not-found page) answered by the SEO module from index.html.
 */
async function registerWeb(app: App, config: Config, seo: SeoService) {
  // Brotli / gzip for the built files and the rendered pages (API answers are left alone).
  registerWebCompression(app, config.webDir);
  if (existsSync(join(config.webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      // Pages, sitemap and robots are rendered, never sent raw.
      globIgnore: ['index.html', 'robots.txt', 'sitemap.xml'],
      setHeaders(res, path) {
        if (path.includes(`${join(config.webDir, 'assets')}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  registerSeoRoutes(app, seo);
}
