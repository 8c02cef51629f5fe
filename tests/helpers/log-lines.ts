/** Log lines for tests: a stream to pass as an app's `logStream`, collecting the JSON lines written to it. */
import { Writable } from 'node:stream';

/** A stream collecting the JSON log lines written to it (`lines`, in order). */
export function collector(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}
