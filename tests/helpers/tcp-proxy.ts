/**
 * A TCP proxy (node:net) to put between the app and PostgreSQL, so a test can take the database away
 * and give it back: `refuse()` stops listening (new connections get ECONNREFUSED, open ones go on),
 * `cut()` also resets every open connection, `silence()` resets them and then accepts new connections
 * without ever answering (a host gone silent: its packets dropped), `restore()` forwards again on the same port.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1), the same across cuts. */
  port: number;
  /** Refuses new connections until restore(); open ones go on. */
  refuse(): Promise<void>;
  /** Refuses new connections until restore() and resets the open ones (both ends). */
  cut(): Promise<void>;
  /** Resets the open connections; until restore(), new ones are accepted and never answered. */
  silence(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  /** Stops the proxy for good. */
  close(): Promise<void>;
}

/** Starts a proxy to `target` on a free port of 127.0.0.1. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
  };
  let silent = false;
  const makeServer = () => createServer((client) => {
    track(client);
    // Nothing comes back; the client's bytes go nowhere (ended by restore()).
    if (silent) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (server: Server, port: number) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  let server: Server | null = makeServer();
  const port = await listen(server, 0);
  /** Stops listening at once; resolves when the connections it had accepted have all ended. */
  const stopListening = () => {
    const closing = server;
    server = null;
    return closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : Promise.resolve();
  };
  const refuse = async () => {
    void stopListening();
  };
  const stop = async () => {
    const closed = stopListening();
    for (const socket of open) socket.resetAndDestroy();
    await closed;
  };
  return {
    port,
    refuse,
    cut: stop,
    async silence() {
      await stop();
      silent = true;
      server = makeServer();
      await listen(server, port);
    },
    async restore() {
      if (silent) {
        silent = false;
        for (const socket of open) socket.resetAndDestroy();
        return;
      }
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    close: stop,
  };
}
