/**
 * Where a replay's tournament comes from: an openfootball file or URL (read as the import does), a
 * document already read (an administrator's upload), or a tournament shipped with Palpite (its CC0 data in
 * ./tournaments, README.md there names the source). Each is parsed with its goals by the openfootball parser.
 */
import { parseOpenfootball } from '../openfootball/parse';
import { readOpenfootballSource } from '../openfootball/read-source';
import { ImportError, type ImportedCompetition } from '../fixture-source';
import worldCup2022 from './tournaments/worldcup-2022.json' with { type: 'json' };

/** Tournaments shipped with Palpite, with the zone their kickoff times are written in. */
export const BUNDLED_TOURNAMENTS = {
  'worldcup-2022': { document: worldCup2022 as unknown, timeZone: 'Asia/Qatar', season: '2022' },
} as const;
/** The name of a shipped tournament. */
export type BundledTournament = keyof typeof BUNDLED_TOURNAMENTS;

/** A replay's source. */
export type ReplaySource =
  | { kind: 'bundled'; name: BundledTournament }
  | { kind: 'file'; ref: string; timeZone?: string }
  | { kind: 'document'; document: unknown; name: string; timeZone?: string };

/**
 * Reads and parses a replay's source.
 * @returns the competition with its goals, and the source's label ('bundled:worldcup-2022', the path or URL,
 *   'upload:<name>').
 * @throws ImportError for a file that cannot be read or parsed (the message names the match or the source).
 */
export async function readReplaySource(source: ReplaySource): Promise<{ competition: ImportedCompetition; label: string }> {
  if (source.kind === 'bundled') {
    const bundled = BUNDLED_TOURNAMENTS[source.name];
    if (!bundled) throw new ImportError(`no tournament named ${String(source.name)} is shipped`);
    return { competition: parseOpenfootball(bundled.document, { timeZone: bundled.timeZone, season: bundled.season }), label: `bundled:${source.name}` };
  }
  if (source.kind === 'file') {
    const document = await readOpenfootballSource(source.ref);
    return { competition: parseOpenfootball(document, { timeZone: source.timeZone, sourcePath: source.ref }), label: source.ref };
  }
  return { competition: parseOpenfootball(source.document, { timeZone: source.timeZone, sourcePath: source.name }), label: `upload:${source.name}` };
}
