/**
 * The error a data provider's client throws when a request fails: the provider refused it, could not
 * be reached, or answered something we cannot read.
 */

/** A failed request to a data provider. Its message names the request but never holds a token. */
export class ProviderError extends Error {
  /**
   * @param message what went wrong, already free of secrets.
   * @param status the HTTP status the provider answered, or null when no answer came (network error,
   *   timeout).
   * @param path the request's path and query below the base address ("/competitions/PL/matches?season=2025").
   * @param retryAfterSeconds after a 429, how long the provider asked us to wait (seconds), else null.
   */
  constructor(
    message: string,
    readonly status: number | null,
    readonly path: string,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
