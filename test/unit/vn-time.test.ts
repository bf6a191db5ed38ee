import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VN_OFFSET_MS, vnDayEnd, vnDayStart, vnTime, vnWall } from '../../src/contract/vn-time';

const root = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('days and hours in Vietnam', () => {
  it('places a day between two midnights of UTC+7', () => {
    expect(vnDayStart('2026-11-28').toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(vnDayEnd('2026-11-28').toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(vnDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(vnTime('2026-11-28', '08:30').toISOString()).toBe('2026-11-28T01:30:00.000Z');
    expect(vnWall(new Date('2026-11-28T20:15:00Z')).getUTCHours()).toBe(3);
    expect(VN_OFFSET_MS).toBe(7 * 3_600_000);
  });

  it('agrees with the time-zone database', () => {
    const at = new Date('2026-06-30T22:45:00Z');
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    expect(vnWall(at).toISOString().slice(11, 16)).toBe(intl);
  });

  it('is the only place that writes the offset', () => {
    const offenders: string[] = [];
    for (const file of sources(join(root, 'src'))) {
      if (file.endsWith('contract/vn-time.ts')) continue;
      const text = readFileSync(file, 'utf8');
      if (/\+07:00|7 \* 3_?600_?000|7 \* 60 \* 60 \* 1000|25_?200_?000/.test(text))
        offenders.push(relative(root, file));
    }
    expect(offenders).toEqual([]);
  });
});
