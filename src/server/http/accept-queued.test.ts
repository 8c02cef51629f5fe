/**
 * acceptQueuedConnections: connections the kernel has queued (their requests sent) are accepted and
 * answered before the server closes, although Node accepts only one queued connection per turn of a busy
 * event loop; without it, closing the listening socket resets them. With quietMs, it waits that long after
 * the last connection.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { acceptQueuedConnections } from './accept-queued';

/** A server whose every answer costs 20 ms of CPU (a busy event loop), listening on a free port. */
async function busyServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    const until = Date.now() + 20;
    while (Date.now() < until) { /* work */ }
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

/**
 * `count` clients, each connecting and writing a whole request: `sent` resolves once every request has been
 * handed to the kernel, `answers` with each client's outcome.
 */
function clients(port: number, count: number) {
  const outcomes = Array.from({ length: count }, () => {
    let written: () => void = () => {};
    const sent = new Promise<void>((resolve) => { written = resolve; });
    const answer = new Promise<'answered' | 'reset'>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', () => written()));
      let text = '';
      socket.on('data', (chunk) => { text += String(chunk); });
      socket.on('error', () => {
        written();
        resolve('reset');
      });
      socket.on('close', () => resolve(text.startsWith('HTTP/1.1 200') ? 'answered' : 'reset'));
    });
    return { sent, answer };
  });
  return { sent: Promise.all(outcomes.map((outcome) => outcome.sent)), answers: Promise.all(outcomes.map((outcome) => outcome.answer)) };
}

describe('acceptQueuedConnections', () => {
  it('answers every connection queued before the close; closing at once resets some (Node accepts one a turn)', async () => {
    const plain = await busyServer();
    const lost = clients(plain.port, 40);
    await lost.sent; // every request written: closing now is what a shutdown without the wait did
    plain.server.close();
    expect((await lost.answers).filter((outcome) => outcome === 'reset').length).toBeGreaterThan(0);

    const careful = await busyServer();
    const kept = clients(careful.port, 40);
    await kept.sent;
    const accepted = await acceptQueuedConnections(careful.server, { limitMs: 10_000 });
    careful.server.close();
    expect(await kept.answers).toEqual(Array.from({ length: 40 }, () => 'answered'));
    expect(accepted).toBeGreaterThan(0);
  });

  it('waits quietMs after the last connection accepted', async () => {
    const { server, port } = await busyServer();
    const started = Date.now();
    setTimeout(() => connect(port, '127.0.0.1').on('error', () => {}).on('connect', function (this: Socket) { this.end(); }), 100);
    const accepted = await acceptQueuedConnections(server, { limitMs: 5_000, quietMs: 200 });
    const took = Date.now() - started;
    server.close();
    expect(accepted).toBe(1);
    // 100 ms before the connection, then 200 ms of quiet; Node's timers may fire a millisecond early by Date.now.
    expect(took).toBeGreaterThanOrEqual(300 - 5);
    expect(took).toBeLessThan(2_000);
  });

  it('gives up after limitMs when the queue never empties', async () => {
    const { server, port } = await busyServer();
    let stop = false;
    const flood = (async () => {
      while (!stop) {
        for (let i = 0; i < 3; i++) connect(port, '127.0.0.1').on('error', () => {}).on('connect', function (this: Socket) { this.end(); });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const started = Date.now();
    await acceptQueuedConnections(server, { limitMs: 300 });
    const took = Date.now() - started;
    stop = true;
    await flood;
    server.close();
    expect(took).toBeGreaterThanOrEqual(300 - 5);
    expect(took).toBeLessThan(2_000);
  });
});
