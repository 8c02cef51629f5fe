/**
 * Cross-site request protection for the app's own write routes (Better Auth guards /api/auth/* with
 * the same rule): a state-changing request (anything but GET, HEAD, OPTIONS) whose Origin is not a
 * trusted origin is refused with 403 origin_forbidden, and so is one a browser marks
 * `Sec-Fetch-Site: cross-site`. Trusted: APP_URL when configured, else the request's own host (a page
 * of another site can never send an Origin equal to our Host). Requests without an Origin (curl,
 * server-to-server) are not a browser's cross-site request and pass. Routes marked `config.crossSite`
 * (authorised by a token they are given, not by the cookie: a mail's unsubscribe link) are not checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request's Origin is trusted (or absent). `appUrl` is APP_URL when set. */
export function isTrustedOrigin(request: Pick<FastifyRequest, 'headers'>, appUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  if (origin === undefined) return true;
  if (appUrl) return origin === new URL(appUrl).origin;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Adds the check to every route of `app` (the /api scope). */
export function registerOriginCheck(app: FastifyInstance, appUrl: string | undefined) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossSite) return;
    if (!isTrustedOrigin(request, appUrl)) throw errors.originForbidden();
  });
}
