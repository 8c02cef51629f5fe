/**
 * This site's origin (scheme://host[:port]) for absolute addresses written into what leaves the app (a
 * calendar feed's links, a share card's tags): APP_URL's when configured, else the request's own.
 */
import type { FastifyRequest } from 'fastify';

/** The origin of APP_URL when given, else the request's protocol and Host. */
export function siteOrigin(appUrl: string | undefined, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return appUrl ? new URL(appUrl).origin : `${request.protocol}://${request.host}`;
}
