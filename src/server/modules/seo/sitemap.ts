import { escapeHtml } from './head';
import { STATIC_PAGES } from './static-pages';

export interface SitemapEntry {
  path: string;
  lastmod: Date;
  priority: string;
  changefreq: string;
}

/** Every page of the sitemap: the public routes (dated by what they show), each visible car, each post. */
export function sitemapEntries(src: {
  built: Date;
  posts: { blogId: number; updatedAt: Date }[];
  cars: { carId: number; updatedAt: Date }[];
  lastSlider: Date | null;
  lastPosting: Date | null;
}): SitemapEntry[] {
  const { built, posts, cars, lastSlider, lastPosting } = src;
  const latest = (...dates: (Date | null | undefined)[]) =>
    new Date(Math.max(...dates.filter((d): d is Date => !!d).map((d) => d.getTime())));
  const lastPost = posts.reduce<Date | null>((m, p) => (!m || p.updatedAt > m ? p.updatedAt : m), null);
  const lastCar = cars.reduce<Date | null>((m, c) => (!m || c.updatedAt > m ? c.updatedAt : m), null);

  const entries: SitemapEntry[] = [];
  for (const [path, page] of Object.entries(STATIC_PAGES)) {
    if (page.noindex) continue;
    const lastmod =
      path === '/'
        ? latest(built, lastSlider, lastPost, lastCar)
        : path === '/blogs'
          ? latest(built, lastPost)
          : path === '/cars'
            ? latest(built, lastCar)
            : path === '/recruitment'
              ? latest(built, lastPosting)
              : built;
    const priority = path === '/' ? '1.0' : path === '/cars' ? '0.9' : '0.6';
    const changefreq = path === '/' || path === '/cars' || path === '/blogs' ? 'daily' : 'weekly';
    entries.push({ path, lastmod, priority, changefreq });
  }
  for (const car of cars) {
    entries.push({
      path: `/cars/${car.carId}`,
      lastmod: car.updatedAt,
      priority: '0.8',
      changefreq: 'weekly',
    });
  }
  for (const post of posts) {
    entries.push({
      path: `/blogs/${post.blogId}`,
      lastmod: post.updatedAt,
      priority: '0.7',
      changefreq: 'monthly',
    });
  }
  return entries;
}

/** The sitemap protocol's XML for the public pages, cars and posts. */
export function sitemapXml(entries: SitemapEntry[], absolute: (path: string) => string): string {
  const body = entries
    .map(
      (e) =>
        `  <url><loc>${escapeHtml(absolute(e.path))}</loc><lastmod>${e.lastmod.toISOString()}</lastmod>` +
        `<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Pictures (car photos, banners, covers) stay crawlable for share previews and image search.
    'Allow: /api/uploads/',
    'Disallow: /api',
    'Disallow: /dashboard',
    'Disallow: /login',
    'Disallow: /reset-password',
    'Disallow: /reservations',
    'Disallow: /alerts',
    'Disallow: /lich-hen',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
