/** A test's app listening on a free port of 127.0.0.1, for tests that need real sockets (event streams, headers). */
import type { FastifyInstance } from 'fastify';

/** Starts `app` listening on a free port of 127.0.0.1. @returns its base URL, `http://127.0.0.1:<port>`. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app listens on no TCP port');
  return `http://127.0.0.1:${address.port}`;
}
