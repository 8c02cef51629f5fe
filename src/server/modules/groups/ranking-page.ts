/**
 * The body of GET /api/groups/:groupId/ranking as JSON text, built from a cached ranking without
 * validating and serialising its rows on every request: each row a page sends is checked against the
 * contract (rankingRow) once, and each page's rows are serialised once, for as long as that ranking is
 * cached (ranking-cache.ts). Only the viewer's own row and the last row are serialised per request. The
 * rows no page has sent yet are not checked: checking a 10,000-member ranking whole cost its first read
 * ~10 ms.
 * Compressed as browsers ask (brotli, else gzip), each page once per cached ranking and variant
 * (`rankingPageEncoded`): compressing on every read cost more than the rest of the request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { z } from 'zod';
import { RANKING_PAGE_SIZE, rankingRow, type RankingRow } from '../../../contracts/groups';
import type { GroupRanking } from './ranking';

/** Rows checked against the contract: a page's rows when the page is first made, and off-page rows sent. */
const checked = new WeakSet<RankingRow>();
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
  return pageParts(ranking, page, viewerId).json;
}

/** The page's JSON and what it varies by: the page, and (page 1 only) whose off-page row it carries. */
function pageParts(ranking: GroupRanking, page: number, viewerId: string): { json: string; variant: string } {
  const rows = ranking.rows;
  let cache = pages.get(rows);
  if (!cache) pages.set(rows, (cache = new Map()));
  const start = (page - 1) * RANKING_PAGE_SIZE;
  const slice = rows.slice(start, start + RANKING_PAGE_SIZE);
  let sliceJson = cache.get(page);
  if (sliceJson === undefined) {
    rowsSchema.parse(slice);
    for (const row of slice) checked.add(row);
    cache.set(page, (sliceJson = JSON.stringify(slice)));
  }
  /** `row` when page 1 sends it apart (off the page), checked against the contract; else null. */
  const offPage = (row: RankingRow | undefined) => {
    if (page !== 1 || !row || slice.includes(row)) return null;
    if (!checked.has(row)) {
      rankingRow.parse(row);
      checked.add(row);
    }
    return row;
  };
  const me = offPage(rankingRowOf(ranking, viewerId));
  const last = offPage(rows.at(-1));
  return {
    json: `{"ranking":${sliceJson},"page":${page},"pageSize":${RANKING_PAGE_SIZE},"total":${rows.length},"me":${JSON.stringify(me)},"last":${JSON.stringify(last)},"liveMatches":${ranking.liveMatches}}`,
    variant: `${page}:${me?.userId ?? ''}:${ranking.liveMatches}`,
  };
}

/** A content coding this route sends: brotli, or gzip for a client without it. */
export type RankingEncoding = 'br' | 'gzip';
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });
/** Compressed variants kept per cached ranking: at most this many (a page each, and page 1 per off-page viewer), then started again. */
const MAX_ENCODED_VARIANTS = 2_000;
const encodedPages = new WeakMap<readonly RankingRow[], Map<string, Buffer>>();
const compress: Record<RankingEncoding, (json: string) => Buffer> = {
  // Quality 4 (as @fastify/compress's default): within 10 % of the best size at a fraction of its time.
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) } }),
  gzip: (json) => gzipSync(json),
};

/**
 * The page as `rankingPageJson` makes it, compressed with the coding `acceptEncoding` (an Accept-Encoding
 * header) prefers among brotli and gzip: compressed once per cached ranking and variant, then the same
 * bytes for every read of it. `encoding` null: the client takes neither, `body` is the JSON text.
 * @throws ZodError as rankingPageJson.
 */
export function rankingPageEncoded(ranking: GroupRanking, page: number, viewerId: string, acceptEncoding: string | undefined): { body: string | Buffer; encoding: RankingEncoding | null } {
  const { json, variant } = pageParts(ranking, page, viewerId);
  const encoding = acceptEncoding ? negotiator.negotiate(acceptEncoding) as RankingEncoding | null : null;
  if (!encoding) return { body: json, encoding: null };
  let cache = encodedPages.get(ranking.rows);
  if (!cache) encodedPages.set(ranking.rows, (cache = new Map()));
  const key = `${encoding}|${variant}`;
  let body = cache.get(key);
  if (!body) {
    if (cache.size >= MAX_ENCODED_VARIANTS) cache.clear();
    cache.set(key, (body = compress[encoding](json)));
  }
  return { body, encoding };
}
