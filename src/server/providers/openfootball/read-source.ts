/**
 * Reading an openfootball JSON document from a file path or an http(s) URL (the import CLI and the sync
 * job's scheduled re-fetch of a league's URL).
 */
import { readFile } from 'node:fs/promises';
import { ImportError } from '../fixture-source';

/** How long a fetch of a URL may take, in milliseconds. */
const FETCH_TIMEOUT_MS = 30_000;
/** The largest document read, in bytes (the biggest openfootball season is well under 1 MB). */
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * The parsed JSON at `source` (a path or an http(s) URL).
 * @throws ImportError naming the source: HTTP status, missing file, timeout or invalid JSON.
 */
export async function readOpenfootballSource(source: string): Promise<unknown> {
  const text = /^https?:\/\//i.test(source)
    ? await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' }).then(async (response) => {
        if (!response.ok) throw new ImportError(`${source}: HTTP ${response.status}`);
        const length = Number(response.headers.get('content-length') ?? 0);
        if (length > MAX_BYTES) throw new ImportError(`${source}: larger than ${MAX_BYTES / 1024 / 1024} MB`);
        const text = await response.text();
        if (text.length > MAX_BYTES) throw new ImportError(`${source}: larger than ${MAX_BYTES / 1024 / 1024} MB`);
        return text;
      }, (error: Error) => {
        throw new ImportError(`${source}: ${error.name === 'TimeoutError' ? 'no answer in 30 s' : error.message}`);
      })
    : await readFile(source, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new ImportError(`${source}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
      });
  try {
    return JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the document, which could be anything a URL answered.
    throw new ImportError(`${source}: not valid JSON`);
  }
}
