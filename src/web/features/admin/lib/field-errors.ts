/**
 * The fields a refused request named. The server answers a body that fails its schema with
 * `validation_failed` and a message of `field: problem` parts joined by "; " (src/server/app.ts); the
 * form shows its own translated text under each field named.
 */
import { ApiError } from '../../../lib/api-client';

/** The top-level field names in a validation_failed error's message; empty for any other error. */
export function invalidFields(error: unknown): Set<string> {
  if (!(error instanceof ApiError) || error.id !== 'validation_failed') return new Set();
  const fields = error.message.split('; ').map((part) => {
    const colon = part.indexOf(': ');
    return colon > 0 ? part.slice(0, colon).split('.')[0]!.trim() : '';
  });
  return new Set(fields.filter((field) => /^[A-Za-z]+$/.test(field) && field !== 'body'));
}
