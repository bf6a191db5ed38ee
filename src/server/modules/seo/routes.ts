import type { FastifyReply } from 'fastify';
import type { App } from '../../context';
import type { RenderedPage, SeoService } from './service';
import { STATIC_PAGES } from './static-pages';

/**
 * A page: public ones are revalidated on each visit (no-cache); private ones (staff, sign-in, and a
 * visitor's booking, reservation or alerts behind a secret link) are never stored (no-store).
 */
function send(reply: FastifyReply, page: RenderedPage, cache: 'no-cache' | 'no-store' = 'no-cache') {
  return reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', cache)
    .send(page.html);
}

/** A numeric id of a path segment, or null (then the page is a 404). */
function numericId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The web pages: every public route answered with the built index.html carrying that
 * page's title, description, canonical address, Open Graph / Twitter tags and JSON-LD, so a link shared
 * in Zalo or Facebook previews without JavaScript. Also /sitemap.xml and /robots.txt. Any other GET
 * gets the app with a 404 status (the app shows its not-found page); files that do not exist get a
 * plain 404.
 */
export function registerSeoRoutes(app: App, seo: SeoService) {
  for (const path of Object.keys(STATIC_PAGES)) {
    app.get(path, { schema: { hide: true } }, async (req, reply) =>
      send(reply, await seo.renderStatic(path, req.url)),
    );
  }
  for (const [list, render] of [
    ['/cars', (id: number | null, url: string) => seo.renderCar(id, url)],
    ['/blogs', (id: number | null, url: string) => seo.renderBlog(id, url)],
  ] as const) {
    app.get(`${list}/:id`, { schema: { hide: true } }, async (req, reply) => {
      const raw = (req.params as { id: string }).id;
      // "/blogs/" is the list with a trailing slash.
      if (raw === '') return reply.redirect(`${list}${req.url.slice(req.url.split('?')[0].length)}`, 301);
      return send(reply, await render(numericId(raw), req.url));
    });
  }
  app.get('/index.html', { schema: { hide: true } }, (_req, reply) => reply.redirect('/', 301));
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await seo.sitemap()),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(seo.robots()),
  );

  app.setNotFoundHandler(async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.status(404).send({ status: 404, message: 'Không tìm thấy' });
    }
    const path = req.url.split('?')[0];
    // A missing script, style or picture must not be answered with a page.
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Không tìm thấy tệp');
    }
    if (seo.isPrivatePath(path)) return send(reply, await seo.renderPrivate(path), 'no-store');
    const trimmed = path.replace(/\/+$/, '');
    if (trimmed && trimmed !== path && (STATIC_PAGES[trimmed] || /^\/(cars|blogs)\/\d+$/.test(trimmed))) {
      const query = req.url.slice(path.length);
      return reply.redirect(`${trimmed}${query}`, 301);
    }
    return send(reply, await seo.renderNotFound(path));
  });
}
