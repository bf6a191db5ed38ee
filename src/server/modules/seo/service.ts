import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CarDetail } from '../../../contract/cars';
import { dashboardTitle } from '../../../contract/dashboard-titles';
import { formatKm, formatPrice } from '../../../contract/format';
import type { ImageView } from '../../../contract/images';
import { LCP_IMAGE_SIZES } from '../../../contract/page-images';
import { carTitle, NOT_FOUND_TITLE, pageTitle } from '../../../contract/page-titles';
import type { SliderView } from '../../../contract/sliders';
import type { Config } from '../../config';
import type { BlogsService } from '../blogs/service';
import type { RecruitmentService } from '../recruitment/service';
import type { SlidersService } from '../sliders/service';
import type { WebConfigService } from '../web-config/service';
import {
  clip,
  FALLBACK_TEMPLATE,
  injectHead,
  type PageHead,
  type PagePreload,
  renderHead,
  renderPreload,
  type ShareImage,
} from './head';
import { injectBody, type PageRenderer } from './page-renderer';
import { RouteModules } from './preload';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap';
import { PRIVATE_PAGES, SIGN_IN_PAGE, STATIC_PAGES } from './static-pages';
import { articleData, breadcrumbData, carData, dealerData } from './structured-data';

/**
 * Where car pages get their data. Points at CarsService (app.ts); kept as an interface so the share
 * previews do not depend on how the inventory is stored.
 */
export interface CarSource {
  /** The car as its public page shows it, or null when there is no such car. */
  find(id: number): Promise<CarDetail | null>;
  /** Cars visitors can see, for the sitemap. */
  sitemap(): Promise<{ carId: number; updatedAt: Date }[]>;
}

export interface RenderedPage {
  status: number;
  html: string;
}

/** What every public page asks the API for first (the layout's showroom settings). */
const LAYOUT_DATA = '/api/web-configuration';

/**
 * Public pages the browser renders alone: the chatbot page shows the tab's conversation, which only the
 * browser holds (sessionStorage).
 */
const CLIENT_ONLY = new Set(['/chatbot', '/favorites']);

const PRIVATE_PREFIXES = ['/dashboard', ...PRIVATE_PAGES.map((p) => p.prefix)];

export class SeoService {
  private template: { path: string; mtimeMs: number; html: string } | null = null;
  private readonly startedAt = new Date();
  private carSource: CarSource | null = null;
  private readonly routeModules: RouteModules;
  private renderer: PageRenderer | null = null;

  constructor(
    private readonly config: Pick<Config, 'publicUrl' | 'webDir'>,
    private readonly webConfig: WebConfigService,
    private readonly blogs: BlogsService,
    private readonly sliders: SlidersService,
    private readonly recruitment: RecruitmentService,
  ) {
    this.routeModules = new RouteModules(config.webDir);
  }

  /** Car pages and the sitemap's cars come from here once set (app.ts points it at CarsService). */
  setCarSource(source: CarSource) {
    this.carSource = source;
  }

  /** Public pages are rendered on the server once set (app.ts, which owns the in-process API). */
  setPageRenderer(renderer: PageRenderer) {
    this.renderer = renderer;
  }

  get hasCars() {
    return this.carSource !== null;
  }

  // ---- template ------------------------------------------------------------------------------------

  /** The built index.html, re-read when the build changes; a minimal page when there is no build. */
  private async loadTemplate(): Promise<{ html: string; modified: Date }> {
    const path = join(this.config.webDir, 'index.html');
    try {
      const info = await stat(path);
      if (!this.template || this.template.path !== path || this.template.mtimeMs !== info.mtimeMs) {
        this.template = { path, mtimeMs: info.mtimeMs, html: await readFile(path, 'utf8') };
      }
      return { html: this.template.html, modified: new Date(this.template.mtimeMs) };
    } catch {
      return { html: FALLBACK_TEMPLATE, modified: this.startedAt };
    }
  }

  // ---- helpers -------------------------------------------------------------------------------------

  absolute(pathOrUrl: string): string {
    if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
    return `${this.config.publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  /** The largest stored width, as an absolute address, for share previews. */
  private shareImage(image: ImageView | null, alt: string): ShareImage | null {
    if (!image) return null;
    const largest = image.urls[1600] ?? image.src;
    const width = Math.min(1600, image.width);
    return {
      url: this.absolute(largest),
      width,
      height: Math.round((image.height * width) / image.width),
      alt,
    };
  }

  private async defaultImage(site: string, banners?: SliderView[]): Promise<ShareImage | null> {
    const views = banners ?? (await this.sliders.listPublic());
    const first = views.find((v) => v.image);
    return first ? this.shareImage(first.image, first.title || site) : null;
  }

  /**
   * The head's preloads for a public route: its script chunks, the API answers it reads first (the
   * exact addresses the web app requests, so fetch() reuses them) and its LCP picture.
   */
  private async preload(
    route: string,
    data: string[],
    image: { image: ImageView | null | undefined; sizes: string } | null,
  ): Promise<PagePreload> {
    return {
      modules: await this.routeModules.forRoute(route),
      data: [LAYOUT_DATA, ...data],
      image: image?.image ? { src: image.image.src, srcset: image.image.srcset, sizes: image.sizes } : null,
    };
  }

  /**
   * The page: the built index.html with this head, and for a public page given its address (path and
   * query), the server's render of it. A rendered page carries its data in the state block and starts
   * its scripts once it has loaded (src/web/main.tsx), so the head preloads neither API answers (they
   * would be fetched for nothing) nor the route's code (it would compete with the LCP picture): only
   * the picture.
   */
  private async finish(head: PageHead, status: number, pageUrl?: string): Promise<RenderedPage> {
    const { html } = await this.loadTemplate();
    const body = pageUrl && this.renderer ? await this.renderer.render(pageUrl) : null;
    if (!body) return { status, html: injectHead(html, renderHead(head), renderPreload(head.preload)) };
    const preload = head.preload ? { ...head.preload, data: [], modules: [] } : undefined;
    return { status, html: injectBody(injectHead(html, renderHead(head), renderPreload(preload)), body) };
  }

  // ---- pages ---------------------------------------------------------------------------------------

  /** One of STATIC_PAGES; `url` (path and query) when the page is to be rendered on the server. */
  async renderStatic(path: string, url?: string): Promise<RenderedPage> {
    const page = STATIC_PAGES[path];
    if (!page) return this.renderNotFound(path);
    const cfg = await this.webConfig.getPublic();
    const site = cfg.showroomName;
    const banners = await this.sliders.listPublic();
    const image = await this.defaultImage(site, banners);
    const jsonLd: object[] = [dealerData(this.config.publicUrl, cfg, image)];
    // Home: the banners (GET overview/sliders) and the first banner's picture, its LCP.
    const preload =
      path === '/'
        ? await this.preload(path, ['/api/overview/sliders'], {
            image: banners[0]?.image,
            sizes: LCP_IMAGE_SIZES.homeBanner,
          })
        : await this.preload(path, [], null);
    if (path !== '/')
      jsonLd.push(
        breadcrumbData(
          (p) => this.absolute(p),
          [
            { name: 'Trang chủ', path: '/' },
            { name: page.name, path },
          ],
        ),
      );
    return this.finish(
      {
        title: page.title(site),
        description: page.description(site),
        url: this.absolute(path),
        siteName: site,
        type: 'website',
        image,
        jsonLd,
        preload,
        ...(page.noindex ? { robots: 'noindex' } : {}),
      },
      200,
      CLIENT_ONLY.has(path) ? undefined : url,
    );
  }

  async renderBlog(id: number | null, url?: string): Promise<RenderedPage> {
    const post = id ? await this.blogs.findPublic(id) : null;
    if (!post) return this.renderNotFound(`/blogs/${id ?? ''}`, 'Bài viết không tồn tại hoặc đã bị ẩn.');
    const cfg = await this.webConfig.getPublic();
    const site = cfg.showroomName;
    const path = `/blogs/${post.blogId}`;
    const fallback = await this.defaultImage(site);
    const image = this.shareImage(post.image, post.title) ?? fallback;
    const description = clip(post.summary || post.title, 200);
    const dealer = dealerData(this.config.publicUrl, cfg, fallback);
    return this.finish(
      {
        title: pageTitle(post.title, site),
        description,
        url: this.absolute(path),
        siteName: site,
        type: 'article',
        image,
        extra: [
          ...(post.publishedAt ? ([['article:published_time', post.publishedAt]] as [string, string][]) : []),
          ['article:modified_time', post.updatedAt],
          ['article:section', post.categoryLabel],
        ],
        jsonLd: [
          articleData(this.config.publicUrl, this.absolute(path), post, description, image, cfg),
          breadcrumbData(
            (p) => this.absolute(p),
            [
              { name: 'Trang chủ', path: '/' },
              { name: 'Tin tức', path: '/blogs' },
              { name: post.title, path },
            ],
          ),
          dealer,
        ],
        preload: await this.preload('/blogs/:id', [`/api/blogs/${post.blogId}`], {
          image: post.image,
          sizes: LCP_IMAGE_SIZES.blogCover,
        }),
      },
      200,
      url,
    );
  }

  async renderCar(id: number | null, pageUrl?: string): Promise<RenderedPage> {
    const car = id && this.carSource ? await this.carSource.find(id) : null;
    if (!car)
      return this.renderNotFound(`/cars/${id ?? ''}`, 'Xe không tồn tại hoặc đã được gỡ khỏi danh sách.');
    const cfg = await this.webConfig.getPublic();
    const site = cfg.showroomName;
    const path = `/cars/${car.carId}`;
    const name = car.carName;
    const price = formatPrice(car.sellPrice);
    const cover = car.photos?.[0] ?? car.cover;
    const fallback = await this.defaultImage(site);
    const image = this.shareImage(cover ?? null, `${name} ${car.year}`) ?? fallback;
    const sold = car.status === 'sold';
    const description = clip(
      [
        `${name} đời ${car.year}`,
        formatKm(car.odo),
        `giá ${price}`,
        sold ? 'đã bán' : `xem xe tại ${site}`,
        car.description,
      ]
        .filter(Boolean)
        .join(', '),
      200,
    );
    const url = this.absolute(path);
    const carLd = carData(this.config.publicUrl, url, car, site, image);
    return this.finish(
      {
        title: pageTitle(carTitle(car), site),
        description,
        url,
        siteName: site,
        type: 'product',
        image,
        extra: [
          ['product:price:amount', String(car.sellPrice)],
          ['product:price:currency', 'VND'],
          ['product:condition', 'used'],
          ['product:availability', sold ? 'out of stock' : 'in stock'],
        ],
        jsonLd: [
          carLd,
          breadcrumbData(
            (p) => this.absolute(p),
            [
              { name: 'Trang chủ', path: '/' },
              { name: 'Mua xe', path: '/cars' },
              { name: `${name} ${car.year}`, path },
            ],
          ),
          dealerData(this.config.publicUrl, cfg, fallback),
        ],
        preload: await this.preload('/cars/:id', [`/api/cars/${car.carId}`], {
          image: car.photos?.[0],
          sizes: LCP_IMAGE_SIZES.carGallery,
        }),
      },
      200,
      pageUrl,
    );
  }

  /** Sign-in and dashboard pages: the app with a plain title, not indexed. */
  async renderPrivate(path: string): Promise<RenderedPage> {
    const cfg = await this.webConfig.getPublic();
    const site = cfg.showroomName;
    const page = path.startsWith('/dashboard')
      ? { title: dashboardTitle(path), description: `Khu vực dành cho nhân viên ${site}.` }
      : (PRIVATE_PAGES.find((p) => path.startsWith(p.prefix)) ?? SIGN_IN_PAGE);
    return this.finish(
      {
        title: pageTitle(page.title, site),
        description: page.description.replace('{site}', site),
        url: this.absolute(path.split('?')[0]),
        siteName: site,
        type: 'website',
        image: null,
        robots: 'noindex, nofollow',
        jsonLd: [],
      },
      200,
    );
  }

  async renderNotFound(
    path: string,
    description = 'Trang bạn tìm không tồn tại hoặc đã được chuyển đi.',
  ): Promise<RenderedPage> {
    const cfg = await this.webConfig.getPublic();
    const site = cfg.showroomName;
    return this.finish(
      {
        title: pageTitle(NOT_FOUND_TITLE, site),
        description,
        url: this.absolute(path.split('?')[0]),
        siteName: site,
        type: 'website',
        image: null,
        robots: 'noindex',
        jsonLd: [],
      },
      404,
    );
  }

  isPrivatePath(path: string) {
    return PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
  }
  // ---- sitemap and robots ----------------------------------------------------------------------------

  async sitemap(): Promise<string> {
    const { modified: built } = await this.loadTemplate();
    const entries = sitemapEntries({
      built,
      posts: await this.blogs.sitemapEntries(),
      cars: this.carSource ? await this.carSource.sitemap() : [],
      lastSlider: await this.sliders.lastModified(),
      lastPosting: await this.recruitment.lastModified(),
    });
    return sitemapXml(entries, (p) => this.absolute(p));
  }

  robots(): string {
    return robotsTxt(this.config.publicUrl);
  }
}
