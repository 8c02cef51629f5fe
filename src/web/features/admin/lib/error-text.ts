/** What a failed call says to the administrator, in their language (common.json `errors`). */
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** The translated message of an API error id ('internal' for anything else). */
export function errorText(t: TFunction, error: unknown): string {
  return t(`errors.${error instanceof ApiError ? error.id : 'internal'}`);
}
