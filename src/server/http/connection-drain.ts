/**
 * Ending the server's connections at shutdown without resetting a request that reached it. Node's
 * `server.close()` (which Fastify's `app.close()` calls) destroys every kept-alive connection that looks
 * idle at that instant; a client sending its next request on such a connection at the same moment gets
 * ECONNRESET and cannot tell whether its save landed: of 20 clients sending back to back on kept-alive
 * connections, 17 to 19 were reset with PGlite and 4 to 7 with PostgreSQL, in four runs each
 * (tests/reliability/graceful-shutdown.test.ts, before this module).
 *
 * The drain stands in front of the app's request handler, in three steps:
 * 1. `startDrain()` (SIGTERM, for SHUTDOWN_DELAY_MS): every answer carries `Connection: close`, so clients
 *    make their next request on a new connection — which a load balancer sends to another instance.
 * 2. `endDrain()`: a request on a connection this server has answered since is refused (below): its client
 *    sent it after the drain. The first request of a connection is served (it may have waited in the
 *    listening socket's queue since before the signal), and answers keep their connection, so a client
 *    still sending here hears the 503 on it rather than reconnecting here again and again.
 * 3. `refuse()`, just before `app.close()`: every new request is refused; an answer closes its connection
 *    once the server no longer listens; an idle connection is closed only once nothing has come on it for
 *    `idleGraceMs`, not at once: a request already on its way is answered rather than reset.
 * Refused means 503 `shutting_down` in the app's error shape, with `Connection: close` and Retry-After — in
 * place of Fastify's own 503 while closing, `{"error":"Service Unavailable",…}`.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorId, ErrorResponse } from '../../contracts/errors';

/** Retry-After of the 503s sent while closing, in seconds. */
export const SHUTTING_DOWN_RETRY_AFTER_S = 1;

const SHUTTING_DOWN: ErrorId = 'shutting_down';
const REFUSAL: ErrorResponse = { error: { id: SHUTTING_DOWN, message: 'This server is shutting down; try again in a moment.' } };

/** Controls a server's connections through its shutdown (see the module's comment). */
export interface ConnectionDrain {
  /** Step 1: answers whose headers are written from now on carry `Connection: close`. */
  startDrain(): void;
  /** Step 2: answers keep their connection again; a request on a connection answered from now on is refused. */
  endDrain(): void;
  /**
   * Step 3: every new request is refused; answers close their connection once the server has stopped
   * listening; an idle connection is closed once nothing has come on it for `idleGraceMs` (default
   * 1,000 ms), counted from its last answer or the last bytes it received.
   */
  refuse(options?: { idleGraceMs?: number }): void;
  /** How many requests were refused. */
  readonly refused: number;
}

/** What a connection has done, to tell whether it is idle. */
interface Tracked {
  /** Requests received and not yet answered (more than one when pipelined). */
  busy: number;
  /** When it last received bytes or finished an answer (ms since the epoch). */
  activeAt: number;
  /** `socket.bytesRead` then: a connection that received part of a request since is not idle. */
  bytesRead: number;
  /** It has been answered since `endDrain`. */
  answeredLate: boolean;
}

/**
 * Puts the drain in front of `server`'s request listeners (the app's handler: call it after Fastify created
 * the server, before `listen`) and replaces Node's closing of idle connections by its own once `refuse`d.
 */
export function createConnectionDrain(server: Server): ConnectionDrain {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (handlers.length === 0) throw new Error('createConnectionDrain: the server has no request handler yet');
  server.removeAllListeners('request');
  const sockets = new Map<Socket, Tracked>();
  let phase: 'serving' | 'draining' | 'late' | 'closing' = 'serving';
  let refused = 0;

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, activeAt: Date.now(), bytesRead: 0, answeredLate: false });
    socket.once('close', () => sockets.delete(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const tracked = sockets.get(request.socket);
    if (tracked) {
      tracked.busy += 1;
      response.once('close', () => {
        tracked.busy -= 1;
        tracked.activeAt = Date.now();
        tracked.bytesRead = request.socket.bytesRead;
      });
    }
    // Decided when the headers go, not when the request came: an answer that started during the drain
    // and ends after it keeps its connection. While closing, an answer closes its connection only once the
    // server has stopped listening: a client reconnecting before that could land in the listening socket's
    // queue as it closes, and be reset; after it, the client's connection is refused before it sends anything.
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if (!this.headersSent) {
        if (phase === 'draining' || (phase === 'closing' && !server.listening)) this.setHeader('connection', 'close');
        if (tracked && (phase === 'late' || phase === 'closing')) tracked.answeredLate = true;
      }
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    if (phase === 'closing' || (phase === 'late' && tracked?.answeredLate)) {
      refused += 1;
      answerRefusal(request, response);
      return;
    }
    for (const handler of handlers) handler.call(server, request, response);
  });

  return {
    startDrain() {
      if (phase === 'serving') phase = 'draining';
    },
    endDrain() {
      if (phase === 'serving' || phase === 'draining') phase = 'late';
    },
    refuse(options = {}) {
      if (phase === 'closing') return;
      phase = 'closing';
      const graceMs = options.idleGraceMs ?? 1_000;
      // server.close() calls this to destroy every idle connection at once; the sweep below does it instead.
      server.closeIdleConnections = () => {};
      const sweep = () => {
        const now = Date.now();
        for (const [socket, tracked] of sockets) {
          if (tracked.busy > 0) continue;
          if (socket.bytesRead !== tracked.bytesRead) {
            tracked.bytesRead = socket.bytesRead; // part of a request came: give it time to arrive
            tracked.activeAt = now;
          } else if (now - tracked.activeAt >= graceMs) {
            socket.destroy();
          }
        }
      };
      const timer = setInterval(sweep, Math.max(10, Math.min(50, graceMs / 4)));
      timer.unref();
      server.once('close', () => clearInterval(timer));
      sweep();
    },
    get refused() {
      return refused;
    },
  };
}

/**
 * 503 `shutting_down`, once the request's body has come (closing a connection with unread bytes on it would
 * reset it, and the client could lose the answer), or after a second if it does not come.
 */
function answerRefusal(request: IncomingMessage, response: ServerResponse) {
  let answered = false;
  const answer = () => {
    if (answered || response.headersSent || response.destroyed) return;
    answered = true;
    const body = JSON.stringify(REFUSAL);
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(SHUTTING_DOWN_RETRY_AFTER_S),
      connection: 'close',
    });
    response.end(body);
  };
  request.once('end', answer);
  request.resume();
  setTimeout(answer, 1_000).unref();
}
