/** Shared field schemas: ids, goals, instants. */
import { z } from 'zod';
import { MATCH_STATUSES } from '../domain/deadline';

/** Goals a side scored or is predicted to score: a whole number from 0 to 99. */
export const goals = z.number().int().min(0).max(99);
export const uuidParam = z.uuid();
/** A UTC instant as an ISO 8601 string. */
export const instant = z.iso.datetime();
/** Match status, with the domain's list of statuses (src/domain/deadline.ts). */
export const matchStatus = z.enum(MATCH_STATUSES);
