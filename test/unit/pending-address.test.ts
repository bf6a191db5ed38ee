// A dashboard list's filters typed one right after another (lib/pending-address.ts): each builds on the
// one before, even when the router renders an earlier address late.
import { describe, expect, it } from 'vitest';
import { PendingAddress } from '../../src/web/lib/pending-address';

const q = (s: string) => new URLSearchParams(s);

/** What useListParams does for a change: build on the base, ask for it. */
function change(pending: PendingAddress, shown: URLSearchParams, key: string, value: string) {
  const next = new URLSearchParams(pending.base(shown));
  if (value) next.set(key, value);
  else next.delete(key);
  pending.ask(next);
  return next;
}

describe('PendingAddress', () => {
  it('builds a second change on the first before the router renders it', () => {
    const pending = new PendingAddress();
    const shown = q('');
    change(pending, shown, 'from', '2025-01-01');
    expect(change(pending, shown, 'to', '2025-12-31').toString()).toBe('from=2025-01-01&to=2025-12-31');
  });

  it('keeps the newest request when the router renders an earlier one late', () => {
    const pending = new PendingAddress();
    let shown = q('from=2025-01-06');
    // The start date cleared, then typed again, then the end date: the cleared address is rendered
    // only after the new start date was asked for.
    const cleared = change(pending, shown, 'from', '');
    change(pending, shown, 'from', '2025-01-01');
    shown = cleared;
    pending.rendered(shown);
    expect(change(pending, shown, 'to', '2025-12-31').toString()).toBe('from=2025-01-01&to=2025-12-31');
  });

  it('takes the address on screen again once the newest request is rendered', () => {
    const pending = new PendingAddress();
    const asked = change(pending, q(''), 'search', 'Khoa');
    pending.rendered(asked);
    expect(pending.base(q('search=Khoa&page=2')).toString()).toBe('search=Khoa&page=2');
  });

  it('follows an address nobody asked for (Back, a link) instead of a request in flight', () => {
    const pending = new PendingAddress();
    change(pending, q('status=ACTIVE'), 'search', 'Khoa');
    const back = q('status=SOLD');
    pending.rendered(back);
    expect(pending.base(back)).toBe(back);
  });

  it('a search rendered late does not undo the filters cleared after it', () => {
    const pending = new PendingAddress();
    const first = change(pending, q(''), 'search', 'Khoa');
    pending.ask(q(''));
    pending.rendered(first);
    expect(pending.base(first).toString()).toBe('');
  });
});
