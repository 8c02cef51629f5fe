/**
 * How a group colour is painted: the palette's hex for a name, the hex itself for a custom colour
 * (src/domain/group-colors.ts); an old name (emerald, sky …) not yet migrated maps to its nearest.
 */
import type { CSSProperties } from 'react';
import { groupColorHex, legacyGroupColorName } from '../../../../domain/group-colors';

/** The inline style painting a group colour as a background (white text on it passes WCAG AA). */
export function groupColorStyle(color: string): CSSProperties {
  try {
    return { backgroundColor: groupColorHex(color) };
  } catch {
    return { backgroundColor: groupColorHex(legacyGroupColorName(color)) };
  }
}
