/**
 * The group's spreadsheets (CSV): GET /api/groups/:groupId/export/ranking.csv and …/export/predictions.csv,
 * members only. `lang` chooses the header row's language (default: the profile's, else the browser's, else English).
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from '../domain/languages';

export const exportQuery = z.object({ lang: z.enum(LANGUAGE_CODES).optional() });
