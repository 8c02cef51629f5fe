/** Time limits for network calls (the specification's auth timeouts, section 9). */

/** A call that gave up after its time limit; `message` is the specification's text. */
export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `call` with an AbortSignal that fires after `ms` milliseconds.
 * @throws TimeoutError(`message`) when the limit passes first; otherwise whatever `call` throws.
 */
export async function withTimeout<T>(ms: number, message: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(message));
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), limit]);
  } finally {
    clearTimeout(timer);
  }
}
