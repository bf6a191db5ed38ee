/**
 * The addresses a list asked the router for and the router has not all rendered yet. Updates run in
 * transitions, so a change typed straight after another (the end date right after the start) is asked for
 * before the first is on screen, and it must build on the first, not on the address of the last render.
 * Under load the router may also render an earlier request after a later one was made: that render is a
 * step on the way, and the newest request stays the base.
 */
export class PendingAddress {
  private newest: URLSearchParams | null = null;
  private asked: string[] = [];

  /** What the next change builds on: the newest address asked for, else the one on screen. */
  base(rendered: URLSearchParams): URLSearchParams {
    return this.newest ?? rendered;
  }

  ask(next: URLSearchParams) {
    this.newest = next;
    this.asked.push(next.toString());
  }

  /**
   * The router rendered `address`: the newest request itself, or an address nobody here asked for (Back,
   * a link), is the base again; an earlier request on its way changes nothing.
   */
  rendered(address: URLSearchParams) {
    if (!this.newest) return;
    const shown = address.toString();
    if (shown !== this.newest.toString() && this.asked.includes(shown)) return;
    this.newest = null;
    this.asked = [];
  }
}
