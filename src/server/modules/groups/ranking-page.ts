/**
 * The body of GET /api/groups/:groupId/ranking as JSON text, built from a cached ranking without
 * validating and serialising its rows on every request: the rows of a ranking are checked against the
 * contract (rankingRow) once, and each page's rows are serialised once, for as long as that ranking is
 * cached (ranking-cache.ts). Only the viewer's own row and the last row are serialised per request.
 */
import { z } from 'zod';
import { RANKING_PAGE_SIZE, rankingRow, type RankingRow } from '../../../contracts/groups';
import type { GroupRanking } from './ranking';

const checked = new WeakSet<readonly RankingRow[]>();
const pages = new WeakMap<readonly RankingRow[], Map<number, string>>();
const byUser = new WeakMap<readonly RankingRow[], Map<string, RankingRow>>();
const rowsSchema = z.array(rankingRow);

/**
 * A member's row of a ranking, or undefined when they are not in it: a lookup in an index built once per
 * cached ranking (a 10,000-member ranking was searched row by row twice a request).
 */
export function rankingRowOf(ranking: GroupRanking, userId: string): RankingRow | undefined {
  let index = byUser.get(ranking.rows);
  if (!index) byUser.set(ranking.rows, (index = new Map(ranking.rows.map((row) => [row.userId, row]))));
  return index.get(userId);
}

/**
 * `{ranking, page, pageSize, total, me, last, liveMatches}` (contracts/groups.ts rankingResponse) as
 * JSON: page `page` (1-based, RANKING_PAGE_SIZE rows) of `ranking`, and on the first page my row and the
 * last row when they are not on it.
 * @throws ZodError when a row breaks the contract (a server bug: answered 500).
 */
export function rankingPageJson(ranking: GroupRanking, page: number, viewerId: string): string {
  const rows = ranking.rows;
  if (!checked.has(rows)) {
    rowsSchema.parse(rows);
    checked.add(rows);
  }
  let cache = pages.get(rows);
  if (!cache) pages.set(rows, (cache = new Map()));
  const start = (page - 1) * RANKING_PAGE_SIZE;
  const slice = rows.slice(start, start + RANKING_PAGE_SIZE);
  let sliceJson = cache.get(page);
  if (sliceJson === undefined) cache.set(page, (sliceJson = JSON.stringify(slice)));
  const offPage = (row: RankingRow | undefined) => (page === 1 && row && !slice.includes(row) ? row : null);
  const me = offPage(rankingRowOf(ranking, viewerId));
  const last = offPage(rows.at(-1));
  return `{"ranking":${sliceJson},"page":${page},"pageSize":${RANKING_PAGE_SIZE},"total":${rows.length},"me":${JSON.stringify(me)},"last":${JSON.stringify(last)},"liveMatches":${ranking.liveMatches}}`;
}
