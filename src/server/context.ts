/**
 * The app's context: the services app.ts builds once at start (databases, auth, mailer, caches, league
 * sync, the live event hub, job monitor, metrics) and hands to every route module, which reads what it
 * needs. A module of its own so that what reads it (route modules, jobs) depends on this type and not on
 * app.ts, which imports them; it imports only types, never app.ts or a routes.ts (eslint.config.js).
 */
import type { Database } from './db/client';
import type { Env } from './env';
import type { Auth } from './auth/auth';
import type { Mailer } from './mail/mailer';
import type { GroupCache, RankingCache } from './modules/groups/ranking-cache';
import type { SyncContext } from './modules/sync/sync-context';
import type { EventHub } from './modules/live/event-hub';
import type { JobMonitor } from './jobs/job-monitor';
import type { AppMetrics } from './observability/metrics';

/** What every route module receives. */
export interface AppContext {
  /** The primary: every write, and reads of what a person has just written. */
  db: Database['db'];
  /** History and discovery: a read replica with DATABASE_READ_URL, else the primary. */
  readDb: Database['readDb'];
  /**
   * Where rankings and stats are computed (and then cached): the replica, except within
   * REPLICA_CATCH_UP_MS (app.ts) of a change this instance heard of, when a replica may not have replayed it yet.
   */
  rankingDb(): Database['db'];
  auth: Auth;
  env: Env;
  mailer: Mailer;
  rankingCache: RankingCache;
  /** Each group's stats page as JSON text (groups/stats.ts), emptied whenever the ranking cache is. */
  statsCache: GroupCache<string>;
  /** League sync: the competition fetcher and what providers can be used (modules/sync). */
  sync: SyncContext;
  /** This instance's fan-out of live events to its open event streams (modules/live). */
  events: EventHub;
  /** Web Push's public key (for browsers' subscriptions) and the secret that signs unsubscribe links. */
  notifications: { vapidPublicKey: string | null; secret: string };
  /** What the background jobs have done (GET /api/ready, /metrics). */
  jobs: JobMonitor;
  /** This instance's Prometheus metrics (GET /metrics). */
  metrics: AppMetrics;
}
