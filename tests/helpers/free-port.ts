/** A TCP port free on 127.0.0.1 right now (for servers tests start themselves). */
import { createServer } from 'node:net';

/** Resolves with a port number the OS just handed out and released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
