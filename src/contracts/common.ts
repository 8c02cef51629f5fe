/** Shared field schemas: ids, goals, instants. */
import { z } from 'zod';
import { MATCH_STATUSES } from '../domain/deadline';

/** Goals a side scored or is predicted to score: a whole number from 0 to 99. */
export const goals = z.number().int().min(0).max(99);
/**
 * An id (UUID) sent by a client, in lower case: PostgreSQL reads `A…` and `a…` as the same uuid, so ids
 * are compared, deduplicated and answered in the form the database gives back.
 */
export const uuidParam = z.uuid().overwrite((id) => id.toLowerCase());
/** A UTC instant as an ISO 8601 string. */
export const instant = z.iso.datetime();

/**
 * The years a date or instant sent to the API may fall in. PostgreSQL has no year 0 ('0000-01-01' was
 * refused by the database: a 500), and a timestamp of the years 1 to 99 read back from it comes out in
 * 19xx or 20xx (JavaScript reads '0001-06-01 00:00:00+00' as 2001); no fixture is that old anyway.
 * Found by the OpenAPI fuzz (tests/reliability/fuzz.test.ts).
 */
export const REQUEST_YEARS = { first: 1900, last: 9999 } as const;
const inRequestYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= REQUEST_YEARS.first && year <= REQUEST_YEARS.last;
};
const yearsMessage = `a date in the years ${REQUEST_YEARS.first} to ${REQUEST_YEARS.last}`;
/** An instant sent to the API (a kickoff): ISO 8601 in UTC, within REQUEST_YEARS. */
export const requestInstant = instant.refine(inRequestYears, yearsMessage);
/** A day sent to the API (a filter's YYYY-MM-DD): within REQUEST_YEARS. */
export const requestDay = z.iso.date().refine(inRequestYears, yearsMessage);
/** Match status, with the domain's list of statuses (src/domain/deadline.ts). */
export const matchStatus = z.enum(MATCH_STATUSES);
