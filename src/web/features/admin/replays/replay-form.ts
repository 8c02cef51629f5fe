/**
 * The "Replay a tournament" form's values and the request they make (src/contracts/replay.ts
 * createReplayRequest): the source (the shipped World Cup 2022, an openfootball address, or a file read in
 * the browser), the time zone of a file's times, the speed, the first kickoff (a datetime-local value in the
 * viewer's zone) and an optional league name.
 */
import { fromLocalInput, toLocalInput } from '../fixtures/kickoff-input';

/** Where the tournament comes from. */
export type ReplaySourceKind = 'bundled' | 'url' | 'document';

/** An uploaded file, read and parsed in the browser. */
export interface ReplayUpload {
  name: string;
  document: unknown;
}

/** The form's values, as typed. */
export interface ReplayForm {
  kind: ReplaySourceKind;
  url: string;
  timeZone: string;
  speed: string;
  /** datetime-local, in the viewer's time zone. */
  startsAt: string;
  leagueName: string;
}

/** A field the form marks when it is refused. */
export type ReplayField = 'url' | 'file' | 'timeZone' | 'speed' | 'startsAt' | 'leagueName';

/** How far ahead the first kickoff is by default: predictions close 15 minutes before each kickoff, so members get 5 minutes for the first. */
export const DEFAULT_LEAD_MINUTES = 20;
/** Below this lead the first matches are closed for predictions as soon as the replay starts. */
export const CLOSE_MINUTES = 15;
/** The largest file read (the server takes at most 2 MB of JSON). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The form as it opens at `now` (ms): the shipped World Cup, speed 60, first kickoff 20 minutes ahead (rounded up to the minute). */
export function initialReplayForm(now: number): ReplayForm {
  const start = Math.ceil((now + DEFAULT_LEAD_MINUTES * 60_000) / 60_000) * 60_000;
  return { kind: 'bundled', url: '', timeZone: '', speed: '60', startsAt: toLocalInput(new Date(start).toISOString()), leagueName: '' };
}

/**
 * The request body of the form's values (checked by the contract's schema before it is sent): a time zone
 * and a league name only when typed; an unreadable start or speed passes as it is, to be refused.
 */
export function replayBody(form: ReplayForm, upload: ReplayUpload | null): Record<string, unknown> {
  const timeZone = form.timeZone.trim() ? { timeZone: form.timeZone.trim() } : {};
  const source = form.kind === 'bundled' ? { kind: 'bundled', name: 'worldcup-2022' }
    : form.kind === 'url' ? { kind: 'url', url: form.url.trim(), ...timeZone }
    : { kind: 'document', name: upload?.name ?? '', document: upload?.document, ...timeZone };
  const speed = form.speed.trim() === '' ? Number.NaN : Number(form.speed);
  return {
    source,
    speed,
    startsAt: fromLocalInput(form.startsAt) ?? form.startsAt,
    ...(form.leagueName.trim() ? { leagueName: form.leagueName.trim() } : {}),
  };
}

/** The field an issue's path (a zod issue of the request, or a field the server named) belongs to; null for none of the form's. */
export function replayFieldOf(path: readonly PropertyKey[], kind: ReplaySourceKind): ReplayField | null {
  const [first, second] = path;
  if (first === 'source') {
    if (second === 'timeZone') return 'timeZone';
    return kind === 'url' ? 'url' : kind === 'document' ? 'file' : null;
  }
  return first === 'speed' || first === 'startsAt' || first === 'leagueName' ? first : null;
}

/** Whether the first kickoff typed is less than 15 minutes after `now` (its first matches would be closed at once). */
export function startsTooSoon(startsAt: string, now: number): boolean {
  const start = fromLocalInput(startsAt);
  return start !== null && Date.parse(start) - now < CLOSE_MINUTES * 60_000;
}
