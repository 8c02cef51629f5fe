/**
 * What the visibility tests (revealed.test.ts, revealed-streams.test.ts) share: the secret score a member
 * predicts for an open match, how to spot it in anything the server sends, and the GET operations of the
 * API's own OpenAPI document — JSON operations and event streams apart — with their path parameters filled.
 * The rule they check: others' predictions stay hidden until the match's predictions close (kickoff − 15 min).
 */
import type { FastifyInstance } from 'fastify';

/** The score the other member predicts for the open match: one that would stand out in any response. */
export const SECRET_SCORE = { homeGoals: 17, awayGoals: 13 } as const;

/**
 * Whether `text` (a response body, or an event serialised as JSON) carries the secret prediction: a
 * `homeGoals` of 17, which no match of the demo data has and no other member predicts — in JSON, or as a
 * spreadsheet's score cell ("17–13").
 */
export function carriesSecretPrediction(text: string): boolean {
  return new RegExp(`"homeGoals":\\s*${SECRET_SCORE.homeGoals}\\b`).test(text) || text.includes(`${SECRET_SCORE.homeGoals}–${SECRET_SCORE.awayGoals}`);
}

/** A GET operation of the API: its /api/… path as documented ({name} parameters), and whether it is an event stream. */
export interface GetOperation {
  path: string;
  stream: boolean;
}

/**
 * The GET operations of GET /api/openapi.json. An operation is an event stream when its 200 answer is
 * documented as `text/event-stream` (the live routes' `response` schema).
 */
export async function getOperations(app: FastifyInstance): Promise<GetOperation[]> {
  interface Operation { responses?: Record<string, { content?: Record<string, unknown> }> }
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const get = operations.get;
    if (!get) return [];
    return [{ path: path.startsWith('/api/') ? path : `/api${path}`, stream: 'text/event-stream' in (get.responses?.['200']?.content ?? {}) }];
  });
}

/**
 * `path` with its {name} parameters replaced by `values`.
 * @throws when a parameter has no value: add one, so the operation is checked too.
 */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${path}: add one so this route is checked`);
    return values[name]!;
  });
}

/**
 * GETs `url` with `headers` and returns its status and body.
 * @throws when the answer is an event stream (it would never end): an operation the document does not
 *   declare as one, which revealed-streams.test.ts would then miss.
 */
export async function getBody(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const response = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    (response.raw.res as unknown as { destroy(): void }).destroy();
    throw new Error(`GET ${url} answers an event stream its OpenAPI operation does not declare: document its 200 answer as text/event-stream`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}
