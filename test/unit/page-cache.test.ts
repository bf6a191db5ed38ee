import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from '../../src/server/modules/seo/page-cache';

const page = (text: string) => ({ text, size: text.length });

afterEach(() => {
  vi.useRealTimers();
});

describe('the cache of rendered pages', () => {
  it('renders an address once per lifetime and again after it', async () => {
    vi.useFakeTimers();
    const cache = new PageCache<ReturnType<typeof page>>(1000);
    const make = vi.fn(async () => page('trang chủ'));
    expect(await cache.get('/', make)).toEqual(page('trang chủ'));
    expect(await cache.get('/', make)).toEqual(page('trang chủ'));
    expect(make).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('/', make);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('shares one render between visitors arriving together', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(1000);
    let finish: (v: ReturnType<typeof page>) => void = () => undefined;
    const make = vi.fn(() => new Promise<ReturnType<typeof page>>((ok) => (finish = ok)));
    const both = Promise.all([cache.get('/cars', make), cache.get('/cars', make)]);
    finish(page('danh sách'));
    expect(await both).toEqual([page('danh sách'), page('danh sách')]);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('forgets everything on clear, and does not keep a render that began before it', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(60_000);
    await cache.get('/about', async () => page('cũ'));
    let finish: (v: ReturnType<typeof page>) => void = () => undefined;
    const slow = cache.get('/blogs', () => new Promise((ok) => (finish = ok)));
    cache.clear();
    finish(page('trước thay đổi'));
    expect(await slow).toEqual(page('trước thay đổi'));
    expect(await cache.get('/about', async () => page('mới'))).toEqual(page('mới'));
    expect(await cache.get('/blogs', async () => page('sau thay đổi'))).toEqual(page('sau thay đổi'));
  });

  it('keeps no failed render and nothing at all with a lifetime of 0', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(60_000);
    expect(await cache.get('/x', async () => null)).toBeNull();
    expect(await cache.get('/x', async () => page('có'))).toEqual(page('có'));
    const off = new PageCache<ReturnType<typeof page>>(0);
    const make = vi.fn(async () => page('luôn mới'));
    await off.get('/', make);
    await off.get('/', make);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used pages beyond its count and size', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(60_000, 2, 1_000_000);
    await cache.get('/a', async () => page('a'));
    await cache.get('/b', async () => page('b'));
    await cache.get('/a', async () => page('a2')); // /a used again: /b is now the oldest
    await cache.get('/c', async () => page('c'));
    expect(await cache.get('/a', async () => page('a3'))).toEqual(page('a'));
    expect(await cache.get('/b', async () => page('b2'))).toEqual(page('b2'));

    const small = new PageCache<ReturnType<typeof page>>(60_000, 100, 10);
    await small.get('/1', async () => page('123456'));
    await small.get('/2', async () => page('abcdef'));
    expect(await small.get('/1', async () => page('again'))).toEqual(page('again'));
  });
});
