/**
 * What a failed call says to the person, in their language (common.json `errors`): the server's error id
 * translated; a request that reached nothing says the device is offline (or, online, that the server
 * could not be reached) rather than blaming the server; an id without a text is the specification's
 * 'An error occurred'.
 */
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { isOnline } from './connectivity';

/** The translated message of a failed call (an ApiError, or anything thrown). */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return t(isOnline() ? 'errors.unreachable' : 'errors.offline');
  const id = error instanceof ApiError ? error.id : 'internal';
  return t(`errors.${id}`, { defaultValue: t('errors.unknown') });
}
