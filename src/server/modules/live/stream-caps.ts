/**
 * How many event streams one account and one client address may hold open on this instance at once
 * (LIVE_STREAMS_PER_ACCOUNT, LIVE_STREAMS_PER_ADDRESS in env.ts). Every open stream holds a socket, a
 * heartbeat timer and a place in the hub for as long as the page stays open, so without a cap one account
 * (or a script with its cookie) could pin an instance's memory and file descriptors.
 *
 * The per-account cap is the real guard: a person with a phone, a tablet and a few tabs needs a handful
 * (every page opens one stream). The per-address cap is far higher, since a household, an office or a
 * school shares one public address; it only bounds what many accounts from one place can hold together.
 * The address is Fastify's `request.ip`, which honours TRUST_PROXY: behind a reverse proxy TRUST_PROXY
 * does not name, every client shares the proxy's address, so the address cap must then be off (0) or
 * above what one instance serves. An IPv6 address counts as it is (a host with many addresses has many
 * budgets; the account cap still holds).
 *
 * Counted per instance, in memory: with several instances behind a load balancer an account may hold up
 * to the cap on each. That is enough to protect an instance, which is what the cap is for.
 */
import { AppError } from '../../errors';

/** The caps: streams at once per account, and per client address (0: no cap by address). */
export interface StreamCapLimits {
  perAccount: number;
  perAddress: number;
}

/** A stream let in (call `release` when it closes; calling it again does nothing), or the cap that refused it. */
export type StreamSlot = { ok: true; release: () => void } | { ok: false; cap: 'account' | 'address' };

/** This instance's count of open streams by account and by address. */
export interface StreamCaps {
  /** Takes a slot for a stream of `userId` from `address` when both have room; takes nothing otherwise. */
  take(userId: string, address: string): StreamSlot;
}

/** Creates an empty count with these caps. */
export function createStreamCaps(limits: StreamCapLimits): StreamCaps {
  const byAccount = new Map<string, number>();
  const byAddress = new Map<string, number>();
  // Entries at zero are deleted, so the maps hold only who has a stream open now.
  const add = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    take(userId, address) {
      if ((byAccount.get(userId) ?? 0) >= limits.perAccount) return { ok: false, cap: 'account' };
      if (limits.perAddress > 0 && (byAddress.get(address) ?? 0) >= limits.perAddress) return { ok: false, cap: 'address' };
      add(byAccount, userId, 1);
      add(byAddress, address, 1);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          add(byAccount, userId, -1);
          add(byAddress, address, -1);
        },
      };
    },
  };
}

/**
 * Seconds a refused client is asked to wait (Retry-After). A browser's EventSource ignores it; our page
 * reconnects on its own backoff, 1, 2, 5, then every 10 s (src/web/features/live/live-match.ts).
 */
export const STREAM_CAP_RETRY_AFTER_S = 10;

/** The 429 of a stream over a cap, in the app's error shape (`rate_limited`). */
export function tooManyStreams(cap: 'account' | 'address'): AppError {
  return new AppError(429, 'rate_limited', cap === 'account'
    ? 'Too many live pages are open for this account; close a few tabs and try again.'
    : 'Too many live pages are open from this network address; try again shortly.');
}
