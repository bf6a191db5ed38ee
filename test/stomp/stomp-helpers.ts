import { Client, type IFrame, type IMessage, type StompHeaders } from '@stomp/stompjs';

/**
 * The real browser client (@stomp/stompjs) in Node, on Node's global WebSocket: connects once (no
 * reconnection), records ERROR frames and MESSAGEs, and exposes the close of the socket.
 */
export function openStomp(url: string, opts: { token?: string; connectHeaders?: StompHeaders } = {}) {
  const errors: IFrame[] = [];
  const messages: IMessage[] = [];
  const waiters: (() => void)[] = [];
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((resolve) => {
    resolveClosed = resolve;
  });
  let resolveError!: (frame: IFrame) => void;
  const firstError = new Promise<IFrame>((resolve) => {
    resolveError = resolve;
  });
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    connectHeaders: opts.connectHeaders ?? (opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onStompError: (frame) => {
      errors.push(frame);
      resolveError(frame);
    },
    onWebSocketClose: (event) => resolveClosed(event.code),
  });
  const connected = new Promise<IFrame>((resolve, reject) => {
    client.onConnect = resolve;
    void closed.then(() => reject(new Error(`closed before CONNECTED: ${errors[0]?.headers.message ?? ''}`)));
  });
  connected.catch(() => {});
  client.activate();

  /** Subscribes and resolves when the server has confirmed it with a RECEIPT. */
  async function subscribe(destination: string, id?: string) {
    const receipt = `r-${Math.random().toString(36).slice(2)}`;
    const confirmed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
    const sub = client.subscribe(
      destination,
      (m) => {
        messages.push(m);
        for (const w of waiters.splice(0)) w();
      },
      { receipt, ...(id ? { id } : {}) },
    );
    await Promise.race([confirmed, firstError.then((f) => Promise.reject(new Error(f.headers.message)))]);
    return sub;
  }

  /** Resolves with the n-th message (1-based) once it has arrived. */
  async function message(n = 1): Promise<IMessage> {
    while (messages.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages[n - 1];
  }

  async function close() {
    await client.deactivate();
  }

  return { client, errors, messages, connected, closed, firstError, subscribe, message, close };
}

export type StompSession = ReturnType<typeof openStomp>;
