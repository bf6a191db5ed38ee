import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../context';

/** The OpenAPI document of every route (from their contract schemas) and its viewer at /api/docs. */
export async function registerApiDocs(app: App, publicUrl: string): Promise<void> {
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
  // The viewer runs inline bootstrap scripts: it sends a CSP of its own naming them by hash (no
  // 'unsafe-inline'), without upgrade-insecure-requests, which would break it on a plain-HTTP install.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      publicUrl.startsWith('https:') ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
