/**
 * What the audit log's before → after says, in words: a field's name ('homeGoalsExtraTime' → "Home goals
 * after extra time", an unknown one spelled out from its name), and a value as a person reads it (an
 * instant in the viewer's time zone, yes or no, a match status by its name).
 */
import type { TFunction } from 'i18next';
import { MATCH_STATUSES } from '../../../../domain/deadline';
import { formatDateTime } from '../lib/format-time';

/** A UTC instant as the server writes it ("2026-11-28T15:00:00.000Z"). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "homeGoalsExtraTime" → "Home goals extra time": a field no translation names, in words. */
function spelledOut(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The field's name in the current language. */
export function fieldLabel(field: string, t: TFunction): string {
  return t(`adminAudit.fields.${field}`, { defaultValue: spelledOut(field) });
}

/**
 * A plain value as text: an instant in the viewer's time zone and language, true/false as yes/no, a
 * match's status by its name, anything else as it is (strings) or as JSON.
 */
export function valueText(field: string, value: unknown, t: TFunction, language: string): string {
  if (typeof value === 'boolean') return t(value ? 'adminAudit.values.yes' : 'adminAudit.values.no');
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, language);
  if (field === 'status' && typeof value === 'string' && (MATCH_STATUSES as readonly string[]).includes(value)) return t(`adminFixtures.status.${value}`);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
