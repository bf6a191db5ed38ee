import { describeSearch, searchListPath } from '../../../contract/alerts-labels';
import { formatPrice } from '../../../contract/format';
import type { AlertDeps } from './deps';
import type { AlertLinks } from './links';
import type { DigestContent } from './mail';
import { carUrl } from './mail-parts';

type AlertZalo = Parameters<NonNullable<AlertDeps['customerMessage']>>[0];

/**
 * The digest's news on Zalo, for the subscriptions that carry a phone: one SAVED_SEARCH message per
 * saved search with new cars, one PRICE_DROP per watched car that got cheaper (a sold car has no Zalo
 * kind: the e-mail tells it). Each cause key names the mark the news are counted from (the search's
 * last car seen, the price reached), so a digest told twice — a mail that failed and is tried again,
 * two runs at once — queues one message; the next news move the mark and make a new key.
 */
export function digestZalo(c: DigestContent, links: AlertLinks): AlertZalo[] {
  const out: AlertZalo[] = [];
  for (const s of c.searches) {
    if (!s.row.phone) continue;
    const filters = s.row.filters ?? {};
    out.push({
      kind: 'SAVED_SEARCH',
      phone: s.row.phone,
      dedupeKey: `SAVED_SEARCH:alert:${s.row.id}:after:${s.row.lastCarId}`,
      data: {
        search_name: describeSearch(filters),
        match_count: s.total,
        search_url: links.absolute(searchListPath(filters)),
      },
    });
  }
  for (const d of c.drops) {
    if (!d.row.phone) continue;
    out.push({
      kind: 'PRICE_DROP',
      phone: d.row.phone,
      dedupeKey: `PRICE_DROP:alert:${d.row.id}:${d.car.sellPrice}`,
      data: {
        car_name: `${d.car.carName} ${d.car.year}`,
        old_price: formatPrice(d.from),
        new_price: formatPrice(d.car.sellPrice),
        car_url: carUrl(links, d.car.carId),
      },
    });
  }
  return out;
}

/** Queues the digest's Zalo messages; one that cannot be queued is logged and never stops the e-mail. */
export async function tellZalo(deps: AlertDeps, c: DigestContent): Promise<void> {
  if (!deps.customerMessage) return;
  for (const m of digestZalo(c, deps.links)) {
    try {
      await deps.customerMessage(m);
    } catch (err) {
      deps.log.error({ err, dedupeKey: m.dedupeKey }, 'alert zalo message not queued');
    }
  }
}
