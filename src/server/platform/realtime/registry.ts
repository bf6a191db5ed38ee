/**
 * Who listens to what in this process: destination -> connections -> subscription ids.
 * Knows nothing of sockets or STOMP; a connection is any object used as a key.
 */
export class SubscriptionRegistry<C> {
  private readonly byDestination = new Map<string, Map<C, Set<string>>>();
  private readonly byConnection = new Map<C, Map<string, string>>();

  /** False when the connection already has a subscription with that id. */
  add(conn: C, id: string, destination: string): boolean {
    let mine = this.byConnection.get(conn);
    if (!mine) {
      mine = new Map();
      this.byConnection.set(conn, mine);
    }
    if (mine.has(id)) return false;
    mine.set(id, destination);
    let listeners = this.byDestination.get(destination);
    if (!listeners) {
      listeners = new Map();
      this.byDestination.set(destination, listeners);
    }
    let ids = listeners.get(conn);
    if (!ids) {
      ids = new Set();
      listeners.set(conn, ids);
    }
    ids.add(id);
    return true;
  }

  /** False when there was no such subscription. */
  remove(conn: C, id: string): boolean {
    const mine = this.byConnection.get(conn);
    const destination = mine?.get(id);
    if (!mine || destination === undefined) return false;
    mine.delete(id);
    if (mine.size === 0) this.byConnection.delete(conn);
    const listeners = this.byDestination.get(destination);
    const ids = listeners?.get(conn);
    ids?.delete(id);
    if (ids && ids.size === 0) listeners?.delete(conn);
    if (listeners && listeners.size === 0) this.byDestination.delete(destination);
    return true;
  }

  removeConnection(conn: C) {
    for (const id of [...(this.byConnection.get(conn)?.keys() ?? [])]) this.remove(conn, id);
  }

  /** Every (connection, subscription id) listening to a destination. */
  subscribers(destination: string): { conn: C; id: string }[] {
    const out: { conn: C; id: string }[] = [];
    for (const [conn, ids] of this.byDestination.get(destination) ?? [])
      for (const id of ids) out.push({ conn, id });
    return out;
  }

  subscriptionCount(conn?: C): number {
    if (conn !== undefined) return this.byConnection.get(conn)?.size ?? 0;
    let n = 0;
    for (const mine of this.byConnection.values()) n += mine.size;
    return n;
  }
}
