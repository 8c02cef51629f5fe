/**
 * The addresses of a group's spreadsheets (src/contracts/exports.ts): GET
 * /api/groups/:groupId/export/{ranking,predictions}.csv?lang=…, members only. A plain link downloads
 * them: the session cookie goes along and the server answers with an attachment.
 */
import { supportedLanguage } from '../../../domain/languages';

/** Which spreadsheet: the ranking, or every revealed prediction. */
export type ExportKind = 'ranking' | 'predictions';

/** The path of a group's `kind` spreadsheet with its header row in `language` (an i18next code; English when not one of ours). */
export function exportUrl(groupId: string, kind: ExportKind, language: string): string {
  const lang = supportedLanguage(language) ?? 'en';
  return `/api/groups/${encodeURIComponent(groupId)}/export/${kind}.csv?lang=${encodeURIComponent(lang)}`;
}
