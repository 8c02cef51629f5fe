import { describe, expect, it } from 'vitest';
import { GROUP_COLOR_NAMES, GROUP_PALETTE } from '../domain/group-colors';
import { groupColor } from './group-colors';

describe('groupColor', () => {
  it('accepts every palette name', () => {
    for (const name of GROUP_COLOR_NAMES) expect(groupColor.parse(name)).toBe(name);
  });

  it('accepts a passing hex, stored lower case', () => {
    expect(groupColor.parse('#1E3A8A')).toBe('#1e3a8a');
    expect(groupColor.parse(' #767676 ')).toBe('#767676');
    expect(groupColor.parse(GROUP_PALETTE.pink)).toBe(GROUP_PALETTE.pink);
  });

  it('refuses a hex that white text fails on, naming the nearest passing shade', () => {
    const result = groupColor.safeParse('#F59E0B');
    expect(result.success).toBe(false);
    const messages = result.error!.issues.flatMap((issue) =>
      'errors' in issue ? (issue.errors as { message: string }[][]).flat().map((e) => e.message) : [issue.message],
    );
    expect(messages.join(' ')).toContain('White text on #f59e0b has a contrast of 2.14:1, below 4.5:1; try #a56a07.');
    expect(groupColor.safeParse('#777777').success).toBe(false);
  });

  it('refuses old names and malformed values', () => {
    for (const bad of ['emerald', 'slate', 'Orange', '#fff', 'f59e0b', '#12345g', '', 42]) {
      expect(groupColor.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
