/**
 * Answers for what is refused before any route, hook or error handler of ours runs, in the app's shape
 * `{error: {id, message}}` instead of Fastify's default body (`{error: 'Bad Request', code, message,
 * statusCode}`): Fastify's router errors (its `frameworkErrors` option: a URL that does not decode, a
 * parameter over maxParamLength) and node's HTTP parser errors (Fastify's `clientErrorHandler` option, on
 * the server's `clientError` event: header fields over node's 16 KB, a malformed request, a timeout).
 */
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorId } from '../../contracts/errors';

/**
 * Fastify's `frameworkErrors` option: FST_ERR_BAD_URL (400: the path does not decode, `/api/%zz`) and
 * FST_ERR_MAX_PARAM_LENGTH (414) as 400/414 `bad_request`; anything else (FST_ERR_ASYNC_CONSTRAINT) as
 * 500 `internal`, logged. The request's hooks have not run: its X-Request-Id is set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.status(status).send({ error: { id: 'bad_request' satisfies ErrorId, message: 'The address of this request is malformed.' } });
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.status(500).send({ error: { id: 'internal' satisfies ErrorId, message: 'Something went wrong on our side.' } });
}

/** node's error codes on the `clientError` event and the answer each gets (the rest: 400 bad_request). */
const CLIENT_ERRORS: Record<string, { status: number; id: ErrorId; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, id: 'headers_too_large', message: 'The request header fields are too large (over 16 KB).' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, id: 'request_timeout', message: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, id: 'bad_request' as ErrorId, message: 'The request is malformed.' };

/**
 * Fastify's `clientErrorHandler` option (`this` is the Fastify instance): writes the answer straight to
 * the socket, then destroys it, as node and Fastify's default handler do; nothing is written to a socket
 * already reset or gone. Logged at trace like Fastify's default (a client's or a proxy's doing).
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code ? CLIENT_ERRORS[error.code] : undefined) ?? MALFORMED;
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: { id: answer.id, message: answer.message } });
    socket.write(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
