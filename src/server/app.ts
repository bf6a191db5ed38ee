import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { trustProxyOption } from './config-proxy';
import type { App, AppContext } from './context';
import { wireCustomerContact } from './customer-contact';
import type { Database } from './db/client';
import { defineDemoJobs } from './db/seed/demo-photos';
import { wireDeals } from './deals-wiring';
import { alertsRoutes, createAlerts } from './modules/alerts';
import { auditRoutes } from './modules/audit/routes';
import { AuditService } from './modules/audit/service';
import { AuthService, authRoutes, PasswordSetup, SecurityNotices, SignInThrottle } from './modules/auth';
import { blogsRoutes } from './modules/blogs/routes';
import { BlogsService } from './modules/blogs/service';
import { carCostsRoutes } from './modules/car-costs';
import { carRecordsRoutes } from './modules/car-records/routes';
import { CarRecordsService } from './modules/car-records/service';
import { carsRoutes } from './modules/cars/routes';
import { CarsService } from './modules/cars/service';
import { buildChatbot, chatbotRoutes } from './modules/chatbot';
import { dashboardRoutes } from './modules/dashboard/routes';
import { DashboardService } from './modules/dashboard/service';
import { dealsRoutes } from './modules/deals';
import { exportsRoutes } from './modules/exports/routes';
import { ExportsService } from './modules/exports/service';
import { healthRoutes } from './modules/health/routes';
import { inspectionsRoutes } from './modules/inspections/routes';
import { InspectionsService } from './modules/inspections/service';
import { carDirectory } from './modules/leads/cars';
import { purchasePorts } from './modules/leads/purchase-ports';
import { leadsRoutes } from './modules/leads/routes';
import { LeadsService } from './modules/leads/service';
import { marketPricesRoutes } from './modules/market-prices';
import { notificationsRoutes } from './modules/notifications/routes';
import { NotificationsService } from './modules/notifications/service';
import { reconRoutes } from './modules/recon';
import { createPrivateStorage } from './modules/recruitment/cv';
import { recruitmentRoutes } from './modules/recruitment/routes';
import { RecruitmentService } from './modules/recruitment/service';
import { createReservations, reservationsRoutes } from './modules/reservations';
import { salesRoutes } from './modules/sales/routes';
import { SalesService } from './modules/sales/service';
import { carSourceFrom } from './modules/seo/car-source';
import { answerInProcess, BUSY_REQUESTS_IN_FLIGHT, PageRenderer } from './modules/seo/page-renderer';
import { SeoService } from './modules/seo/service';
import { slidersRoutes } from './modules/sliders/routes';
import { SlidersService } from './modules/sliders/service';
import { usersRoutes } from './modules/users/routes';
import { UsersService } from './modules/users/service';
import { createValuations, valuationsRoutes } from './modules/valuations';
import { webConfigRoutes } from './modules/web-config/routes';
import { WebConfigService } from './modules/web-config/service';
import { type CurrentUser, registerAccessControl } from './platform/access';
import { AdvisorTurnSigner } from './platform/advisor-turns';
import { type Clock, systemClock } from './platform/clock';
import { frameworkErrors, registerErrorHandling } from './platform/errors';
import { createLimitedServer } from './platform/http-limits';
import { JobQueue } from './platform/jobs/queue';
import { createMailer, type Mailer } from './platform/mailer';
import { registerMetrics } from './platform/metrics';
import { registerApiDocs } from './platform/openapi';
import { registerLoadShedding } from './platform/pressure';
import { CounterStore } from './platform/rate-limit';
import { createRealtime } from './platform/realtime';
import { registerSecurityHeaders, withLogRedaction } from './platform/security';
import { responseCheck, responseSerializer, withErrorResponses } from './platform/serializer';
import { createStorage, type Storage } from './platform/storage';
import { bearerToken, TokenSigner } from './platform/tokens';
import { MULTIPART_LIMITS, uploadRoutes } from './platform/uploads';
import { CustomerMailer } from './platform/visitor-mail';
import { registerXsrf } from './platform/xsrf';
import { wireStockPreparation } from './stock-preparation';
import { registerWeb } from './web-routes';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyBaseLogger | boolean | object;
  mailer?: Mailer;
  storage?: Storage;
  clock?: Clock;
  /** The web app is still being built (`npm start`): the caller adds its routes with web() once it is. */
  deferWeb?: boolean;
}

/** Builds the whole application without listening: main.ts listens, tests use inject() or listen(0). */
export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger: withLogRedaction(opts.logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: createLimitedServer(config.http),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // A request read after close() began is answered with "Connection: close" (main.ts drains), not a 503.
    return503OnClosing: false,
    // Plugins register while the database opens and the demo fills: on busy cores 10 s was too short.
    pluginTimeout: 120_000,
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their schemas in tests only (platform/serializer.ts says why).
  app.setSerializerCompiler(responseSerializer);
  if (config.env === 'test') app.addHook('onSend', responseCheck);
  app.addHook('onRoute', (route) => {
    if (route.schema) withErrorResponses(route.schema as Parameters<typeof withErrorResponses>[0]);
  });

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
  const clock = opts.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    tokens,
    log: app.log,
    storage,
    clock,
    counters: new CounterStore(database.db, clock),
  };
  // Reminders, alerts, digests and clean-ups: stored jobs, each run by one process (platform/jobs).
  const jobs = new JobQueue(ctx.db, clock, app.log, config.jobs);
  jobs.every('jobs.prune', async () => void (await jobs.prune()), 86_400_000, 3 * 3_600_000);

  // Services, built in dependency order; modules reach each other only through these.
  const webConfig = new WebConfigService(ctx.db, { reservationHoldMinutes: config.reservationHoldMinutes });
  const users = new UsersService(ctx.db, ctx.clock);
  // One customer per person with every lead, reservation, alert and Zalo message (customer-contact.ts).
  const contact = wireCustomerContact({ ...ctx, jobs, users, webConfig });
  const counters = ctx.counters;
  // Every mail to a customer; what a visitor causes is capped per mailbox and IP (platform/visitor-mail.ts).
  const customerMail = new CustomerMailer({
    ...{ mailer, counters, db: ctx.db, log: app.log },
    limits: config.visitorMail,
  });
  const throttle = new SignInThrottle(ctx.db, counters);
  const notices = new SecurityNotices(config.jwtSecret, config.publicUrl, mailer, app.log);
  const auth = new AuthService(
    ctx.db,
    tokens,
    users,
    webConfig,
    throttle,
    notices,
    ctx.clock,
    counters,
    app.log,
  );
  const passwordSetup = new PasswordSetup(ctx.db, config, users, counters, throttle, notices, app.log);
  const cars = new CarsService(ctx.db, storage, app.log, config.carCacheMs);
  defineDemoJobs(jobs, ctx, cars);
  const sales = new SalesService(ctx.db, cars, users);
  const inspections = new InspectionsService(ctx.db, storage, cars, app.log);
  // A service record that changes the odometer history can withdraw (or restore) "Không tua ODO".
  const carRecords = new CarRecordsService(ctx.db, cars, (carId) => inspections.refreshSummary(carId));
  // Real-time notifications: STOMP over WebSocket, fanned out between processes (platform/realtime).
  const realtime = await createRealtime<CurrentUser>({
    database,
    log: app.log,
    stomp: {
      // Opening the socket and checking it again are not uses of the session (the idle timeout).
      authenticate: (jwt) => auth.resolve(jwt, undefined, { use: false }),
      maySubscribe: (user, destination) => destination === `/topic/notifications/${user.id}`,
    },
  });
  app.addHook('onClose', () => realtime.close());
  const notifications = new NotificationsService(ctx.db, users, realtime.bus, app.log);
  // An owner's "this was not me" reaches everyone who manages accounts at once.
  auth.onReport(async (e) => {
    await notifications.notifySafely(
      users.idsWithPermission('MANAGE_USER'),
      `Tài khoản ${e.username} báo cáo một thay đổi không phải do chính mình: mọi phiên đã bị đăng xuất`,
      `/dashboard/users/${e.userId}`,
    );
  });
  const leads = new LeadsService({
    ...ctx,
    jobs,
    users,
    notifications,
    webConfig,
    customerMail,
    cars: carDirectory(ctx.db, cars),
    ...contact.leadPorts,
  });
  // Public content: banners, news, recruitment (CVs in private storage), share previews.
  const sliders = new SlidersService(ctx.db, storage, app.log);
  const blogs = new BlogsService(ctx.db, storage, users, app.log);
  const recruitment = new RecruitmentService(ctx.db, createPrivateStorage(config), ctx.counters, app.log);
  recruitment.onApplication(async (e) => {
    await notifications.notifySafely(
      users.idsWithPermission('MANAGE_RECRUITMENT'),
      `Ứng viên mới: ${e.fullName} ứng tuyển "${e.recruitmentTitle}"`,
      `/dashboard/candidates?recruitmentId=${e.recruitmentId}`,
    );
  });
  const seo = new SeoService(config, webConfig, blogs, sliders, recruitment);
  seo.setCarSource(carSourceFrom(cars));
  // Busy: more requests under way than a couple of visitors' pages make (metrics counts them below), or
  // an event loop busy most of the last second (platform/pressure.ts).
  let requestsInFlight = () => 0;
  let loopBusy = () => false;
  const pages = new PageRenderer(
    config.webDir,
    (url) => answerInProcess(app, url),
    app.log,
    config.pageCacheMs,
    () => requestsInFlight() > BUSY_REQUESTS_IN_FLIGHT || loopBusy(),
  );
  seo.setPageRenderer(pages);
  // Online deposits: a held car is "Đang giao dịch" everywhere, so every step drops cached answers and pages.
  const reservations = createReservations({
    ...{ db: ctx.db, clock, cars, webConfig, customerMail, log: app.log, jobs },
    ...{ secret: config.jwtSecret, publicUrl: config.publicUrl, holdMinutes: config.reservationHoldMinutes },
    ...{ customers: contact.port, onStep: contact.onReservationStep },
    notifyStaff: (message, link) =>
      notifications.notifySafely(users.idsWithPermission('MANAGE_CAR'), message, link),
    changed: () => {
      cars.invalidate();
      pages.clear();
    },
  });
  // Saved searches and price alerts by e-mail (and Zalo), with their daily digest (modules/alerts).
  const alerts = createAlerts({
    ...{ db: ctx.db, clock, customerMail, counters, log: app.log, cars, webConfig, jobs },
    ...contact.alertPorts,
    ...{ secret: config.jwtSecret, publicUrl: config.publicUrl, mailFrom: config.mailFrom },
  });
  sales.onSale((tx, carId, saleId, actor) => reservations.admin.closeForSale(tx, carId, saleId, actor));
  const deals = wireDeals({
    ...{ db: ctx.db, clock, cars, sales, users, webConfig, reservations, carRecords, pages },
    ...{ customerMail, config, notifications, jobs, contact },
  });
  // Reconditioning before a car is listed, and what each car really costs (stock-preparation.ts).
  const { recon, carCosts } = wireStockPreparation({
    ...{ db: ctx.db, clock, jobs, mailer, log: app.log, publicUrl: config.publicUrl },
    ...{ cars, sales, users, webConfig, inspections, notifications },
  });
  // Rendered pages show cars, posts, banners and settings, which only staff change (signed requests);
  // a visitor's chat message or booking changes no page and keeps the rendered pages.
  app.addHook('onResponse', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && req.headers.authorization)
      pages.clear();
    done();
  });
  // The AI advisor: the cars service and the web configuration behind one port; a language model when configured.
  const chatbot = buildChatbot({
    cars,
    db: ctx.db,
    webConfig,
    ai: config.ai,
    log: app.log,
    records: {
      inspection: async (carId) => {
        const report = await inspections.find(carId);
        return report && { ...report, items: report.results };
      },
      // Asked only for a car that exists (the reader looks it up first): a failure is an error, not "no papers".
      history: async (carId) => {
        const h = await carRecords.history(carId);
        const known = Object.values(h.papers).some((v) => v !== null);
        return { papers: known ? h.papers : null, serviceRecords: h.serviceRecords };
      },
    },
    // A held car's deposit, and a seller's car valued by the engine (created just below; called per question).
    dealing: {
      holdOf: (carId) => reservations.holdOf(carId),
      valuations: { value: (q) => valuations.value(q) },
    },
  });
  // Market prices and the valuation engine over them, the stock and the sales.
  const { market, valuations } = createValuations({
    ...{ db: ctx.db, jobs, clock, cars, sales, webConfig, log: app.log },
    trueCosts: (ids) => carCosts.trueCosts(ids),
  });
  leads.purchases.connect(purchasePorts(valuations, cars));
  // A refresh of the deal labels under way finishes before the database closes.
  app.addHook('onClose', () => valuations.settled());
  // Statistics, exports and the audit log page: read-only views over the other modules' data.
  const stockCosts = async () => (await webConfig.get()).stockCosts;
  const dashboard = new DashboardService(ctx.db, { clock, board: () => recon.board(), stockCosts });
  const exporter = new ExportsService(ctx.db);
  const audit = new AuditService(ctx.db, {
    person: (ids) => users.namesOf(ids),
    car: (ids) => cars.namesOf(ids),
    recruitment: (ids) => recruitment.titlesOf(ids),
    sale: (ids) => sales.labelsOf(ids),
    inspectionItem: (ids) => inspections.itemLabelsOf(ids),
  });
  const services = {
    ...{ webConfig, users, auth, passwordSetup, cars, carRecords, carCosts, sales, inspections },
    ...{ notifications, leads, sliders, blogs, recruitment, seo, chatbot, dashboard, exporter },
    ...{ audit, jobs, alerts, market, valuations, recon, deals, ...contact.services },
  };

  // Polling starts once every module has defined its jobs; on close, the pass under way finishes.
  if (config.jobs.pollMs > 0) {
    app.addHook('onReady', (done) => {
      jobs.start();
      done();
    });
    app.addHook('onClose', () => jobs.stop());
  }

  // First, so every answer is counted, including those the hooks below refuse.
  const metrics = registerMetrics(app, database, jobs);
  requestsInFlight = () => metrics.inFlight;
  registerErrorHandling(app);
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  await app.register(cookie);
  // After the cookie parser (every later hook may read cookies), before sign-in and access control
  // (a refused request costs nothing more).
  loopBusy = (await registerLoadShedding(app, config.overloadDelayMs)).busy;
  // Multipart once, with the upload limits; routes read parts through platform/uploads.ts.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerXsrf(app, config.publicUrl.startsWith('https:'));
  app.decorateRequest('user', null);
  // Callback-style hooks on the hot path: a visitor's request (no token) passes without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const jwt = bearerToken(req.headers.authorization);
    if (!jwt) {
      req.user = null;
      return done();
    }
    auth.resolve(jwt, req.ip).then((user) => {
      req.user = user;
      done();
    }, done);
  });
  const routeTable = registerAccessControl(app, { metricsToken: config.metricsToken });
  await registerApiDocs(app, config.publicUrl);

  await app.register(
    async (api) => {
      const a = api as unknown as App;
      await a.register(healthRoutes(database, metrics));
      await a.register(authRoutes(auth, passwordSetup));
      await a.register(usersRoutes(users, passwordSetup, notices));
      await a.register(
        webConfigRoutes(webConfig, (actor, given, missing) => auth.confirmPassword(actor, given, missing)),
      );
      await a.register(uploadRoutes(storage));
      await a.register(carsRoutes(cars));
      await a.register(inspectionsRoutes(inspections));
      await a.register(carRecordsRoutes(carRecords));
      await a.register(salesRoutes(sales));
      await a.register(dealsRoutes(deals));
      await a.register(reconRoutes(recon));
      await a.register(carCostsRoutes(carCosts));
      await a.register(
        reservationsRoutes({ ...reservations, ratePerMinute: config.reservationRateLimit, counters }),
      );
      await a.register(alertsRoutes({ ...alerts, counters, cars }));
      await a.register(notificationsRoutes(notifications, realtime.stomp));
      await a.register(leadsRoutes(leads));
      await a.register(contact.routes);
      await a.register(slidersRoutes(sliders));
      await a.register(blogsRoutes(blogs));
      await a.register(recruitmentRoutes(recruitment));
      await a.register(
        chatbotRoutes(chatbot, {
          ratePerMinute: config.ai.chatRateLimit,
          counters: ctx.counters,
          signer: new AdvisorTurnSigner(config.jwtSecret),
        }),
      );
      await a.register(marketPricesRoutes(market));
      await a.register(
        valuationsRoutes({ service: valuations, ratePerMinute: config.valuationRateLimit, counters }),
      );
      await a.register(dashboardRoutes(dashboard));
      await a.register(exportsRoutes({ exports: exporter, sales, cars, leads, recruitment, dashboard }));
      await a.register(auditRoutes(audit));
      a.setNotFoundHandler((_req, reply) => {
        reply.status(404).send({ status: 404, message: 'Không tìm thấy đường dẫn API' });
      });
    },
    { prefix: '/api' },
  );
  const web = () => registerWeb(app, config, seo).then(() => void pages.warm());
  if (!opts.deferWeb) await web();
  return { app, ctx, services, routeTable, web };
}
