import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { App, AppContext } from './context';
import type { Database } from './db/client';
import { AuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { CarsService } from './modules/cars/service';
import { carsRoutes } from './modules/cars/routes';
import { healthRoutes } from './modules/health/routes';
import { SalesService } from './modules/sales/service';
import { salesRoutes } from './modules/sales/routes';
import { UsersService } from './modules/users/service';
import { usersRoutes } from './modules/users/routes';
import { WebConfigService } from './modules/web-config/service';
import { webConfigRoutes } from './modules/web-config/routes';
import { registerAccessControl } from './platform/access';
import { registerErrorHandling } from './platform/errors';
import { createMailer, type Mailer } from './platform/mailer';
import { bearerToken, TokenSigner } from './platform/tokens';
import { registerSecurityHeaders } from './platform/security';
import { registerXsrf } from './platform/xsrf';
import { createStorage, type Storage } from './platform/storage';
import { MULTIPART_LIMITS, uploadRoutes } from './platform/uploads';

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
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenSigner(config.jwtSecret);
  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: app.log });
  const storage = opts.storage ?? createStorage(config);
  const ctx: AppContext = { config, database, db: database.db, mailer, tokens, log: app.log, storage };

  // Services, built in dependency order; modules reach each other only through these.
  const webConfig = new WebConfigService(ctx.db);
  const users = new UsersService(ctx.db);
  const auth = new AuthService(ctx.db, config, tokens, mailer, users);
  const cars = new CarsService(ctx.db, storage, app.log);
  const sales = new SalesService(ctx.db, storage, cars, users);
  const services = { webConfig, users, auth, cars, sales };

  registerErrorHandling(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(cookie);
  // Multipart once, with the upload limits; routes read parts through platform/uploads.ts.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  registerXsrf(app, config.publicUrl.startsWith('https:'));
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const jwt = bearerToken(req.headers.authorization);
    req.user = jwt ? await auth.resolve(jwt) : null;
  });
  const routeTable = registerAccessControl(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Showroom API', version: '1.0.0', description: 'API của website và bảng điều khiển showroom' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      const a = api as unknown as App;
      await a.register(healthRoutes(database));
      await a.register(authRoutes(auth, users));
      await a.register(usersRoutes(users));
      await a.register(webConfigRoutes(webConfig));
      await a.register(uploadRoutes(storage));
      await a.register(carsRoutes(cars));
      await a.register(salesRoutes(sales));
      a.setNotFoundHandler((_req, reply) => {
        reply.status(404).send({ status: 404, message: 'Không tìm thấy đường dẫn API' });
      });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config);
  return { app, ctx, services, routeTable };
}

/** The built web app: hashed assets cached for a year, every other path answered with index.html. */
async function registerWeb(app: App, config: Config) {
  const index = join(config.webDir, 'index.html');
  if (!existsSync(index)) {
    app.setNotFoundHandler((_req, reply) => {
      reply.status(404).type('text/plain; charset=utf-8').send('Chưa có bản dựng giao diện: chạy "npm run build".');
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: config.webDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      if (path.includes(`${join(config.webDir, 'assets')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.status(404).send({ status: 404, message: 'Không tìm thấy' });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
