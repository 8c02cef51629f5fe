/**
 * What an audit entry's before and after say, field by field when both are objects (or one is absent):
 * each field with its two values and whether it changed. Anything else (a list, a number) is shown as
 * its two values whole.
 */

/** One field of a before/after pair. `undefined`: the side does not have it. */
export interface FieldChange { field: string; before: unknown; after: unknown; changed: boolean }

/** The comparison of an entry's before and after. */
export type AuditDiff =
  | { kind: 'none' }
  | { kind: 'fields'; fields: FieldChange[] }
  | { kind: 'values'; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === null || value === undefined;

/** Whether two JSON values are the same (object keys in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameJson(a[key], b[key]));
  }
  return false;
}

/** The comparison of `before` and `after` (fields in before's order, then after's new ones). */
export function diffOf(before: unknown, after: unknown): AuditDiff {
  if (absent(before) && absent(after)) return { kind: 'none' };
  if ((isRecord(before) || absent(before)) && (isRecord(after) || absent(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return {
      kind: 'fields',
      fields: keys.map((field) => ({
        field,
        before: isRecord(before) ? b[field] : undefined,
        after: isRecord(after) ? a[field] : undefined,
        changed: !sameJson(isRecord(before) ? b[field] : undefined, isRecord(after) ? a[field] : undefined),
      })),
    };
  }
  return { kind: 'values', before, after };
}
