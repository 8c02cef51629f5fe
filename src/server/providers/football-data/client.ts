/**
 * HTTP client of the football-data.org v4 API: the five requests Palpite makes, each behind the
 * injected rate limiter, with the token in the X-Auth-Token header, retries after 429, and typed
 * errors. It returns the API's payloads, validated; map.ts, standings.ts, teams.ts and
 * competitions.ts turn them into Palpite's shapes.
 *
 * Sources: endpoints and filters https://www.football-data.org/documentation/quickstart; the
 * X-Auth-Token header in every example of https://docs.football-data.org/general/v4/match.html;
 * throttling (10 requests a minute on the free plan)
 * https://docs.football-data.org/general/v4/policies.html; X-RequestCounter-Reset, sent with every
 * response, holds the seconds until the per-minute counter starts again.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import type { RateLimiter } from './limiter';
import {
  competitionListSchema,
  competitionSchema,
  matchListSchema,
  standingsSchema,
  teamListSchema,
  type FdCompetition,
  type FdCompetitionList,
  type FdMatchList,
  type FdStandings,
  type FdTeamList,
} from './payloads';
import { ProviderError } from './provider-error';

/** The API's own address (env FOOTBALL_DATA_URL defaults to it). */
export const DEFAULT_FOOTBALL_DATA_URL = 'https://api.football-data.org/v4';

/** Wait after a 429 that says nothing of when to retry: a minute, the length of the API's counter. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Options of FootballDataClient. */
export interface FootballDataClientOptions {
  /** The API token (env FOOTBALL_DATA_TOKEN, read by the caller); sent as X-Auth-Token, never logged. */
  token: string;
  /** Base address; default DEFAULT_FOOTBALL_DATA_URL. A mirror or a local stand-in may serve the API. */
  baseUrl?: string;
  /** Asked before every request, retries included. */
  limiter: RateLimiter;
  /** The fetch function; default the global fetch. */
  fetch?: typeof fetch;
  /** Waits the given milliseconds (after a 429); default a timer. Tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after a 429 before giving up; default 3. */
  maxRetries?: number;
  /**
   * The longest wait after a 429, in seconds; default 90. When the API asks for more (the daily
   * quota of an unregistered client, say), the client gives up at once instead of sleeping.
   */
  maxWaitSeconds?: number;
  /** Per-request timeout in milliseconds; default 30 000. */
  timeoutMs?: number;
}

const CODE = /^[A-Z0-9]{2,10}$/;

/**
 * Reads football-data.org v4. Every method resolves to the validated payload or rejects with a
 * ProviderError: HTTP status for a refused request (after up to `maxRetries` retries of a 429), null
 * for a network error or timeout; its message never contains the token.
 */
export class FootballDataClient {
  private readonly token: string;
  private readonly baseUrl: string;
  private readonly limiter: RateLimiter;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly maxWaitSeconds: number;
  private readonly timeoutMs: number;

  /** @throws RangeError for an empty token or a base address that is not http(s). */
  constructor(options: FootballDataClientOptions) {
    if (!options.token.trim()) throw new RangeError('football-data.org needs a token (FOOTBALL_DATA_TOKEN)');
    const baseUrl = (options.baseUrl ?? DEFAULT_FOOTBALL_DATA_URL).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/i.test(baseUrl)) throw new RangeError(`football-data.org base address "${baseUrl}" is not an http(s) address`);
    this.token = options.token;
    this.baseUrl = baseUrl;
    this.limiter = options.limiter;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms: number) => delay(ms));
    this.maxRetries = options.maxRetries ?? 3;
    this.maxWaitSeconds = options.maxWaitSeconds ?? 90;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** GET /competitions: every competition the API offers (code, name, area, current season, type). */
  listCompetitions(): Promise<FdCompetitionList> {
    return this.get('/competitions', competitionListSchema);
  }

  /**
   * GET /competitions/{code}: one competition with its current and past seasons.
   * @param code the competition's code ("PL", "WC", "CL", "BSA"…).
   * @throws RangeError for a code that is not 2–10 letters or digits.
   */
  getCompetition(code: string): Promise<FdCompetition> {
    return this.get(`/competitions/${checkCode(code)}`, competitionSchema);
  }

  /**
   * GET /competitions/{code}/teams[?season=YYYY]: the teams of a season (default: the current one).
   * @param season the year the season starts in (2025 for 2025-26).
   * @throws RangeError for a bad code or season.
   */
  getTeams(code: string, season?: number): Promise<FdTeamList> {
    return this.get(`/competitions/${checkCode(code)}/teams${seasonQuery(season)}`, teamListSchema);
  }

  /**
   * GET /competitions/{code}/matches[?season=YYYY]: every match of a season (default: the current one).
   * @param season the year the season starts in (2025 for 2025-26).
   * @throws RangeError for a bad code or season.
   */
  getMatches(code: string, season?: number): Promise<FdMatchList> {
    return this.get(`/competitions/${checkCode(code)}/matches${seasonQuery(season)}`, matchListSchema);
  }

  /**
   * GET /competitions/{code}/standings[?season=YYYY]: the tables of a season (default: the current one).
   * @param season the year the season starts in (2025 for 2025-26).
   * @throws RangeError for a bad code or season.
   */
  getStandings(code: string, season?: number): Promise<FdStandings> {
    return this.get(`/competitions/${checkCode(code)}/standings${seasonQuery(season)}`, standingsSchema);
  }

  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      await this.limiter.acquire();
      let response: Response;
      try {
        response = await this.fetch(`${this.baseUrl}${path}`, {
          headers: { 'X-Auth-Token': this.token, Accept: 'application/json' },
          // A redirect would carry the token to another address: refused (the API does not redirect).
          redirect: 'error',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : describe(error);
        throw new ProviderError(this.hide(`football-data.org GET ${path}: ${reason}`), null, path, null, { cause: error });
      }

      if (response.status === 429) {
        await response.body?.cancel();
        const wait = retryAfterSeconds(response.headers);
        if (attempt >= this.maxRetries) {
          throw new ProviderError(`football-data.org GET ${path}: still rate limited (HTTP 429) after ${this.maxRetries} retries`, 429, path, wait);
        }
        if (wait > this.maxWaitSeconds) {
          throw new ProviderError(
            `football-data.org GET ${path}: rate limited (HTTP 429) for ${wait} s, longer than the ${this.maxWaitSeconds} s this client waits`,
            429,
            path,
            wait,
          );
        }
        await this.limiter.blockUntil?.(new Date(Date.now() + wait * 1000));
        await this.sleep(wait * 1000);
        continue;
      }

      if (!response.ok) {
        const detail = await apiMessage(response);
        throw new ProviderError(this.hide(`football-data.org GET ${path}: HTTP ${response.status}${detail ? `: ${detail}` : ''}`), response.status, path);
      }

      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ProviderError(`football-data.org GET ${path}: the answer is not JSON`, response.status, path);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.map(String).join('.') || 'document';
        throw new ProviderError(
          this.hide(`football-data.org GET ${path}: unexpected answer: ${where} ${issue?.message ?? 'is invalid'}`),
          response.status,
          path,
        );
      }
      return parsed.data;
    }
  }

  /** The text with every occurrence of the token masked (an API or network message may quote it). */
  private hide(text: string): string {
    return text.split(this.token).join('***');
  }
}

/**
 * Seconds to wait after a 429: X-RequestCounter-Reset (football-data.org), else Retry-After (seconds,
 * as a mirror may send), else DEFAULT_RETRY_AFTER_SECONDS.
 */
function retryAfterSeconds(headers: Headers): number {
  for (const name of ['X-RequestCounter-Reset', 'Retry-After']) {
    const value = headers.get(name)?.trim();
    if (value && /^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

/** The API's error message ({"message": "…", "errorCode": 403}), shortened; '' when there is none. */
async function apiMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let message = text;
  try {
    const json = JSON.parse(text) as { message?: unknown };
    if (typeof json.message === 'string') message = json.message;
  } catch {
    // not JSON: keep the text
  }
  message = message.replace(/\s+/g, ' ').trim();
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'request failed';
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

function checkCode(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!CODE.test(upper)) throw new RangeError(`"${code}" is not a football-data.org competition code (PL, WC, CL, BSA…)`);
  return upper;
}

function seasonQuery(season: number | undefined): string {
  if (season === undefined) return '';
  if (!Number.isInteger(season) || season < 1870 || season > 2999) throw new RangeError(`season ${season} is not a year`);
  return `?season=${season}`;
}
