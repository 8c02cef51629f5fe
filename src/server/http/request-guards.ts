/**
 * Checks every request passes before any route sees it: a well-formed Host header; JSON bodies nested
 * at most MAX_JSON_DEPTH levels (deeper bodies made the auth routes overflow the stack when
 * re-serialising them: a 10 KB body of 5,000 levels was a 500); no NUL character in the path, the
 * query or any string of the body (PostgreSQL cannot store one: it was a 500 wherever such a string
 * reached a query); and no lone UTF-16 surrogate in a string of the body (JSON's "\ud800" is not a
 * character: PostgreSQL's jsonb refuses it, so a fixture named so was a 500 when its audit entry was
 * written — found by the OpenAPI fuzz, tests/reliability/fuzz.test.ts). All answer 400 with the app's
 * error shape.
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

/** The deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays deeper than `limit` levels (iterative: no recursion). */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Whether any string in `value` (walked without recursion) contains a NUL character. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in `value` (walked without recursion) holds a lone surrogate: text that is not Unicode. */
export function containsLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (LONE_SURROGATE.test(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (LONE_SURROGATE.test(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** A Host header of a name or address with an optional port, and nothing else. */
export function isWellFormedHost(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0 and inject(): nothing to misread
  if (host.length === 0 || host.length > 255) return false;
  return /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9.-]+)(:\d{1,5})?$/.test(host);
}

/** Registers the checks as app-wide hooks. */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isWellFormedHost(request.headers.host)) throw errors.validation('Malformed Host header.');
    if (request.url.includes('%00') || request.url.includes('\u0000')) throw errors.validation('The address contains a NUL character.');
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && deeperThan(request.body, MAX_JSON_DEPTH)) {
      throw errors.validation(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    }
    if (request.body !== undefined && containsNul(request.body)) throw errors.validation('The body contains a NUL character.');
    if (request.body !== undefined && containsLoneSurrogate(request.body)) throw errors.validation('The body contains text that is not valid Unicode (a lone surrogate).');
  });
}
