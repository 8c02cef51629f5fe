/**
 * Accepting the connections already queued on the listening socket before the server closes it. The
 * kernel completes TCP handshakes by itself and queues the connections until the process accepts them;
 * Node accepts one queued connection per turn of its event loop, so a loop kept busy (a rush of requests)
 * leaves clients waiting in that queue with their requests already sent — a busy server was measured
 * accepting one every 20–100 ms. Closing the listening socket then resets them (ECONNRESET): requests
 * lost at shutdown although they arrived before it (tests/reliability/graceful-shutdown.test.ts).
 */
import type { Server } from 'node:net';

/**
 * Resolves once `server` has accepted no connection for `quietTurns` turns of the event loop in a row
 * (each turn passes the poll phase, where a non-empty queue yields an accept, and reads what the
 * connections accepted before it have sent) and for at least `quietMs` (default 0; three turns of an idle
 * loop take well under a millisecond, less than a client needs to reconnect after an answer that closed its
 * connection), or after `limitMs` whatever happens (a client that keeps opening connections cannot hold
 * the shutdown).
 * @returns how many connections were accepted meanwhile.
 */
export async function acceptQueuedConnections(server: Server, options: { limitMs: number; quietTurns?: number; quietMs?: number }): Promise<number> {
  const quietTurns = options.quietTurns ?? 3;
  const quietMs = options.quietMs ?? 0;
  const until = Date.now() + options.limitMs;
  let accepted = 0;
  let lastAt = Date.now();
  const count = () => {
    accepted += 1;
    lastAt = Date.now();
  };
  server.on('connection', count);
  try {
    let quiet = 0;
    let seen = 0;
    while ((quiet < quietTurns || Date.now() - lastAt < quietMs) && Date.now() < until) {
      // Turns enough, time not yet: wait without spinning (a timer's turn passes the poll phase too).
      await new Promise((resolve) => (quiet < quietTurns ? setImmediate(resolve) : setTimeout(resolve, 5)));
      quiet = accepted === seen ? quiet + 1 : 0;
      seen = accepted;
    }
  } finally {
    server.off('connection', count);
  }
  return accepted;
}
