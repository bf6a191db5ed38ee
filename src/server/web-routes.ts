import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { App } from './context';
import { registerSeoRoutes } from './modules/seo/routes';
import type { SeoService } from './modules/seo/service';

/**
 * The built web app: hashed assets cached for a year, sent in the Brotli or gzip copy the build made
 * beside each file (scripts/build/precompress.mjs) when the browser accepts it; every page (public
 * routes with their share previews, sitemap, robots, the not-found page) answered by the SEO module
 * from index.html, compressed per answer by @fastify/compress. API answers are not compressed.
 */
export async function registerWeb(app: App, config: Config, seo: SeoService) {
  if (existsSync(join(config.webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Pages, sitemap and robots are rendered, never sent raw; the compressed copies are found by
      // preCompressed, not served under their own names.
      globIgnore: ['index.html', 'robots.txt', 'sitemap.xml', '**/*.br', '**/*.gz'],
      setHeaders(res, path) {
        if (path.includes(`${join(config.webDir, 'assets')}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // The pages in a scope of their own, so compression hooks only their routes.
  await app.register(async (web) => {
    await web.register(compress, {
      encodings: ['br', 'gzip'],
      // A rendered page is a few KB to 175 KB: Brotli 5 and gzip 6 keep it well under a millisecond
      // or two; the built files got the highest levels once, at build time.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
      zlibOptions: { level: 6 },
    });
    registerSeoRoutes(web as unknown as App, seo);
  });
}
