/**
 * Mounts Better Auth's handler at /api/auth/* (its Fastify guide: a catch-all route converting the
 * request to a Fetch Request and the Response back).
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { Auth } from './auth';

/** Registers GET/POST /api/auth/*. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const headers = fromNodeHeaders(request.headers);
      // Better Auth rate-limits by this header: give it the address Fastify resolved (which honours
      // X-Forwarded-For only when TRUST_PROXY is on), never what the client claims.
      headers.set('x-forwarded-for', request.ip);
      const init: RequestInit = { method: request.method, headers };
      if (request.body !== undefined && request.method !== 'GET') init.body = JSON.stringify(request.body);
      const response = await auth.handler(new Request(url, init));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
