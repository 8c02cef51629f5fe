/** Texts of bonus questions shared by the Bonus tab's parts: a question's wording, a request's error. */
import type { TFunction } from 'i18next';
import type { BonusQuestion } from '../../../../contracts/bonus';
import { ApiError } from '../../../lib/api-client';

/** What went wrong with a bonus request, in the reader's language (a validation message as the server wrote it). */
export function bonusErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.internal');
  return error.id === 'validation_failed' ? error.message : t(`errors.${error.id}`);
}

/** A question's wording: a preset's in the reader's language, or the admin's own. */
export function questionTitle(question: Pick<BonusQuestion, 'preset' | 'text' | 'picks' | 'subject'>, t: TFunction): string {
  if (!question.preset) return question.text ?? '';
  const count = question.subject.kind === 'relegated' ? question.subject.teams : question.picks ?? 1;
  return t(`bonus.presets.${question.preset}`, { count });
}
