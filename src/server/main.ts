/**
 * Starts Palpite: parses the environment, opens the database (PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL, which then needs BETTER_AUTH_SECRET) and migrates it, loads the demo league into an empty embedded database, and serves the
 * API and web app on PORT. SIGINT/SIGTERM close the server and database gracefully, within
 * SHUTDOWN_TIMEOUT_MS (else exit code 1), answering every request that reached the server (a 2xx, or after
 * the drain a 503 `shutting_down`) rather than resetting its connection.
 */
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { parseEnv } from './env';
import { seedDemoIfEmpty } from './modules/demo/seed';
import { promoteAdmins } from './auth/admin-roles';
import { markDraining } from './modules/health/ready';
import { acceptQueuedConnections } from './http/accept-queued';
import { createConnectionDrain } from './http/connection-drain';

async function main() {
  const env = parseEnv();
  // Instances sharing a PostgreSQL database must sign sessions alike: a secret generated per instance
  // would sign people out whenever the load balancer sends them to another one.
  if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new Error('BETTER_AUTH_SECRET is required when DATABASE_URL is set: every instance on that database must sign sessions with the '
      + 'same secret (at least 32 characters, e.g. the output of `openssl rand -base64 32`).');
  }
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    throw new Error('DATABASE_READ_URL names a read replica of the PostgreSQL database at DATABASE_URL: set DATABASE_URL too, or unset DATABASE_READ_URL.');
  }
  let onConnectionError = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
        url: env.DATABASE_URL, readUrl: env.DATABASE_READ_URL, onConnectionError: (error) => onConnectionError(error),
        poolSize: env.PGPOOL, connectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
      }
      : { dataDir: env.DATA_DIR, reserveBytes: env.EMBEDDED_DISK_RESERVE_MB * 1024 * 1024 },
  );
  // WEB_OUT_DIR: where `npm start` built the web app when told to build elsewhere (tests, several checkouts).
  const app = await buildApp({ env, database, webDir: process.env.WEB_OUT_DIR });
  // An idle pooled connection dropped (one line per connection): the outage itself is logged once, when
  // requests meet it, with its end and duration (http/database-outage.ts).
  onConnectionError = (error) => app.log.debug({ err: error }, 'PostgreSQL connection lost; the pool reconnects');
  const promoted = await promoteAdmins(database.db, env.ADMIN_EMAILS, env.REQUIRE_EMAIL_VERIFICATION);
  if (promoted > 0) app.log.info({ promoted }, 'ADMIN_EMAILS: accounts promoted to Platform Administrator');
  if (env.ADMIN_EMAILS.length > 0 && !env.REQUIRE_EMAIL_VERIFICATION) {
    app.log.warn('ADMIN_EMAILS is ignored while REQUIRE_EMAIL_VERIFICATION=false (nobody proves an address); grant the role with npm run user:role');
  }
  if (env.SEED_DEMO ?? database.kind === 'pglite') {
    const demo = await seedDemoIfEmpty(database.db, new Date(), { replay: true });
    if (demo) app.log.info({ league: demo.leagueName, matches: demo.matches, finished: demo.finished }, 'demo league loaded');
    if (demo?.replay) app.log.info({ startsAt: demo.replay.startsAt, speed: demo.replay.speed }, 'demo replay of the 2022 World Cup created: its first match kicks off at startsAt');
  }
  const connections = createConnectionDrain(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a database that does not answer), the process is gone
    // SHUTDOWN_TIMEOUT_MS after the signal, with a line saying so: an orchestrator would kill it anyway.
    // Not unref'd: a close that waits on nothing would otherwise let the process end with code 0, unclosed.
    setTimeout(() => {
      app.log.error({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    // SIGTERM (a process manager, an orchestrator): first say "not ready" and keep serving for
    // SHUTDOWN_DELAY_MS, so requests already sent are answered and the load balancer stops sending more;
    // every answer meanwhile says `Connection: close`, so a client on a kept-alive connection makes its
    // next request on a new one, which the load balancer sends elsewhere. Then close, answering what is
    // still in flight. Ctrl-C (SIGINT) skips the drain.
    if (signal === 'SIGTERM' && env.SHUTDOWN_DELAY_MS > 0) {
      markDraining();
      connections.startDrain();
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
    }
    // A client still sending here now is one nothing moves (no load balancer, or one that ignores
    // readiness): its next request on a connection answered from now on gets 503 shutting_down. Were its
    // connection closed after each answer instead, it would reconnect here at once and keep the listening
    // socket's queue from emptying (below).
    connections.endDrain();
    // Connections opened before now may still wait in the listening socket's queue, their requests sent
    // (a busy loop accepts one a turn): closing it would reset them. Accept and serve them first (at most
    // 5 s), until none has come for 50 ms (a client reconnecting after an answer that closed its connection).
    const accepted = await acceptQueuedConnections(app.server, { limitMs: Math.min(5_000, env.SHUTDOWN_TIMEOUT_MS / 2), quietMs: 50 });
    if (accepted > 0) app.log.info({ accepted }, 'connections accepted from the queue before closing');
    // From here every new request gets 503 shutting_down with `Connection: close`, and a kept-alive
    // connection is closed after a second without a request rather than at once: one on its way is
    // answered, not reset.
    connections.refuse({ idleGraceMs: 1_000 });
    try {
      await app.close(); // ends event streams with a reconnection hint, answers requests in flight
      if (connections.refused > 0) app.log.info({ refused: connections.refused }, 'requests answered 503 shutting_down after the drain');
      await database.close(); // the embedded database's files are closed and its lock removed
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Palpite is running on ${env.APP_URL ?? `http://localhost:${env.PORT}`} (${database.kind} database)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
