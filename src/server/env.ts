/**
 * The environment, parsed once with zod at start (STYLE.md habit 6). `.env.example` lists every
 * variable with its default. A bad value stops the process with a readable list of problems.
 */
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * TRUST_PROXY's text as Fastify's trustProxy option: false, true, or a list of the proxies' addresses,
 * CIDR ranges or range names (loopback, linklocal, uniquelocal), checked by the same parser Fastify uses
 * (@fastify/proxy-addr); anything else is an issue on the context (the process stops with the list). No
 * hop count: Fastify 5 ignores X-Forwarded-For for one, since it cannot tell a proxy from a client
 * sending the same number of hops.
 */
function trustProxyOf(text: string, context: z.core.$RefinementCtx<string>): boolean | string[] {
  if (text === 'false') return false;
  if (text === 'true') return true;
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  // proxy-addr takes a bare number as an address: a hop count would silently mean "trust 0.0.0.N".
  if (entries.length > 0 && entries.every((entry) => !/^\d+$/.test(entry))) {
    try {
      proxyAddr.compile(entries);
      return entries;
    } catch {
      // Reported below.
    }
  }
  context.addIssue({ code: 'custom', message: 'TRUST_PROXY must be true, false, or a comma-separated list of the proxies\' addresses, CIDR ranges or loopback/linklocal/uniquelocal' });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public address of the app, used in mail links; defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().min(1).optional(),
  /**
   * Optional PostgreSQL read replica: rankings, stats, history and discovery are read there; writes and a
   * person's own just-saved predictions go to DATABASE_URL. Needs DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Embedded database only: free space kept on the disk holding DATA_DIR, in MB; below it writes answer
   * 503 `storage_full` while reads go on (db/embedded-storage.ts). 0 turns the reserve off.
   */
  EMBEDDED_DISK_RESERVE_MB: z.coerce.number().min(0).max(1_000_000).default(24),
  /** PostgreSQL only: connections each pool (the primary's, the replica's) may open. */
  PGPOOL: z.coerce.number().int().min(1).max(1_000).default(10),
  /**
   * PostgreSQL only: how long a request waits for a connection (a free one in the pool, or a new one
   * being opened) before it is answered 503 `database_unavailable`, in ms. Bounds the wait when the
   * database's host stops answering (packets dropped) instead of refusing.
   */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Signs sessions; at least 32 characters. Unset: one is generated and kept in DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** nodemailer SMTP URL (smtp://user:pass@host:587); unset: mail goes to DATA_DIR/outbox and the log. */
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Palpite <no-reply@palpite.local>'),
  /** Comma-separated emails that get the 'Platform Administrator' role. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean)),
  /** Load the demo league into an empty database; default: on for the embedded database only. */
  SEED_DEMO: booleanText.optional(),
  /** Rate limits per IP on the API and, stricter, on sign-in and sign-up; turn off only in tests. */
  RATE_LIMIT: booleanText.default(true),
  /** Requests a minute each client address may send to the API, counted across every instance (http/shared-rate-limit.ts). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Behind a reverse proxy, whom to trust in X-Forwarded-For for the client address (rate limits, logs):
   * `false` (nobody: the socket's address), `true` (every hop: the first address, safe only when the proxy
   * replaces the header), or a comma-separated list of the proxies' addresses, CIDR ranges or
   * loopback/linklocal/uniquelocal (the nearest address not in the list: safe when proxies append).
   */
  TRUST_PROXY: z.string().trim().default('false').transform(trustProxyOf),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: human-readable lines; json: one JSON object a line; auto: pretty in a terminal unless NODE_ENV=production. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** How often queued results are folded into member totals in the background, in milliseconds. */
  SCORING_FOLD_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(2_000),
  /**
   * How long this instance reuses a group's ranking and stats page when no change is signalled, in ms
   * (modules/groups/ranking-cache.ts): signalled changes (writes through the app and imports, on any
   * instance) show at once, so this bounds a change nobody signalled (an edit by hand in the database) or
   * whose notice was lost; 0 turns the caches off.
   */
  RANKING_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Heartbeat comment interval of the live event streams, in ms (proxies close idle connections). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** How often open event streams are checked again (signed out, left the group…: the stream ends), in ms. */
  LIVE_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Event streams one signed-in account may hold open at once on each instance (modules/live/stream-caps.ts);
   * one more is refused with 429 `rate_limited` until one closes. Every open page holds one: 10 covers a
   * phone, a tablet and a laptop with several tabs. Counted per instance.
   */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Event streams one client address (request.ip, as TRUST_PROXY makes it) may hold open at once on each
   * instance, whatever the accounts; 0: no cap by address. High (200) because a school or an office shares
   * one address and the per-account cap is the real guard. Behind a proxy TRUST_PROXY does not name, every
   * client shares the proxy's address: set TRUST_PROXY, or 0 here.
   */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** Web Push keys (base64url, as `npx web-push generate-vapid-keys` prints them); unset: generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().min(40).max(200).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).max(200).optional(),
  /** Who push services may contact about our messages (mailto: or https:); default: mailto:CONTACT_EMAIL. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/).optional(),
  /** The reminders job (deadline reminders, results; src/server/jobs/reminder-job.ts): false turns it off. */
  REMINDERS: booleanText.default(true),
  /** How often the reminders job looks for what is due, in ms. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** On SIGTERM, how long the server keeps serving (saying "not ready") before it closes, in ms. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * On SIGTERM or SIGINT, the hard limit for the whole shutdown (drain delay included), in ms: a request or a
   * database close still unfinished by then is abandoned and the process exits with code 1 (main.ts).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** When set, GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  /** Extra push service hosts a subscription may name (comma-separated), besides the browsers' own. */
  PUSH_ENDPOINT_HOSTS: z.string().default('').transform((value) => value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)),
  /** The address shown on the Contact page (with a copy button). */
  CONTACT_EMAIL: z.email().default('support@palpite.local'),
  /** Require a confirmed email before sign-in (the specification's default); false signs people in at sign-up. */
  REQUIRE_EMAIL_VERIFICATION: booleanText.default(true),
  /** S3-compatible bucket for uploaded avatars; unset: files under DATA_DIR/uploads/avatars. */
  S3_BUCKET: z.string().min(1).optional(),
  /** The S3 endpoint (MinIO, R2, Spaces…: https://s3.example.com); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the SDK's default credential chain (AWS_* variables, instance role…). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  /** football-data.org API token (header X-Auth-Token); unset: leagues linked to it are not synced. */
  FOOTBALL_DATA_TOKEN: z.string().min(1).optional(),
  /** football-data.org v4 base address (a mirror or a local stand-in may serve it). */
  FOOTBALL_DATA_URL: z.url().default('https://api.football-data.org/v4'),
  /** Requests a minute the football-data.org plan allows, shared by every instance (free 10, paid 30 or 60). */
  FOOTBALL_DATA_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(6_000).default(10),
  /** The scheduler that keeps linked leagues' fixtures and results current (src/server/jobs/sync-scheduler.ts); false: off. */
  SYNC: booleanText.default(true),
});

/** The parsed environment. */
export type Env = z.infer<typeof envSchema>;

/**
 * Parses an environment (default: process.env).
 * @throws Error listing every invalid variable.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return result.data;
}
