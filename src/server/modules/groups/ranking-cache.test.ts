import { describe, expect, it } from 'vitest';
import type { RankingRow } from '../../../contracts/groups';
import type { GroupRanking } from './ranking';
import type { Conn } from '../../db/client';
import { createGroupCache, createRankingCache } from './ranking-cache';

const db = {} as Conn;

/** A loader counting its calls, answering a ranking named after the group and the call. */
function loader() {
  const calls: string[] = [];
  let fail = false;
  return {
    calls,
    failNext: () => { fail = true; },
    load: async (_db: Conn, groupId: string): Promise<GroupRanking> => {
      calls.push(groupId);
      if (fail) { fail = false; throw new Error('database gone'); }
      return { rows: [{ rank: calls.length, userId: groupId } as unknown as RankingRow], liveMatches: 0 };
    },
  };
}

describe('createRankingCache', () => {
  it('reuses a ranking for its time to live, then serves it while one refresh runs, started after it is served', async () => {
    let clock = 0;
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => clock, load: source.load });
    const first = await cache.get(db, 'g1');
    clock = 999;
    expect(await cache.get(db, 'g1')).toBe(first);
    clock = 1_000;
    const stale = cache.get(db, 'g1'); // stale, served at once
    const again = cache.get(db, 'g1'); // the refresh is already asked for: no second one
    expect(await stale).toBe(first);
    expect(await again).toBe(first);
    // Answered without the refresh having begun (on the embedded database it would hold the thread).
    expect(source.calls).toEqual(['g1']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get(db, 'g1')).rows[0]!.rank).toBe(2);
    expect(source.calls).toEqual(['g1', 'g1']);
  });

  it('never serves a ranking from before an invalidation, however young', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    await cache.get(db, 'g1');
    cache.invalidate();
    expect(cache.peek('g1')).toBeUndefined();
    expect((await cache.get(db, 'g1')).rows[0]!.rank).toBe(2);
  });

  it('keeps the last values as bases across changes of live scores alone, never across another change', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    const [g1, g2] = [await cache.get(db, 'g1'), await cache.get(db, 'G2')];
    expect(cache.base('g1')).toBe(g1);
    // A goal: not current any more, but kept as bases (a uuid in capitals names the same group).
    cache.invalidate(undefined, 'live');
    expect(cache.peek('g1')).toBeUndefined();
    expect(cache.current('g1')).toBe(false);
    expect(cache.base('g1')).toBe(g1);
    expect(cache.base('g2')).toBe(g2);
    cache.invalidate(undefined, 'live');
    expect(cache.base('G1')).toBe(g1);
    // A read computes the group again: the value it replaces stays its base until the new one is known.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let loads = 0;
    const slow = createRankingCache({ ttlMs: 1_000, now: () => 0, load: async (conn, id) => { if (loads++ > 0) await gate; return source.load(conn, id); } });
    const before = await slow.get(db, 'slow');
    slow.invalidate(undefined, 'live');
    const again = slow.get(db, 'slow');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slow.current('slow')).toBe(true); // being computed
    expect(slow.base('slow')).toBe(before);
    release();
    const after = await again;
    expect(after).not.toBe(before);
    expect(slow.base('slow')).toBe(after);
    // A change of one group: that group has no base, the others keep theirs, through later live changes too.
    cache.invalidate('g2');
    expect(cache.base('g2')).toBeUndefined();
    cache.invalidate(undefined, 'live');
    expect(cache.base('g1')).toBe(g1);
    expect(cache.base('g2')).toBeUndefined();
    const g2Again = await cache.get(db, 'g2');
    expect(cache.base('g2')).toBe(g2Again);
    // A change of anything: no bases, and a value whose computation began before it is none either.
    let late!: () => void;
    const lateLoad = new Promise<void>((resolve) => { late = resolve; });
    const racing = createRankingCache({ ttlMs: 1_000, now: () => 0, load: async (conn, id) => { await lateLoad; return source.load(conn, id); } });
    const pending = racing.get(db, 'r1');
    racing.invalidate();
    late();
    await pending;
    expect(racing.base('r1')).toBeUndefined();
    cache.invalidate();
    expect(cache.base('g1')).toBeUndefined();
    expect(cache.base('g2')).toBeUndefined();
    // A live change of one group is a change of that group.
    const g1Again = await cache.get(db, 'g1');
    cache.invalidate('g1', 'live');
    expect(cache.base('g1')).toBeUndefined();
    expect(g1Again).not.toBe(g1);
  });

  it('offers no base computed before a change other than a live one, even where values outlive changes (keepAfterChange)', async () => {
    const source = loader();
    const cache = createGroupCache({ ttlMs: 1_000, now: () => 0, load: source.load, keepAfterChange: () => true });
    const first = await cache.get(db, 'g1');
    await cache.get(db, 'g2');
    cache.invalidate(undefined, 'live');
    expect(cache.base('g1')).toBe(first);
    cache.invalidate('g1');
    // Kept to be served while its refresh runs, but no base: the group changed.
    expect(cache.base('g1')).toBeUndefined();
    expect(cache.base('g2')).toBeDefined();
    cache.invalidate();
    expect(cache.base('g2')).toBeUndefined();
    expect(await cache.get(db, 'g2')).not.toBeUndefined(); // served as it was, refreshed in the background
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const refreshed = await cache.get(db, 'g2');
    expect(source.calls.filter((id) => id === 'g2')).toHaveLength(2);
    expect(cache.base('g2')).toBe(refreshed);
  });

  it('shares one statement between concurrent reads of a group, not between groups', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    await Promise.all([cache.get(db, 'g1'), cache.get(db, 'g1'), cache.get(db, 'g2'), cache.get(db, 'g1')]);
    expect(source.calls).toEqual(['g1', 'g2']);
  });

  it('forgets everything when invalidated, also a statement still running', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    const running = cache.get(db, 'g1');
    cache.invalidate();
    await running;
    await cache.get(db, 'g1');
    expect(source.calls).toEqual(['g1', 'g1']);
  });

  it('drops a refresh asked for before a change that comes before it starts (another connection may be due)', async () => {
    const loads: string[] = [];
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true,
      load: async (on) => {
        const source = (on as unknown as { name: string }).name;
        loads.push(source);
        return `from ${source}`;
      },
    });
    const replica = { name: 'replica' } as unknown as Conn;
    const primary = { name: 'primary' } as unknown as Conn;
    expect(await cache.get(replica, 'g')).toBe('from replica');
    cache.invalidate();
    expect(await cache.get(replica, 'g')).toBe('from replica'); // kept, a refresh asked for on the replica
    cache.invalidate(); // a write: reads now go to the primary for a while
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toEqual(['replica']); // the replica refresh never ran
    expect(await cache.get(primary, 'g')).toBe('from replica'); // served while its own refresh runs
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(primary, 'g')).toBe('from primary');
    expect(loads).toEqual(['replica', 'primary']);
  });

  it('does not keep a failure', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    source.failNext();
    await expect(cache.get(db, 'g1')).rejects.toThrow('database gone');
    expect((await cache.get(db, 'g1')).rows[0]!.rank).toBe(2);
  });

  it('keeps at most maxEntries groups, dropping the oldest', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, maxEntries: 2, now: () => 0, load: source.load });
    for (const group of ['g1', 'g2', 'g3', 'g3', 'g2', 'g1']) await cache.get(db, group);
    expect(source.calls).toEqual(['g1', 'g2', 'g3', 'g1']);
  });

  it('peeks without ever computing', async () => {
    let clock = 0;
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => clock, load: source.load });
    expect(cache.peek('g1')).toBeUndefined();
    const rows = await cache.get(db, 'g1');
    await expect(cache.peek('g1')).resolves.toBe(rows);
    clock = 1_999;
    await expect(cache.peek('g1')).resolves.toBe(rows);
    clock = 2_000;
    expect(cache.peek('g1')).toBeUndefined();
    expect(source.calls).toEqual(['g1']);
  });

  it('computes every read when turned off', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 0, load: source.load });
    await cache.get(db, 'g1');
    await cache.get(db, 'g1');
    expect(source.calls).toHaveLength(2);
  });

  it('after a change, serves a costly group’s last value while one refresh runs, and computes others at once', async () => {
    let calls = 0;
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: (value) => value.startsWith('slow'),
      load: async (_db, groupId) => {
        calls += 1;
        return `${groupId}-${calls}`;
      },
    });
    expect(await cache.get(db, 'slow')).toBe('slow-1');
    expect(await cache.get(db, 'quick')).toBe('quick-2');
    cache.invalidate();
    expect(cache.peek('slow')).toBeUndefined(); // never offered as current
    expect(await cache.get(db, 'quick')).toBe('quick-3'); // quick: computed at once
    const served = cache.get(db, 'slow');
    const again = cache.get(db, 'slow');
    expect(await served).toBe('slow-1'); // slow: its last value, while one refresh runs
    expect(await again).toBe('slow-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(db, 'slow')).toBe('slow-4');
    expect(calls).toBe(4);
  });

  it('forgets one group when that group changed, keeping the others; a change of all still forgets every one', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    await Promise.all([cache.get(db, 'g1'), cache.get(db, 'g2')]);
    const running = cache.get(db, 'g3'); // computed before its change: never kept as current
    cache.invalidate('g1');
    cache.invalidate('g3');
    await running;
    expect(cache.peek('g1')).toBeUndefined();
    expect(cache.peek('g2')).toBeDefined();
    expect(cache.peek('g3')).toBeUndefined();
    await Promise.all([cache.get(db, 'g1'), cache.get(db, 'g2'), cache.get(db, 'g3')]);
    expect(source.calls).toEqual(['g1', 'g2', 'g3', 'g1', 'g3']);
    cache.invalidate('g1'); // a second change of the same group: its new value goes too
    expect(cache.peek('g1')).toBeUndefined();
    cache.invalidate();
    expect([cache.peek('g2'), cache.peek('g3')]).toEqual([undefined, undefined]);
  });

  it('drops a costly group’s refresh that started before that group changed, not one of another group', async () => {
    const releases = new Map<string, () => void>();
    const calls: string[] = [];
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true,
      load: async (_db, groupId) => {
        calls.push(groupId);
        const n = calls.filter((id) => id === groupId).length;
        if (n === 2) await new Promise<void>((resolve) => { releases.set(groupId, resolve); });
        return `${groupId}-${n}`;
      },
    });
    expect([await cache.get(db, 'a'), await cache.get(db, 'b')]).toEqual(['a-1', 'b-1']);
    cache.invalidate();
    expect([await cache.get(db, 'a'), await cache.get(db, 'b')]).toEqual(['a-1', 'b-1']); // refreshes start next turn
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate('a'); // a's refresh is overtaken; b's is not
    releases.get('a')!();
    releases.get('b')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(db, 'b')).toBe('b-2');
    expect(await cache.get(db, 'a')).toBe('a-1'); // not a-2: a refresh of its own starts
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(db, 'a')).toBe('a-3');
  });

  it('keys groups by their id in lower case: a uuid in capitals reads and drops the same entry', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const first = await cache.get(db, id);
    expect(await cache.get(db, id.toUpperCase())).toBe(first);
    cache.invalidate(id.toUpperCase());
    expect(cache.peek(id)).toBeUndefined();
    await cache.get(db, id);
    expect(source.calls).toEqual([id, id]);
  });

  it('counts ten thousand groups changed one by one as a change of all (what it remembers stays small)', async () => {
    const source = loader();
    const cache = createRankingCache({ ttlMs: 1_000, now: () => 0, load: source.load });
    await cache.get(db, 'kept');
    for (let i = 0; i < 10_000; i++) cache.invalidate(`other-${i}`);
    expect(cache.peek('kept')).toBeDefined();
    cache.invalidate('one-more');
    expect(cache.peek('kept')).toBeUndefined();
  });

  it('drops a refresh that started before another change', async () => {
    let release: (() => void) | undefined;
    let calls = 0;
    const cache = createGroupCache({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true,
      load: async () => {
        calls += 1;
        if (calls === 2) await new Promise<void>((resolve) => { release = resolve; });
        return calls;
      },
    });
    expect(await cache.get(db, 'g')).toBe(1);
    cache.invalidate();
    expect(await cache.get(db, 'g')).toBe(1); // refresh 2 starts on the next turn
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate(); // a second change while it runs
    release!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(db, 'g')).toBe(1); // refresh 2 was not kept; refresh 3 starts
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(db, 'g')).toBe(3);
  });
});

describe('createGroupCache with a store (the stats page of large groups)', () => {
  /**
   * A store in memory that records its writes; `failReads` makes every read fail; `readMs` delays reads
   * (a database read takes longer than a turn of the event loop).
   */
  function memoryStore(initial: Record<string, string> = {}, failReads = false, readMs = 0) {
    const values = new Map(Object.entries(initial));
    const writes: string[] = [];
    const errors: unknown[] = [];
    return {
      values, writes, errors,
      store: {
        read: async (groupId: string) => {
          if (readMs > 0) await new Promise((resolve) => setTimeout(resolve, readMs));
          if (failReads) throw new Error('store gone');
          return values.get(groupId);
        },
        write: async (groupId: string, value: string) => {
          writes.push(`${groupId}=${value}`);
          values.set(groupId, value);
        },
        onError: (error: unknown) => { errors.push(error); },
      },
    };
  }
  /** A cache whose costly values start with 'big', computing `${groupId} big|small #call`. */
  function cacheOver(stored: ReturnType<typeof memoryStore>['store'], size: 'big' | 'small' = 'big') {
    const loads: string[] = [];
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: (value) => value.includes('big'), stored,
      load: async (_db, groupId) => {
        loads.push(groupId);
        return `${groupId} ${size} #${loads.length}`;
      },
    });
    return { cache, loads };
  }
  const turns = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('serves the stored value to an instance that has none in memory, while one refresh runs, and stores the refreshed one', async () => {
    const memory = memoryStore({ g: 'g big (stored)' });
    const { cache, loads } = cacheOver(memory.store);
    const [first, second] = await Promise.all([cache.get(db, 'g'), cache.get(db, 'g')]);
    expect([first, second]).toEqual(['g big (stored)', 'g big (stored)']);
    expect(loads).toEqual([]); // answered before any computation
    await turns();
    expect(loads).toEqual(['g']); // one refresh for both reads
    expect(await cache.get(db, 'g')).toBe('g big #1');
    expect(memory.writes).toEqual(['g=g big #1']);
  });

  it('computes when nothing is stored, and stores costly values only', async () => {
    const memory = memoryStore();
    const big = cacheOver(memory.store, 'big');
    expect(await big.cache.get(db, 'g')).toBe('g big #1');
    const small = cacheOver(memory.store, 'small');
    expect(await small.cache.get(db, 'h')).toBe('h small #1');
    await turns();
    expect(memory.writes).toEqual(['g=g big #1']);
  });

  it('does not write a value equal to the one it replaces', async () => {
    const memory = memoryStore();
    let calls = 0;
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true, stored: memory.store,
      load: async () => {
        calls += 1;
        return calls <= 2 ? 'big A' : 'big B';
      },
    });
    expect(await cache.get(db, 'g')).toBe('big A');
    cache.invalidate();
    await cache.get(db, 'g'); // served while refresh 2 runs: the same value
    await turns();
    cache.invalidate();
    await cache.get(db, 'g'); // and refresh 3: a new one
    await turns();
    expect(await cache.get(db, 'g')).toBe('big B');
    expect(calls).toBe(3);
    expect(memory.writes).toEqual(['g=big A', 'g=big B']);
  });

  it('does not write a value whose computation a change overtook (a member who left must not come back)', async () => {
    const memory = memoryStore();
    let release: (() => void) | undefined;
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true, stored: memory.store,
      load: async () => {
        await new Promise<void>((resolve) => { release = resolve; });
        return 'big, with the member who left';
      },
    });
    const read = cache.get(db, 'g');
    await turns(); // the store was read (nothing), the computation runs
    cache.invalidate(); // the member leaves meanwhile
    release!();
    expect(await read).toBe('big, with the member who left'); // this read was asked before the change
    await turns();
    expect(memory.writes).toEqual([]);
  });

  it('shares one computation between concurrent first reads when nothing is stored', async () => {
    const memory = memoryStore({}, false, 20); // the store answers in 20 ms, a computation takes 60
    const loads: string[] = [];
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true, stored: memory.store,
      load: async (_db, groupId) => {
        loads.push(groupId);
        await new Promise((resolve) => setTimeout(resolve, 60));
        return `${groupId} big #${loads.length}`;
      },
    });
    const values = await Promise.all([cache.get(db, 'g'), cache.get(db, 'g'), cache.get(db, 'g')]);
    await turns();
    expect(values).toEqual(['g big #1', 'g big #1', 'g big #1']);
    expect(loads).toEqual(['g']);
  });

  it('drops a stored value whose refresh fails, so the next read computes (and shows the failure)', async () => {
    const memory = memoryStore({ g: 'g big (stored)' });
    let fail = true;
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true, stored: memory.store,
      load: async () => {
        if (fail) throw new Error('database gone');
        return 'g big (computed)';
      },
    });
    expect(await cache.get(db, 'g')).toBe('g big (stored)');
    await turns();
    expect(memory.errors).toEqual([new Error('database gone')]);
    await expect(cache.get(db, 'g')).rejects.toThrow('database gone'); // not the stored value again
    fail = false;
    await cache.get(db, 'g'); // the store again, while a refresh runs
    await turns();
    expect(await cache.get(db, 'g')).toBe('g big (computed)');
    expect(memory.values.get('g')).toBe('g big (computed)');
  });

  it('ignores a failure of the error listener itself', async () => {
    const cache = createGroupCache<string>({
      ttlMs: 1_000, now: () => 0, keepAfterChange: () => true,
      stored: {
        read: async () => undefined,
        write: async () => { throw new Error('disk full'); },
        onError: () => { throw new Error('listener broken'); },
      },
      load: async () => 'big',
    });
    expect(await cache.get(db, 'g')).toBe('big');
    await turns(); // an unhandled rejection here would fail the run
  });

  it('computes as without a store when the store fails, and reports it', async () => {
    const memory = memoryStore({ g: 'g big (stored)' }, true);
    const { cache } = cacheOver(memory.store);
    expect(await cache.get(db, 'g')).toBe('g big #1');
    expect(memory.errors).toHaveLength(1);
  });
});
