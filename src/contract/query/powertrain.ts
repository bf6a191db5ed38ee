import type { Query } from './text';
import type { Fuel, Transmission } from './types';

/**
 * Fuel and gearbox: "máy dầu", "máy xăng", "xe điện", "hybrid", "số sàn", "số tự động", "AT", "MT".
 * "dầu" is diesel only with its accents or after a word that makes it so ("máy dau", "chay dau"):
 * folded, "dau" is also "đầu" (first) and "đâu" (where).
 */
export function parseFuels(q: Query): Fuel[] | undefined {
  const fuels: Fuel[] = [];
  const add = (f: Fuel) => {
    if (!fuels.includes(f)) fuels.push(f);
  };
  const negated = (index: number) =>
    /(khong|ko|k|chu|tru|ngoai)\s*(?:phai\s*|dung\s*|lay\s*|thich\s*|can\s*)?(?:xe\s*)?$/.test(
      q.rest.slice(Math.max(0, index - 18), index),
    );

  q.take(
    /(may dau|chay dau|dong co dau|dung dau|xe dau diesel|diesel|dizen|dau diezel|may diesel|may dau)(?![a-z])/g,
    (m) => {
      if (!negated(m.index ?? 0)) add('DIESEL');
      return true;
    },
  );
  if (!fuels.includes('DIESEL') && q.rawHas('dầu') && !q.rawHas('dầu nhớt') && !q.rawHas('thay dầu'))
    add('DIESEL');
  q.take(
    /(may xang|chay xang|dong co xang|xe xang|dung xang|dong co xang|petrol|gasoline)(?![a-z])/g,
    (m) => {
      if (!negated(m.index ?? 0)) add('PETROL');
      return true;
    },
  );
  q.take(/(hybrid|hybird|hibrid|hyrbid|lai dien|xang lai dien|hev|phev)(?![a-z])/g, (m) => {
    if (!negated(m.index ?? 0)) add('HYBRID');
    return true;
  });
  q.take(
    /(xe dien|oto dien|o to dien|chay dien|xe thuan dien|thuan dien|dong co dien|pin dien|xe ev|\bev\b|electric)(?![a-z])/g,
    (m) => {
      if (!negated(m.index ?? 0)) add('ELECTRIC');
      return true;
    },
  );
  return fuels.length ? fuels : undefined;
}

export function parseTransmission(q: Query): Transmission | undefined {
  let result: Transmission | undefined;
  q.take(/(so san|so tay|hop so san|\bmt\b|so co|manual|hop so tay)(?![a-z])/g, () => {
    result = 'MANUAL';
    return true;
  });
  q.take(
    /(so tu dong|so td|tu dong|hop so tu dong|so at|xe at|ban at|\bat\b(?= |$)|cvt|automatic|auto|so vo cap|so ly hop kep|dct)(?![a-z])/g,
    (m) => {
      // "at" alone is English "at"... only after a car word or at the very end.
      if (m[1] === 'at' && !/(xe|so|ban|loai|hop so)\s*$/.test(q.rest.slice(0, m.index ?? 0))) return false;
      result = result === 'MANUAL' ? undefined : 'AUTOMATIC';
      return true;
    },
  );
  return result;
}
