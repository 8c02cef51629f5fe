import { describe, expect, it } from 'vitest';
import { createMemoryLimiter } from './limiter';

/** A clock that only moves when the limiter sleeps. */
function fakeTime(start = 1_000_000) {
  let time = start;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
    advance: (ms: number) => {
      time += ms;
    },
    sleeps,
  };
}

describe('createMemoryLimiter', () => {
  it('lets 10 requests through at once, then one every 6 s (10 a minute)', async () => {
    const clock = fakeTime();
    const limiter = createMemoryLimiter({ now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 10; i += 1) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.sleeps).toEqual([6000, 6000]);
  });

  it('refills with time: after a quiet minute the whole burst is back', async () => {
    const clock = fakeTime();
    const limiter = createMemoryLimiter({ requestsPerMinute: 3, now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 3; i += 1) await limiter.acquire();
    clock.advance(60_000);
    for (let i = 0; i < 3; i += 1) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
  });

  it('serves concurrent callers one at a time, in order', async () => {
    const clock = fakeTime();
    const limiter = createMemoryLimiter({ requestsPerMinute: 2, now: clock.now, sleep: clock.sleep });
    const served: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => limiter.acquire().then(() => served.push(i))));
    expect(served).toEqual([0, 1, 2, 3]);
    expect(clock.sleeps).toEqual([30_000, 30_000]);
  });

  it('blockUntil holds every caller until that instant, then the bucket refills from there', async () => {
    const clock = fakeTime();
    const limiter = createMemoryLimiter({ now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    await limiter.blockUntil?.(new Date(clock.now() + 27_000));
    await limiter.acquire();
    expect(clock.sleeps).toEqual([27_000]);
  });

  it('rejects a rate that is not positive', () => {
    expect(() => createMemoryLimiter({ requestsPerMinute: 0 })).toThrow(RangeError);
  });
});
