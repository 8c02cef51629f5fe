/**
 * Calls the Palpite API: JSON in and out, the session cookie sent along. Response shapes are the
 * contracts' (src/contracts) types; the server validates every response against the same zod schema
 * before sending it (its serializer), so the browser does not parse them again — which keeps zod out
 * of the screens that only read (the landing page among them). Failures throw ApiError with the
 * server's stable error id.
 */

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

/** Method and JSON body of a request. */
export interface RequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** A zod schema, as older call sites pass it: only its output type is used. */
interface TypeOf<T> { _output: T }

/**
 * Sends a request to /api{path}; `T` is the response's contract type (`z.infer<typeof xResponse>`).
 * The older form `apiRequest(path, schema, init)` is accepted while call sites move over (the schema
 * gives the type only; it is not run).
 * @throws ApiError for a non-2xx answer or a network failure (status 0, id "internal").
 */
export async function apiRequest<T>(path: string, init?: RequestInit): Promise<T>;
/** @deprecated pass the type instead: `apiRequest<z.infer<typeof schema>>(path, init)`. */
export async function apiRequest<T>(path: string, schema: TypeOf<T>, init?: RequestInit): Promise<T>;
export async function apiRequest<T>(path: string, second: RequestInit | TypeOf<T> = {}, third: RequestInit = {}): Promise<T> {
  const init: RequestInit = '_output' in second || '_zod' in second ? third : second;
  return send<T>(`/api${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/**
 * Sends a file's bytes as they are, typed by the file, with PUT to /api{path} (avatar and crest uploads);
 * `T` is the response's contract type.
 * @throws ApiError for a non-2xx answer or a network failure (status 0, id "internal").
 */
export function apiUpload<T>(path: string, file: File): Promise<T> {
  return send<T>(`/api${path}`, { method: 'PUT', credentials: 'same-origin', headers: { 'content-type': file.type }, body: file });
}

/** One fetch, its JSON answer, and an ApiError for a failure or a non-2xx answer (the server's error id and message). */
async function send<T>(url: string, init: globalThis.RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'internal', 'Network error');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { id?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.id ?? 'internal', error?.message ?? response.statusText);
  }
  return data as T;
}
