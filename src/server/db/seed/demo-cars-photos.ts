import sharp from 'sharp';
import type { BodyType } from '../../../contract/cars';

/**
 * Demo photos drawn locally: an SVG of a car silhouette for its body type, painted in the car's colour,
 * with its name; rendered by sharp, then sent through the same image pipeline as an upload.
 * No downloads, a few milliseconds each.
 */

export const COLOR_HEX: Record<string, string> = {
  Trắng: '#f2f2f0',
  'Trắng ngọc trai': '#f5f3ea',
  Đen: '#1d1f22',
  Bạc: '#b9bec4',
  Xám: '#6c737b',
  'Xám titan': '#5a6068',
  Đỏ: '#b3151d',
  'Đỏ pha lê': '#9c1020',
  'Xanh dương': '#1f4e9c',
  'Xanh rêu': '#4a5a3c',
  Nâu: '#5b3a29',
  'Vàng cát': '#c8b27d',
  Cam: '#d9621c',
};

const W = 1200;
const H = 800;

/** Side views, front to the right, ground at y = 600 (in a 1200 x 800 frame). */
const SHAPES: Record<BodyType, { body: string; glass: string; wheels: [number, number]; r: number }> = {
  SEDAN: {
    body: 'M170,600 L168,525 Q172,492 232,484 L392,472 Q472,392 562,374 L760,374 Q832,382 902,456 L1002,472 Q1042,482 1042,524 L1040,600 Z',
    glass: 'M436,466 Q494,404 572,392 L744,392 Q798,398 846,462 Z',
    wheels: [330, 870],
    r: 62,
  },
  HATCHBACK: {
    body: 'M196,600 L194,500 Q198,432 262,412 Q304,382 424,374 L700,374 Q780,380 860,452 L990,472 Q1030,482 1030,522 L1028,600 Z',
    glass: 'M276,456 Q296,402 424,394 L690,394 Q748,400 808,458 Z',
    wheels: [340, 870],
    r: 60,
  },
  SUV: {
    body: 'M160,600 L160,472 Q165,422 210,402 L300,342 Q330,326 420,324 L762,324 Q822,328 882,422 L1010,442 Q1046,452 1046,502 L1044,600 Z',
    glass: 'M252,422 L322,354 L760,346 Q800,352 850,422 Z',
    wheels: [320, 880],
    r: 70,
  },
  CROSSOVER: {
    body: 'M165,600 L165,486 Q170,440 215,420 L320,362 Q350,346 440,344 L752,344 Q812,350 876,432 L1008,452 Q1044,462 1044,508 L1042,600 Z',
    glass: 'M262,436 L340,372 L750,366 Q794,372 842,434 Z',
    wheels: [325, 878],
    r: 66,
  },
  MPV: {
    body: 'M150,600 L150,452 Q150,362 232,346 L782,340 Q842,346 902,432 L1020,452 Q1046,462 1046,502 L1044,600 Z',
    glass: 'M204,432 L238,366 L770,360 Q810,366 850,432 Z',
    wheels: [310, 885],
    r: 64,
  },
  PICKUP: {
    body: 'M150,600 L150,482 L522,482 L542,352 Q562,332 622,332 L762,332 Q812,338 862,432 L1012,452 Q1046,462 1046,502 L1044,600 Z',
    glass: 'M572,432 L588,356 L760,354 Q800,358 836,432 Z',
    wheels: [300, 888],
    r: 70,
  },
  COUPE: {
    body: 'M172,600 L170,522 Q175,492 232,484 L382,476 Q502,386 622,382 L742,386 Q822,402 902,462 L1010,476 Q1040,486 1040,522 L1038,600 Z',
    glass: 'M452,470 Q530,402 622,398 L736,400 Q790,412 840,466 Z',
    wheels: [330, 870],
    r: 60,
  },
  CONVERTIBLE: {
    body: 'M172,600 L170,512 L422,502 L472,470 L522,502 L802,502 Q862,496 932,482 L1010,486 Q1040,496 1040,532 L1038,600 Z',
    glass: 'M700,502 L760,440 L772,444 L726,502 Z',
    wheels: [330, 870],
    r: 60,
  },
  VAN: {
    body: 'M150,600 L150,332 Q150,302 192,302 L802,302 Q852,307 902,402 L1020,442 Q1046,452 1046,502 L1044,600 Z',
    glass: 'M190,410 L190,330 L790,326 Q830,330 866,410 Z',
    wheels: [300, 885],
    r: 60,
  },
};

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * (amount > 0 ? 255 - v : v))));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface DrawOptions {
  title: string;
  subtitle: string;
  bodyType: BodyType;
  color: string;
  /** 0: showroom floor, 1: outdoors, mirrored. */
  scene?: 0 | 1;
  /** Pixel width of the picture (default 1200; the height keeps 3:2). */
  width?: number;
}

export function carSvg(o: DrawOptions): string {
  const shape = SHAPES[o.bodyType];
  const paint = COLOR_HEX[o.color] ?? '#8a9099';
  const [x1, x2] = shape.wheels;
  const outdoors = o.scene === 1;
  const background = outdoors
    ? '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcd7ef"/><stop offset="0.7" stop-color="#e8f1f8"/><stop offset="0.7" stop-color="#9aa3a8"/><stop offset="1" stop-color="#7d868b"/></linearGradient>'
    : '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/><stop offset="0.72" stop-color="#dfe3e8"/><stop offset="0.72" stop-color="#c9ced5"/><stop offset="1" stop-color="#eceef1"/></linearGradient>';
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="600" r="${shape.r + 6}" fill="#2a2c2f"/><circle cx="${x}" cy="600" r="${shape.r - 4}" fill="#151618"/>` +
    `<circle cx="${x}" cy="600" r="${Math.round(shape.r * 0.58)}" fill="#c3c8ce"/><circle cx="${x}" cy="600" r="${Math.round(shape.r * 0.2)}" fill="#6d737a"/>`;
  const car =
    `<ellipse cx="605" cy="${600 + shape.r - 2}" rx="470" ry="22" fill="#000" opacity="0.18"/>` +
    `<path d="${shape.body}" fill="url(#paint)" stroke="${shade(paint, -0.45)}" stroke-width="4"/>` +
    `<path d="${shape.glass}" fill="#28323c" opacity="0.92"/>` +
    `<path d="M200,530 L1020,530" stroke="${shade(paint, 0.35)}" stroke-width="5" opacity="0.55"/>` +
    `<rect x="1010" y="${o.bodyType === 'VAN' ? 470 : 500}" width="30" height="16" rx="5" fill="#ffe9a8"/>` +
    wheel(x1) +
    wheel(x2);
  const placed = outdoors ? `<g transform="translate(${W},0) scale(-1,1)">${car}</g>` : car;
  const scale = (o.width ?? W) / W;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W * scale}" height="${H * scale}" viewBox="0 0 ${W} ${H}">
<defs>${background}<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(paint, 0.25)}"/><stop offset="0.55" stop-color="${paint}"/><stop offset="1" stop-color="${shade(paint, -0.35)}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${placed}
${o.title ? '' : '<!--'}<text x="60" y="100" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="54" font-weight="bold" fill="#1b2430">${escapeXml(o.title)}</text>
<text x="60" y="152" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="32" fill="#4a5563">${escapeXml(o.subtitle)}</text>${o.title ? '' : '-->'}
<text x="${W - 40}" y="${H - 36}" text-anchor="end" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="28" font-weight="bold" fill="#1b2430" opacity="0.35">AutoViet · Ảnh minh họa</text>
</svg>`;
}

/** The drawing as a PNG, ready for prepareImage(). */
export async function drawCarPhoto(o: DrawOptions): Promise<Buffer> {
  return sharp(Buffer.from(carSvg(o)))
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
