/**
 * How a group colour is painted: the palette's hex for a name, the hex itself for a custom colour
 * (src/domain/group-colors.ts). The API only ever sends those (its response schema checks them); anything
 * else is painted blue, the palette's most neutral colour.
 */
import type { CSSProperties } from 'react';
import { GROUP_PALETTE, groupColorHex } from '../../../../domain/group-colors';

/** The inline style painting a group colour as a background (white text on it passes WCAG AA). */
export function groupColorStyle(color: string): CSSProperties {
  try {
    return { backgroundColor: groupColorHex(color) };
  } catch {
    return { backgroundColor: GROUP_PALETTE.blue };
  }
}
