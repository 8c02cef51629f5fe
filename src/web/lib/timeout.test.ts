import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from './timeout';

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it("gives up after the limit with the specification's message and aborts the call", async () => {
    vi.useFakeTimers();
    let aborted = false;
    const call = withTimeout(15_000, 'Auth session fetch timed out', (signal) => new Promise<never>(() => {
      signal.addEventListener('abort', () => { aborted = true; });
    }));
    const outcome = expect(call).rejects.toEqual(new TimeoutError('Auth session fetch timed out'));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(aborted).toBe(true);
  });

  it('returns what the call returns in time, and passes its failures on', async () => {
    await expect(withTimeout(20_000, 'Profile fetch timed out', async () => 'profile')).resolves.toBe('profile');
    await expect(withTimeout(20_000, 'Profile fetch timed out', async () => { throw new Error('HTTP 500'); })).rejects.toThrow('HTTP 500');
  });
});
