import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/build/precompress.mjs';
import { LCP_IMAGE_SIZES } from '../../src/contract/page-images';
import { PAGE_MODULES, PUBLIC_LAYOUT_MODULE } from '../../src/server/modules/seo/preload';
import { STATIC_PAGES } from '../../src/server/modules/seo/static-pages';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody, multipart } from './cars-fixtures';
import { pngBytes } from './recruitment-fixtures';

// How the built web app reaches a browser: compressed files and pages, and the head's preloads of a
// route's chunks, first API answers and LCP picture (bench:web measures the effect; docs/performance.md).

const INDEX = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <title>AutoViet</title>
    <meta name="description" content="Mặc định" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `từ ${i} xe ô tô`))};\n`;
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react-abc.js'] },
  '_react-abc.js': { file: 'assets/react-abc.js' },
  '_icon-abc.js': { file: 'assets/icon-abc.js' },
  'app/public-layout.tsx': {
    file: 'assets/public-layout-abc.js',
    isDynamicEntry: true,
    imports: ['_react-abc.js', '_icon-abc.js'],
  },
  'features/home/pages/home-page.tsx': {
    file: 'assets/home-page-abc.js',
    isDynamicEntry: true,
    imports: ['_react-abc.js', '_icon-abc.js'],
  },
  'features/cars/pages/car-detail-page.tsx': {
    file: 'assets/car-detail-page-abc.js',
    isDynamicEntry: true,
    imports: ['_react-abc.js'],
  },
};

let t: TestApp;
let webDir: string;
let carId: number;
let photo: { src: string; srcset: string };

async function get(url: string, encoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });
  return res;
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'showroom-web-'));
  mkdirSync(join(webDir, 'assets'));
  mkdirSync(join(webDir, '.vite'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const chunk of Object.values(MANIFEST)) writeFileSync(join(webDir, chunk.file), BIG_JS);
  writeFileSync(join(webDir, 'assets', 'tiny-abc.js'), 'export const a = 1;\n');
  // What `npm run build` does after Vite: the compressed copies beside the files.
  precompress(webDir);
  t = await startTestApp({ WEB_DIR: webDir, PUBLIC_URL: 'https://autoviet.example' });

  const car = multipart([
    { name: 'car', value: JSON.stringify(carBody({ sellPrice: 458_000_000, year: 2021 })) },
    { name: 'images', filename: 'xe.png', type: 'image/png', data: await pngBytes('#b91c1c', 1600, 1000) },
  ]);
  const created = await t.call('POST', '/api/cars/admin/add', {
    token: t.adminToken,
    body: car.payload,
    headers: car.headers,
  });
  expect(created.status, created.body).toBe(201);
  carId = created.json.carId;
  photo = created.json.photos[0];
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('compression of the web app', () => {
  it('picks Brotli, then gzip, from Accept-Encoding; q=0 refuses', async () => {
    const encodingFor = async (header: string) =>
      (await get('/assets/index-abc.js', header)).headers['content-encoding'];
    expect(await encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(await encodingFor('gzip')).toBe('gzip');
    expect(await encodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(await encodingFor('identity')).toBeUndefined();
    // The compressed copies are found by the server, not served under their own names.
    expect((await get('/assets/index-abc.js.br', 'br')).statusCode).toBe(404);
  });

  it('sends built scripts with Brotli or gzip, keeps the year-long cache, varies on Accept-Encoding', async () => {
    const original = readFileSync(join(webDir, 'assets', 'index-abc.js'));
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('sends files under 1 KB as they are, and a missing file is still a plain 404', async () => {
    const tiny = await get('/assets/tiny-abc.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;\n');
    const missing = await get('/assets/nothing-here.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    // The build manifest is read by the server, not served.
    expect((await get('/.vite/manifest.json', 'br')).statusCode).toBe(404);
  });

  it('compresses rendered pages, not API answers', async () => {
    const page = await get('/cars', 'gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toContain('<html lang="vi">');
    const api = await get('/api/web-configuration', 'gzip, br');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json().showroomName).toBeTruthy();
  });
});

describe('preloads in the page head', () => {
  const links = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);

  it('a public route preloads its layout and page chunks (not the entry’s), after the entry script', async () => {
    const html = (await get('/')).body;
    const modules = links(html)
      .filter((l) => l.includes('modulepreload') && !l.includes('react-abc'))
      .map((l) => /href="([^"]+)"/.exec(l)?.[1]);
    expect(modules.sort()).toEqual([
      '/assets/home-page-abc.js',
      '/assets/icon-abc.js',
      '/assets/public-layout-abc.js',
    ]);
    // The entry's own imports are already in index.html: not repeated.
    expect(html.match(/react-abc\.js/g)).toHaveLength(1);
    expect(html.indexOf('home-page-abc.js')).toBeGreaterThan(html.indexOf('/assets/index-abc.js'));
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/web-configuration" />',
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/overview/sliders" />',
    );
  });

  it('a car page preloads its data and its first photo with the gallery’s sizes', async () => {
    const html = (await get(`/cars/${carId}`)).body;
    expect(html).toContain('href="/assets/car-detail-page-abc.js"');
    expect(html).toContain(`href="/api/cars/${carId}"`);
    const image = links(html).find((l) => l.includes('as="image"'));
    expect(image).toBeDefined();
    expect(image).toContain(`href="${photo.src}"`);
    expect(image).toContain(`imagesrcset="${photo.srcset}"`);
    expect(image).toContain(`imagesizes="${LCP_IMAGE_SIZES.carGallery}"`);
    expect(image).toContain('fetchpriority="high"');
  });

  it('a route without a chunk in the manifest, a not-found page and staff pages preload no modules', async () => {
    expect((await get('/about')).body).not.toContain('modulepreload" crossorigin href="/assets/about');
    const missing = await get('/cars/999999');
    expect(missing.statusCode).toBe(404);
    expect(links(missing.body).filter((l) => !l.includes('react-abc'))).toEqual([]);
    expect(links((await get('/dashboard')).body).filter((l) => !l.includes('react-abc'))).toEqual([]);
  });

  it('knows the page module of every public route the web app declares', () => {
    const source = readFileSync(join(import.meta.dirname, '../../src/web/app/public-routes.ts'), 'utf8');
    const declared: Record<string, string> = {};
    for (const m of source.matchAll(
      /\{\s*(index: true|path: '([^']+)'),\s*lazy: page\(\(\) => import\('([^']+)'\)\)/g,
    )) {
      const path = m[2] ? `/${m[2].replace(/:\w+/g, ':id')}` : '/';
      declared[path] = join('features', m[3].replace(/^\.\.\/features\//, '')).replace(/\\/g, '/');
    }
    const known = Object.fromEntries(
      Object.entries(PAGE_MODULES).map(([k, v]) => [k, v.replace(/\.tsx$/, '')]),
    );
    expect(known).toEqual(declared);
    for (const path of Object.keys(STATIC_PAGES)) expect(PAGE_MODULES[path]).toBeDefined();
    expect(PUBLIC_LAYOUT_MODULE).toBe('app/public-layout.tsx');
  });
});
