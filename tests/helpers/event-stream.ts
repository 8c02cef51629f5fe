/**
 * A Server-Sent Events client for tests: opens a stream with fetch (so the cookie and Last-Event-ID headers
 * are the test's to choose) and parses its frames — events with id, event name and JSON data, and comment
 * lines (heartbeats).
 */
/** One event; `retry` only when its frame carried an SSE `retry:` field (the reconnection delay asked for, in ms). */
export interface StreamEvent { id: string | null; event: string; data: unknown; retry?: number }

export interface EventStream {
  status: number;
  contentType: string | null;
  /** The first event (after those already taken) matching `predicate`, or an error after `timeoutMs`. */
  next(predicate?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when a comment line (`: …`) arrives, with its text. */
  comment(timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended(timeoutMs?: number): Promise<true>;
  /** Every event received so far. */
  events: StreamEvent[];
  close(): void;
}

/** Opens `url` as an event stream with the given headers (cookie, Last-Event-ID …). */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let taken = 0;
  let done = false;
  if (response.ok && response.body) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | null = null;
            let event = 'message';
            const data: string[] = [];
            let retry: number | undefined;
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id:')) id = line.slice(3).trim();
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
              else if (/^retry: ?\d+$/.test(line)) retry = Number(line.slice(6));
            }
            if (data.length > 0) events.push({ id, event, data: JSON.parse(data.join('\n')), ...(retry === undefined ? {} : { retry }) });
            wake();
          }
        }
      } catch {
        // aborted
      }
      done = true;
      wake();
    })();
  }
  const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string) => new Promise<T>((resolve, reject) => {
    const found = check();
    if (found !== undefined) return resolve(found);
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      reject(new Error(`no ${what} within ${timeoutMs} ms (events: ${JSON.stringify(events)})`));
    }, timeoutMs);
    const waiter = () => {
      const value = check();
      if (value === undefined) return;
      clearTimeout(timer);
      waiters.delete(waiter);
      resolve(value);
    };
    waiters.add(waiter);
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    next: (predicate = () => true, timeoutMs = 3_000) => waitFor(() => {
      for (let i = taken; i < events.length; i++) {
        if (predicate(events[i]!)) {
          taken = i + 1;
          return events[i];
        }
      }
      return undefined;
    }, timeoutMs, 'matching event'),
    comment: (timeoutMs = 3_000) => waitFor(() => comments.shift(), timeoutMs, 'comment'),
    ended: (timeoutMs = 3_000) => waitFor(() => (done ? (true as const) : undefined), timeoutMs, 'end of stream'),
    close: () => controller.abort(),
  };
}
