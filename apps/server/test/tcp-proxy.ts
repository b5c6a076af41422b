import net from 'node:net';

/**
 * How an outage looks to the app:
 * - `refuse`: every open connection is reset and the port is closed, so new connections are refused
 *   (the database server is down);
 * - `hang`: every open connection is reset and new ones are accepted but never answered
 *   (the database host is unreachable, or its server is stuck).
 */
export type OutageMode = 'refuse' | 'hang';

export interface TcpProxy {
  host: string;
  port: number;
  /** `url` (e.g. a postgres:// URL) with its host and port replaced by the proxy's. */
  rewrite(url: string): string;
  /** Starts an outage: resolves once every open connection is gone and new ones are refused or held. */
  cut(mode: OutageMode): Promise<void>;
  /** Ends the outage: new connections reach the target again. */
  restore(): Promise<void>;
  /** Connections forwarded, reset by a cut, and held while hanging, so far. */
  readonly counts: { forwarded: number; reset: number; held: number };
  close(): Promise<void>;
}

function reset(socket: net.Socket) {
  try {
    // An RST, as when a server process dies: the other side sees ECONNRESET, not an orderly close.
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}

/** A loopback TCP proxy to `target` whose link can be cut and restored, to fake a database outage. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const host = '127.0.0.1';
  const open = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  const counts = { forwarded: 0, reset: 0, held: 0 };
  let state: 'up' | OutageMode = 'up';

  function forward(client: net.Socket) {
    counts.forwarded += 1;
    const upstream = net.connect({ host: target.host, port: target.port });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        // One side gone: the other goes too, as with a real connection.
        (socket === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  function accept(client: net.Socket) {
    if (state === 'up') return forward(client);
    // Hanging: the connection is accepted and whatever the app sends is read and ignored.
    counts.held += 1;
    held.add(client);
    client.on('error', () => {});
    client.on('data', () => {});
    client.on('close', () => held.delete(client));
  }

  /** A new listener on `port` (0: any free port). */
  async function listen(port: number): Promise<net.Server> {
    for (let attempt = 1; ; attempt += 1) {
      const candidate = net.createServer(accept);
      try {
        await new Promise<void>((resolve, reject) => {
          candidate.once('error', reject);
          candidate.listen({ host, port }, () => {
            candidate.off('error', reject);
            resolve();
          });
        });
        return candidate;
      } catch (error) {
        // The closed port may briefly serve as the local end of some outgoing connection.
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  function resetAll() {
    for (const socket of [...open, ...held]) {
      counts.reset += 1;
      reset(socket);
    }
    open.clear();
    held.clear();
  }

  let server = await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    host,
    port,
    counts,
    rewrite(url) {
      const parsed = new URL(url);
      parsed.hostname = host;
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut(mode) {
      if (state !== 'up') throw new Error(`the proxy is already cut (${state})`);
      state = mode;
      // Stop accepting first, so that no connection slips in between the reset and the close.
      if (mode === 'refuse') server.close();
      resetAll();
    },
    async restore() {
      if (state === 'up') return;
      const was = state;
      state = 'up';
      // Whatever was held timed out on the app's side already; a real server would drop it too.
      resetAll();
      if (was === 'refuse') server = await listen(port);
    },
    async close() {
      state = 'up';
      resetAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
