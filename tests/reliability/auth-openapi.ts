/**
 * Better Auth's routes as an OpenAPI document, for the fuzz (they are served under /api/auth by our proxy
 * route, hidden from our own document). Built by Better Auth's open-api plugin's generator, run on an
 * instance made with the app's own options (createAuth), so the document lists the endpoints the app
 * really serves, with their bodies and parameters. The plugin is not added to the app: production serves
 * no reference page.
 */
import { openAPI } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { createAuth } from '../../src/server/auth/auth';
import type { Db } from '../../src/server/db/client';

/** The generator's endpoint, called with an auth context as Better Auth's own router calls it. */
type Generate = (input: { context: unknown }) => Promise<{ paths: Record<string, Record<string, unknown>> }>;

/**
 * The paths of Better Auth's document, each under `/api/auth`.
 * @param db the app's database (the instance only reads its schema); `secret` the app's auth secret.
 */
export async function authOpenApiPaths(db: Db, secret: string, log: FastifyBaseLogger): Promise<Record<string, Record<string, unknown>>> {
  const auth = createAuth({
    db, baseURL: 'http://localhost', secret, mailer: { mode: 'outbox', send: async () => {} }, adminEmails: [], fixedOrigin: false,
    rateLimit: false, logger: log, requireEmailVerification: true, mailOrigin: () => 'http://localhost',
  });
  const generate = openAPI().endpoints.generateOpenAPISchema as unknown as Generate;
  const document = await generate({ context: await auth.$context });
  return Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [`/api/auth${path}`, item]));
}
