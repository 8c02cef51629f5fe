/**
 * createConnectionDrain on a plain Node server: clients sending back to back on kept-alive connections
 * while the server closes are each answered (the last answer a 503 `shutting_down` in the app's error
 * shape, with `Connection: close` and Retry-After), where closing without it resets some; answers carry
 * `Connection: close` during the drain, and after it a connection's second request is refused; an idle
 * connection is closed after the grace, not at once.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createConnectionDrain } from './connection-drain';

/** A server whose every answer costs `workMs` of CPU (a busy event loop), listening on a free port. */
async function busyServer(workMs: number): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    const until = Date.now() + workMs;
    while (Date.now() < until) { /* work */ }
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

interface Outcome { status: number; body: string; connection?: string; retryAfter?: string; error?: string }

/** One request through `agent`; resolves with its answer or the error's code, never rejects. */
function send(agent: Agent, port: number, method = 'GET', body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path: '/', agent, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, body: '', error: error.code ?? String(error) }));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection, retryAfter: res.headers['retry-after'] }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, body: '', error: error.code ?? String(error) }));
    req.end(body);
  });
}

/**
 * `count` clients, each on one kept-alive connection, sending back to back until an answer is a 503 or an
 * error; `close` is called once each has had a few answers. Resolves with every client's outcomes.
 */
async function keptAliveClients(port: number, count: number, close: () => void): Promise<Outcome[][]> {
  let warm = 0;
  let closed = false;
  const clients = Array.from({ length: count }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const outcomes: Outcome[] = [];
    try {
      for (let i = 0; ; i++) {
        const outcome = await send(agent, port, i % 2 ? 'PUT' : 'GET', i % 2 ? '{"homeGoals":2,"awayGoals":1}' : undefined);
        outcomes.push(outcome);
        if (i === 2 && ++warm === count && !closed) {
          closed = true;
          close();
        }
        if (outcome.status === 503 || outcome.error) return outcomes;
      }
    } finally {
      agent.destroy();
    }
  });
  return Promise.all(clients);
}

describe('createConnectionDrain', () => {
  it('answers every request on kept-alive connections while the server closes; closing without it resets some', async () => {
    const plain = await busyServer(2);
    const lost = (await keptAliveClients(plain.port, 20, () => plain.server.close())).flat();
    expect(lost.filter((outcome) => outcome.error === 'ECONNRESET').length).toBeGreaterThan(0);

    const careful = await busyServer(2);
    const drain = createConnectionDrain(careful.server);
    const closed = new Promise((resolve) => careful.server.once('close', resolve));
    const kept = await keptAliveClients(careful.port, 20, () => {
      drain.refuse({ idleGraceMs: 1_000 });
      careful.server.close();
    });
    await closed;
    for (const outcomes of kept) {
      expect(outcomes.filter((outcome) => outcome.error && outcome.error !== 'ECONNREFUSED')).toEqual([]);
      expect(outcomes.slice(0, -1).every((outcome) => outcome.status === 200)).toBe(true);
    }
    const refusals = kept.flat().filter((outcome) => outcome.status === 503);
    expect(refusals.length).toBeGreaterThan(0);
    expect(drain.refused).toBe(refusals.length);
    for (const refusal of refusals) {
      expect(JSON.parse(refusal.body)).toEqual({ error: { id: 'shutting_down', message: expect.any(String) } });
      expect(refusal.connection).toBe('close');
      expect(refusal.retryAfter).toBe('1');
    }
  });

  it('says Connection: close during the drain; after it, serves the first request of a connection and refuses the next', async () => {
    const { server, port } = await busyServer(0);
    const drain = createConnectionDrain(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(agent, port)).connection).toBe('keep-alive');
    drain.startDrain();
    expect(await send(agent, port)).toMatchObject({ status: 200, connection: 'close' });
    expect(await send(agent, port, 'PUT', '{}')).toMatchObject({ status: 200, connection: 'close' });
    drain.endDrain();
    // A new connection (its request may have waited in the queue since before the signal) is served and kept…
    expect(await send(agent, port)).toMatchObject({ status: 200, connection: 'keep-alive' });
    // …and the next request on it was sent after the drain: refused, and the connection closed.
    const late = await send(agent, port, 'PUT', '{"homeGoals":1}');
    expect(late).toMatchObject({ status: 503, connection: 'close', retryAfter: '1' });
    expect(JSON.parse(late.body)).toEqual({ error: { id: 'shutting_down', message: expect.any(String) } });
    expect(await send(agent, port)).toMatchObject({ status: 200 });
    expect(drain.refused).toBe(1);
    agent.destroy();
    server.close();
  });

  it('closes an idle kept-alive connection once idle for the grace, and answers a request sent before that', async () => {
    const { server, port } = await busyServer(0);
    const drain = createConnectionDrain(server);
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { text += chunk; });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    // The first answer, however long a loaded machine takes to send it.
    while (!text.includes('HTTP/1.1 200')) await new Promise((resolve) => setTimeout(resolve, 10));

    const refusedAt = Date.now();
    // A grace long enough that the request below is sent within it even when timers run late under load.
    drain.refuse({ idleGraceMs: 2_000 });
    server.close(); // Node would destroy the idle connection here
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.destroyed).toBe(false);
    socket.write('PUT / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    await ended;
    expect(text).toMatch(/HTTP\/1\.1 503[\s\S]*connection: close[\s\S]*"shutting_down"/i);

    // A second connection, idle since it was accepted: closed once the grace has passed.
    const other = await busyServer(0);
    const otherDrain = createConnectionDrain(other.server);
    const idle = connect(other.port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    idle.on('error', () => {});
    const graceStart = Date.now();
    otherDrain.refuse({ idleGraceMs: 300 });
    other.server.close();
    await idleClosed;
    expect(Date.now() - graceStart).toBeGreaterThanOrEqual(250);
    expect(Date.now() - refusedAt).toBeLessThan(5_000);
  });
});
