import sharp from 'sharp';

/**
 * Demo pictures drawn locally: an SVG scene (sky, city, road, a car) rendered by sharp. No text in the
 * pictures (titles are laid over them by the site), no downloads.
 */
export interface Scene {
  width: number;
  height: number;
  sky: [string, string];
  car: string;
  accent: string;
  /** 0..1: where the car stands across the picture. */
  carX?: number;
  night?: boolean;
  seed?: number;
}

function rand(seed: number) {
  let s = seed || 1;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

function carShape(x: number, y: number, scale: number, color: string) {
  const s = (v: number) => (v * scale).toFixed(1);
  const at = (dx: number, dy: number) => `${(x + dx * scale).toFixed(1)},${(y + dy * scale).toFixed(1)}`;
  return `
  <g>
    <ellipse cx="${(x + 200 * scale).toFixed(1)}" cy="${(y + 118 * scale).toFixed(1)}" rx="${s(210)}" ry="${s(14)}" fill="#000" opacity="0.28"/>
    <path d="M ${at(0, 92)} L ${at(8, 62)} Q ${at(14, 50)} ${at(40, 46)} L ${at(110, 40)} L ${at(160, 8)}
      Q ${at(172, 0)} ${at(200, 0)} L ${at(270, 0)} Q ${at(292, 0)} ${at(310, 14)} L ${at(350, 44)}
      L ${at(385, 52)} Q ${at(405, 58)} ${at(405, 78)} L ${at(405, 96)} Q ${at(405, 106)} ${at(392, 106)}
      L ${at(12, 106)} Q ${at(0, 106)} ${at(0, 92)} Z" fill="${color}"/>
    <path d="M ${at(124, 42)} L ${at(166, 14)} Q ${at(174, 9)} ${at(190, 9)} L ${at(232, 9)} L ${at(232, 42)} Z" fill="#dbeafe" opacity="0.85"/>
    <path d="M ${at(242, 9)} L ${at(270, 9)} Q ${at(288, 9)} ${at(300, 18)} L ${at(332, 42)} L ${at(242, 42)} Z" fill="#dbeafe" opacity="0.85"/>
    <rect x="${(x + 380 * scale).toFixed(1)}" y="${(y + 60 * scale).toFixed(1)}" width="${s(22)}" height="${s(10)}" rx="${s(4)}" fill="#fef3c7"/>
    <rect x="${(x + 2 * scale).toFixed(1)}" y="${(y + 64 * scale).toFixed(1)}" width="${s(14)}" height="${s(10)}" rx="${s(3)}" fill="#ef4444"/>
    ${[88, 318]
      .map(
        (
          cx,
        ) => `<circle cx="${(x + cx * scale).toFixed(1)}" cy="${(y + 106 * scale).toFixed(1)}" r="${s(30)}" fill="#111827"/>
    <circle cx="${(x + cx * scale).toFixed(1)}" cy="${(y + 106 * scale).toFixed(1)}" r="${s(15)}" fill="#9ca3af"/>`,
      )
      .join('\n    ')}
  </g>`;
}

export function sceneSvg(scene: Scene): string {
  const { width: w, height: h, sky, car, accent } = scene;
  const r = rand(scene.seed ?? 7);
  const horizon = h * 0.62;
  const buildings: string[] = [];
  let bx = -20;
  while (bx < w) {
    const bw = 40 + r() * 90;
    const bh = h * (0.12 + r() * 0.3);
    const shade = scene.night ? `rgba(15,23,42,${0.75 + r() * 0.2})` : `rgba(30,41,59,${0.18 + r() * 0.22})`;
    buildings.push(
      `<rect x="${bx.toFixed(0)}" y="${(horizon - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="${shade}"/>`,
    );
    if (scene.night) {
      for (let wy = horizon - bh + 12; wy < horizon - 10; wy += 18) {
        for (let wx = bx + 8; wx < bx + bw - 10; wx += 16) {
          if (r() > 0.55)
            buildings.push(
              `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="7" height="9" fill="#fde68a" opacity="0.8"/>`,
            );
        }
      }
    }
    bx += bw + 6;
  }
  const scale = (w * 0.42) / 405;
  const carX = (w - 405 * scale) * (scene.carX ?? 0.62);
  const carY = h * 0.86 - 120 * scale;
  const sun = scene.night
    ? `<circle cx="${w * 0.16}" cy="${h * 0.2}" r="${h * 0.07}" fill="#f8fafc" opacity="0.9"/>`
    : `<circle cx="${w * 0.18}" cy="${h * 0.26}" r="${h * 0.12}" fill="${accent}" opacity="0.55"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/>
    </linearGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#374151"/><stop offset="1" stop-color="#111827"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  ${sun}
  ${buildings.join('\n  ')}
  <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#road)"/>
  <rect y="${horizon}" width="${w}" height="${h * 0.018}" fill="${accent}" opacity="0.8"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="${((i * w) / 10 - 40).toFixed(0)}" y="${(h * 0.9).toFixed(0)}" width="${(w / 22).toFixed(0)}" height="${(h * 0.012).toFixed(0)}" fill="#f9fafb" opacity="0.7"/>`).join('\n  ')}
  ${carShape(carX, carY, scale, car)}
</svg>`;
}

/** The scene as a PNG, ready for the image pipeline. */
export async function scenePng(scene: Scene): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene)))
    .png()
    .toBuffer();
}
