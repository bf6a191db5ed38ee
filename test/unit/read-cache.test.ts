import { describe, expect, it } from 'vitest';
import { jsonOf, ReadCache } from '../../src/server/modules/cars/read-cache';

describe('the read cache of public car answers', () => {
  it('keeps an answer by its URL until the next change', () => {
    const cache = new ReadCache(60_000);
    const bytes = Buffer.from('{"a":1}');
    cache.keepAnswer('/api/cars?brand=Kia', bytes, cache.generation);
    expect(cache.answer('/api/cars?brand=Kia')).toBe(bytes);
    expect(cache.answer('/api/cars?brand=kia')).toBeUndefined();
    cache.clear();
    expect(cache.answer('/api/cars?brand=Kia')).toBeUndefined();
  });

  it('does not keep an answer read before a change that landed while it was being sent', () => {
    const cache = new ReadCache(60_000);
    const readAt = cache.generation;
    cache.clear();
    cache.keepAnswer('/api/cars/1', Buffer.from('{"sellPrice":1}'), readAt);
    expect(cache.answer('/api/cars/1')).toBeUndefined();
  });

  it('keeps nothing when switched off (CAR_CACHE_MS=0)', async () => {
    const cache = new ReadCache(0);
    cache.keepAnswer('/api/cars', Buffer.from('[]'), cache.generation);
    expect(cache.answer('/api/cars')).toBeUndefined();
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('encodes an answer to UTF-8 bytes', () => {
    const answer = { carName: 'Xe bán tải Đỏ' };
    const bytes = jsonOf(answer);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(answer));
    expect(bytes.length).toBeGreaterThan(JSON.stringify(answer).length);
  });
});
