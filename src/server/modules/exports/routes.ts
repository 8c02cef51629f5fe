/**
 * The group's spreadsheets: GET /api/groups/:groupId/export/ranking.csv (the ranking as served) and
 * GET /api/groups/:groupId/export/predictions.csv (every revealed prediction), members only, sent as a
 * download (text/csv, UTF-8 with a byte-order mark). See service.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportQuery } from '../../../contracts/exports';
import { groupParams } from '../../../contracts/groups';
import type { LanguageCode } from '../../../domain/languages';
import { preferredLanguage } from '../../http/language';
import type { AppContext } from '../../context';
import { requireViewer, type Viewer } from '../../auth/viewer';
import { requireMember } from '../groups/policy';
import { fileName, groupExtras, predictionsCsv, rankingCsv } from './service';

/** The header row's language: asked for, else the profile's, else the browser's first supported, else English. */
function languageOf(asked: LanguageCode | undefined, viewer: Viewer, acceptLanguage: string | undefined): LanguageCode {
  return asked ?? viewer.language ?? preferredLanguage(acceptLanguage);
}

/** Sends CSV text as a download named `name`. */
function download(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/** Registers the export routes. */
export async function exportRoutes(app: FastifyInstance, { db, readDb, rankingDb, auth, rankingCache }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const csv = { 200: z.string().describe('A CSV file (UTF-8 with a byte-order mark, CRLF line ends).') };
  api.get(
    '/groups/:groupId/export/ranking.csv',
    { schema: { tags: ['exports'], params: groupParams, querystring: exportQuery, response: csv } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      const { groupId } = request.params;
      await requireMember(db, viewer, groupId);
      const [ranking, extras] = await Promise.all([rankingCache.get(rankingDb(), groupId), groupExtras(readDb, groupId)]);
      return download(reply, fileName(extras.name, 'ranking'), rankingCsv(ranking, extras, languageOf(request.query.lang, viewer, request.headers['accept-language'])));
    },
  );
  api.get(
    '/groups/:groupId/export/predictions.csv',
    { schema: { tags: ['exports'], params: groupParams, querystring: exportQuery, response: csv } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      const { groupId } = request.params;
      const access = await requireMember(db, viewer, groupId);
      const extras = await groupExtras(readDb, groupId);
      const language = languageOf(request.query.lang, viewer, request.headers['accept-language']);
      return download(reply, fileName(extras.name, 'predictions'), await predictionsCsv(readDb, groupId, access.leagueId, extras, language, new Date()));
    },
  );
}
