/**
 * Calls the Palpite API: JSON in and out, the session cookie sent along, responses checked against
 * the shared zod contracts. Failures throw ApiError with the server's stable error id.
 */
import type { z } from 'zod';

/** An API failure: HTTP status, stable id (see src/contracts/errors.ts) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Sends a request to /api{path}.
 * @param schema validates (and types) the response body.
 * @throws ApiError for a non-2xx answer or a network failure (id "internal").
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'internal', 'Network error');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { id?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.id ?? 'internal', error?.message ?? response.statusText);
  }
  return schema.parse(data);
}
