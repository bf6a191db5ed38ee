/**
 * Fault 2: the disk holding uploads is full.
 *
 * A 2 MB tmpfs is mounted over DATA_DIR/uploads before the server process starts (root only; when
 * mount is refused the fault is reported as skipped, with the reason). Through the staff API (admin
 * token, XSRF cookie and header, as the dashboard sends them) a car gets one photo; the file system
 * is then filled so that the two smaller widths of the next photo fit and the largest does not, and
 * the photo is uploaded; then filled completely and uploaded again. Each time: 507 with a Vietnamese
 * message, no file left behind (no half file, no .tmp), the car's photos unchanged and every one of
 * their files still served, and the server still serving. Space is freed at the end and the same
 * upload succeeds. The tmpfs is always unmounted.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { prepareImage } from '../../src/server/platform/images';
import {
  ADMIN_PASSWORD,
  type ServerProcess,
  startServer,
  stopServer,
  tempDataDir,
} from '../../test/db/server-process';

export const STORAGE_FULL_PATTERN = /hết dung lượng lưu trữ/;
const FILLER = '.filler';
const PAGE = 4096;

// ------------------------------------------------------------------------------------ tmpfs helpers

/** Mounts a tmpfs of `size` (e.g. "2m") at dir; returns null, or why it could not. */
export function mountTmpfs(dir: string, size = '2m'): string | null {
  if (process.platform !== 'linux') return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return 'not running as root (mount needs CAP_SYS_ADMIN)';
  mkdirSync(dir, { recursive: true });
  const res = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (res.error) return `mount could not run: ${res.error.message}`;
  if (res.status !== 0) return `mount failed (${res.status}): ${(res.stderr || res.stdout).trim()}`;
  mounted.add(dir);
  if (!unmountOnExit) {
    unmountOnExit = true;
    // Interrupted (Ctrl-C, a test timeout): never leave a mount behind.
    process.once('exit', () => {
      for (const d of mounted) spawnSync('umount', ['-l', d]);
    });
  }
  return null;
}

const mounted = new Set<string>();
let unmountOnExit = false;

/** Unmounts (lazily when busy); never throws. */
export function unmount(dir: string): string | null {
  mounted.delete(dir);
  let res = spawnSync('umount', [dir], { encoding: 'utf8' });
  if (res.status !== 0) res = spawnSync('umount', ['-l', dir], { encoding: 'utf8' });
  return res.status === 0 ? null : (res.stderr || res.stdout || String(res.error)).trim();
}

/** True when mounting a tmpfs works here (root on Linux, not forbidden by a container). */
export function canMountTmpfs(): { ok: boolean; reason: string | null } {
  const probe = mkdtempSync(join(tmpdir(), 'showroom-mount-probe-'));
  try {
    const reason = mountTmpfs(probe, '64k');
    if (reason) return { ok: false, reason };
    unmount(probe);
    return { ok: true, reason: null };
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

export function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
}

/** Grows the filler file until `leave` bytes are free (tmpfs counts whole pages). */
export function fillUntil(dir: string, leave: number) {
  const grow = freeBytes(dir) - leave;
  if (grow <= 0) return;
  try {
    appendFileSync(join(dir, FILLER), Buffer.alloc(grow));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
}

/** Every file under dir (relative paths), the filler excepted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name !== FILLER) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** A photo-like JPEG (blurred noise: WebP cannot shrink it to nothing), 2000 × 1250. */
export async function photoJpeg(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 2000,
      height: 1250,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise).blur(4).jpeg({ quality: 85 }).toBuffer();
}

/** Sizes of the WebP widths the server will write for this photo (same code, same encoder). */
export async function variantSizes(photo: Buffer): Promise<number[]> {
  const prepared = await prepareImage(photo, 'xe.jpg');
  return prepared.variants.map((v) => v.data.length);
}

export const pages = (n: number) => Math.ceil(n / PAGE) * PAGE;

// ---------------------------------------------------------------------------------------- the fault

interface Session {
  base: string;
  token: string;
  xsrf: string;
}

async function signIn(base: string): Promise<Session> {
  // The page hands out XSRF-TOKEN (WEB_DIR is empty here); the server checks that the header echoes
  // the cookie, so a token of our own exercises the same check as the dashboard's.
  const cookie = randomBytes(24).toString('base64url');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { base, token: await res.text(), xsrf: cookie };
}

function staffHeaders(s: Session): Record<string, string> {
  return { authorization: `Bearer ${s.token}`, cookie: `XSRF-TOKEN=${s.xsrf}`, 'x-xsrf-token': s.xsrf };
}

async function call(s: Session, method: string, path: string, body?: FormData | object) {
  const res = await fetch(`${s.base}${path}`, {
    method,
    headers: {
      ...staffHeaders(s),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: any JSON answer
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

function photoForm(photo: Buffer, name = 'xe.jpg') {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  return form;
}

interface CarPhotoView {
  photoId: number;
  urls: Record<string, string>;
}

export interface AttemptResult {
  label: string;
  freeBefore: number;
  status: number;
  message: string;
  /** Files the server created under uploads/cars during the request (from inotify), in order. */
  written: string[];
  leftovers: string[];
  photosUnchanged: boolean;
  photoFilesServed: boolean;
  serverServing: boolean;
  ms: number;
}

export interface DiskFullReport {
  skipped: string | null;
  mount?: string;
  variantSizes?: number[];
  attempts: AttemptResult[];
  afterFreeing?: { status: number; photos: number };
  ok: boolean;
  problems: string[];
}

async function filesServed(s: Session, photos: CarPhotoView[]): Promise<boolean> {
  for (const p of photos) {
    for (const url of Object.values(p.urls)) {
      const res = await fetch(`${s.base}${url}`);
      await res.arrayBuffer();
      if (res.status !== 200) return false;
    }
  }
  return true;
}

async function attempt(
  s: Session,
  uploads: string,
  carId: number,
  photo: Buffer,
  label: string,
): Promise<AttemptResult> {
  const before = listFiles(uploads);
  const photosBefore = (await call(s, 'GET', `/api/cars/admin/${carId}/photos`)).json as CarPhotoView[];
  const freeBefore = freeBytes(uploads);
  const written: string[] = [];
  const watcher = watch(join(uploads, 'cars'), (_event, name) => {
    if (name && !written.includes(name)) written.push(name);
  });
  const t0 = performance.now();
  const res = await call(s, 'POST', `/api/cars/admin/${carId}/photos`, photoForm(photo));
  const ms = Math.round(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 50));
  watcher.close();
  const after = listFiles(uploads);
  const photosAfter = (await call(s, 'GET', `/api/cars/admin/${carId}/photos`)).json as CarPhotoView[];
  const health = await fetch(`${s.base}/api/health`);
  const list = await fetch(`${s.base}/api/cars?page=1`);
  await health.arrayBuffer();
  await list.arrayBuffer();
  return {
    label,
    freeBefore,
    status: res.status,
    message: res.json?.message ?? res.text.slice(0, 200),
    written,
    leftovers: after.filter((f) => !before.includes(f)),
    photosUnchanged: JSON.stringify(photosAfter) === JSON.stringify(photosBefore),
    photoFilesServed: await filesServed(s, photosAfter),
    serverServing: health.status === 200 && list.status === 200,
    ms,
  };
}

export async function runDiskFull(opts: { log?: (line: string) => void } = {}): Promise<DiskFullReport> {
  const log = opts.log ?? (() => {});
  const dataDir = tempDataDir();
  const uploads = join(dataDir, 'data', 'uploads');
  const reason = mountTmpfs(uploads, '2m');
  if (reason) {
    rmSync(dataDir, { recursive: true, force: true });
    return { skipped: reason, attempts: [], ok: true, problems: [] };
  }
  let server: ServerProcess | null = null;
  const problems: string[] = [];
  try {
    log(`tmpfs of 2 MB mounted at ${uploads} (${Math.round(freeBytes(uploads) / 1024)} KB free)`);
    server = await startServer(dataDir, { TRUST_PROXY: 'on', DEMO_DATA: 'off' });
    const s = await signIn(server.base);

    const photo = await photoJpeg();
    const sizes = await variantSizes(photo);
    log(
      `photo: JPEG ${Math.round(photo.length / 1024)} KB → WebP widths 480/960/1600: ${sizes.map((b) => `${(b / 1024).toFixed(1)} KB`).join(' / ')}`,
    );

    const form = new FormData();
    form.append(
      'car',
      JSON.stringify({
        carName: 'Toyota Vios 1.5G CVT',
        brand: 'Toyota',
        model: 'Vios',
        year: 2021,
        sellPrice: 458_000_000,
        odo: 32_000,
        bodyType: 'SEDAN',
        size: 5,
        fuel: 'PETROL',
        transmission: 'AUTOMATIC',
        exteriorColor: 'Trắng',
        interiorColor: 'Be',
        origin: 'DOMESTIC',
      }),
    );
    form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'xe-1.jpg');
    const created = await call(s, 'POST', '/api/cars/admin/add', form);
    if (created.status !== 201) throw new Error(`car not created: ${created.status} ${created.text}`);
    const carId = created.json.carId as number;
    log(`car ${carId} created with 1 photo (${listFiles(uploads).length} files on the tmpfs)`);

    // 1. The two smaller widths fit, the largest does not.
    const leave = pages(sizes[0]) + pages(sizes[1]) + PAGE;
    if (sizes[2] <= leave)
      throw new Error(`photo's 1600 px WebP (${sizes[2]} B) too small to overflow ${leave} B`);
    fillUntil(uploads, leave);
    const third = await attempt(s, uploads, carId, photo, 'room for 480 and 960 px, not 1600 px');
    // 2. Nothing fits.
    fillUntil(uploads, 0);
    const none = await attempt(s, uploads, carId, photo, 'disk completely full');
    const attempts = [third, none];
    for (const a of attempts) {
      log(
        `  ${a.label}: ${Math.round(a.freeBefore / 1024)} KB free → ${a.status} "${a.message}" in ${a.ms} ms; ` +
          `files seen during the request: ${a.written.length ? a.written.map((w) => w.replace(/^[0-9a-f]{24}/, '…')).join(', ') : 'none'}; ` +
          `left behind: ${a.leftovers.length}; photos unchanged: ${a.photosUnchanged}; ` +
          `their files served: ${a.photoFilesServed}; server serving: ${a.serverServing}`,
      );
      if (a.status !== 507) problems.push(`${a.label}: answered ${a.status}, not 507`);
      if (!STORAGE_FULL_PATTERN.test(a.message)) problems.push(`${a.label}: message "${a.message}"`);
      if (a.leftovers.length) problems.push(`${a.label}: files left behind: ${a.leftovers.join(', ')}`);
      if (!a.photosUnchanged) problems.push(`${a.label}: the car's photos changed`);
      if (!a.photoFilesServed) problems.push(`${a.label}: a photo row points to a missing file`);
      if (!a.serverServing) problems.push(`${a.label}: the server stopped serving`);
    }
    if (!third.written.some((w) => w.endsWith('-960.webp')))
      problems.push('the first attempt did not get as far as the 960 px width (the fill was off)');

    // 3. Space freed: the same upload works.
    rmSync(join(uploads, FILLER), { force: true });
    const after = await call(s, 'POST', `/api/cars/admin/${carId}/photos`, photoForm(photo));
    const photos = Array.isArray(after.json) ? after.json.length : 0;
    log(`  space freed: ${after.status}, the car now has ${photos} photos`);
    if (after.status !== 201 || photos !== 2)
      problems.push(`after freeing space: ${after.status} ${after.text}`);
    if (server.child.exitCode !== null) problems.push('the server process exited');

    return {
      skipped: null,
      mount: uploads,
      variantSizes: sizes,
      attempts,
      afterFreeing: { status: after.status, photos },
      ok: problems.length === 0,
      problems,
    };
  } finally {
    if (server) await stopServer(server);
    const err = unmount(uploads);
    if (err) log(`umount ${uploads} failed: ${err}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
