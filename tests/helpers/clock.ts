/**
 * Waiting on the wall clock for tests of limits counted in fixed one-minute windows.
 */

/**
 * Waits, when fewer than 20 s are left in the current clock minute, for the next one: the rate limits
 * count in windows aligned to the clock (src/server/http/shared-rate-limit.ts), and requests that straddle
 * a window's end start counting again in the next (a failure seen in CI).
 */
export async function startOfFreshMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
