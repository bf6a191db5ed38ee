import { z } from 'zod';
/** One of the signed-in user's live sessions, as the profile lists them (GET auth/sessions). */
export const sessionViewSchema = z.object({
  sessionId: z.string(),
  /** "Chrome trên Windows", read from the browser's User-Agent at sign-in. */
  device: z.string(),
  /** The address it was last used from. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/CocCoc|coc_coc/i, 'Cốc Cốc'],
  [/Zalo/i, 'Zalo'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short Vietnamese name for the device behind a User-Agent header. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Thiết bị không rõ';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} trên ${system}`;
  return browser ?? system ?? 'Thiết bị không rõ';
}
