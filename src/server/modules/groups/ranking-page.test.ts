import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RANKING_PAGE_SIZE, rankingResponse, type RankingRow } from '../../../contracts/groups';
import { rankingPageEncoded, rankingPageJson, rankingRowOf } from './ranking-page';

const row = (i: number): RankingRow => ({
  rank: i, userId: `u${i}`, username: `member_${i}`, avatarUrl: `/api/users/u${i}/avatar`,
  points: 200 - i, exact: 1, goalDifference: 2, winner: 3, opposite: 0, predictions: 10, bonus: 0, jokers: 0, movement: 0,
});

describe('rankingPageJson', () => {
  const rows = Array.from({ length: 120 }, (_, i) => row(i + 1));
  const ranking = { rows, liveMatches: 0 };

  it('answers the contract: a page of 50, my row and the last row on the first page when they are off it', () => {
    const body = rankingResponse.parse(JSON.parse(rankingPageJson(ranking, 1, 'u77')));
    expect(body.ranking).toHaveLength(RANKING_PAGE_SIZE);
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: 120, me: { userId: 'u77' }, last: { userId: 'u120' }, liveMatches: 0 });
    expect(JSON.parse(rankingPageJson({ rows, liveMatches: 2 }, 1, 'u77')).liveMatches).toBe(2);
    expect(JSON.parse(rankingPageJson(ranking, 1, 'u3'))).toMatchObject({ me: null, last: { userId: 'u120' } });
  });

  it('serves later pages without me and last, and the same text twice', () => {
    const third = JSON.parse(rankingPageJson(ranking, 3, 'u77'));
    expect(third.ranking.map((r: RankingRow) => r.userId)).toEqual(rows.slice(100).map((r) => r.userId));
    expect(third).toMatchObject({ me: null, last: null });
    expect(rankingPageJson(ranking, 3, 'u77')).toBe(rankingPageJson(ranking, 3, 'u77'));
  });

  it('refuses rows that break the contract: on the page, and my row or the last row sent beside it', () => {
    expect(() => rankingPageJson({ rows: [{ ...row(1), points: 1.5 }], liveMatches: 0 }, 1, 'u1')).toThrow();
    const broken = (at: number) => ({ rows: rows.map((r, i) => (i === at ? { ...r, points: 1.5 } : r)), liveMatches: 0 });
    expect(() => rankingPageJson(broken(60), 2, 'u1')).toThrow(); // on page 2
    expect(() => rankingPageJson(broken(76), 1, 'u77')).toThrow(); // my row, off page 1
    expect(() => rankingPageJson(broken(119), 1, 'u1')).toThrow(); // the last row, off page 1
    // A page that sends no broken row is served.
    expect(JSON.parse(rankingPageJson(broken(60), 1, 'u1')).ranking).toHaveLength(RANKING_PAGE_SIZE);
  });

  it("finds a member's row (the membership check of a cached ranking), and nobody else's", () => {
    expect(rankingRowOf(ranking, 'u77')).toBe(rows[76]);
    expect(rankingRowOf(ranking, 'u121')).toBeUndefined();
    // Another ranking (a refresh) has its own index: someone who left is not found in it.
    const refreshed = { rows: rows.filter((r) => r.userId !== 'u77'), liveMatches: 0 };
    expect(rankingRowOf(refreshed, 'u77')).toBeUndefined();
    expect(rankingRowOf(refreshed, 'u78')).toBe(rows[77]);
  });
});

describe('rankingPageEncoded', () => {
  const rows = Array.from({ length: 120 }, (_, i) => row(i + 1));
  const ranking = { rows, liveMatches: 0 };
  const chromium = 'gzip, deflate, br, zstd';

  it("compresses the page as the client prefers (brotli, else gzip, else none), to the same JSON", () => {
    const br = rankingPageEncoded(ranking, 1, 'u77', chromium);
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(rankingPageJson(ranking, 1, 'u77'));
    const gzip = rankingPageEncoded(ranking, 1, 'u77', 'gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(rankingPageJson(ranking, 1, 'u77'));
    expect(rankingPageEncoded(ranking, 1, 'u77', 'br;q=0, gzip;q=0.5').encoding).toBe('gzip');
    expect(rankingPageEncoded(ranking, 1, 'u77', undefined)).toEqual({ body: rankingPageJson(ranking, 1, 'u77'), encoding: null });
    expect(rankingPageEncoded(ranking, 1, 'u77', 'identity')).toEqual({ body: rankingPageJson(ranking, 1, 'u77'), encoding: null });
  });

  it('compresses each variant once per ranking: the same bytes for every reader of it, their own for an off-page viewer', () => {
    const first = rankingPageEncoded(ranking, 2, 'u1', chromium).body;
    expect(rankingPageEncoded(ranking, 2, 'u99', chromium).body).toBe(first);
    // On page 1, readers on it share one answer; one below it gets their own row in theirs.
    expect(rankingPageEncoded(ranking, 1, 'u3', chromium).body).toBe(rankingPageEncoded(ranking, 1, 'u4', chromium).body);
    const mine = rankingPageEncoded(ranking, 1, 'u77', chromium).body as Buffer;
    expect(mine).not.toBe(rankingPageEncoded(ranking, 1, 'u3', chromium).body);
    expect(JSON.parse(brotliDecompressSync(mine).toString()).me.userId).toBe('u77');
    // A refreshed ranking (new rows) is compressed anew, and live matches are part of the answer.
    const refreshed = { rows: [...rows], liveMatches: 1 };
    expect(JSON.parse(brotliDecompressSync(rankingPageEncoded(refreshed, 2, 'u1', chromium).body as Buffer).toString()).liveMatches).toBe(1);
    expect(JSON.parse(brotliDecompressSync(rankingPageEncoded({ rows, liveMatches: 3 }, 2, 'u1', chromium).body as Buffer).toString()).liveMatches).toBe(3);
  });
});
