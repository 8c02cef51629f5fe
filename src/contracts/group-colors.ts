/**
 * The group colour field: a palette name (orange, blue, green, red, purple, teal, pink, amber) or a
 * custom "#rrggbb" on which white text passes WCAG AA (≥ 4.5:1). The rule and the palette live in
 * src/domain/group-colors.ts; this is its zod form, shared by the API and the create/edit forms.
 */
import { z } from 'zod';
import { contrastRatio, GROUP_COLOR_NAMES, isHexColor, nearestPassingShade, passesContrastAA, WHITE } from '../domain/group-colors';

/** A palette name. */
export const groupColorName = z.enum(GROUP_COLOR_NAMES);

/**
 * A custom colour: "#rrggbb" (either case, stored lower case) on which white text passes AA.
 * A failing colour's issue message names its contrast and the nearest passing shade, e.g.
 * 'White text on #f59e0b has a contrast of 2.14:1, below 4.5:1; try #a56a07.' (the ratio is
 * rounded down, so a failing colour never reads as 4.5).
 */
export const customGroupColor = z
  .string()
  .trim()
  .refine(isHexColor, 'Expected a colour name or #rrggbb.')
  .transform((hex) => hex.toLowerCase())
  .superRefine((hex, context) => {
    if (passesContrastAA(hex, WHITE)) return;
    const ratio = Math.floor(contrastRatio(hex, WHITE) * 100) / 100;
    context.addIssue({
      code: 'custom',
      message: `White text on ${hex} has a contrast of ${ratio}:1, below 4.5:1; try ${nearestPassingShade(hex, WHITE)}.`,
      params: { reason: 'contrast', suggestion: nearestPassingShade(hex, WHITE) },
    });
  });

/** A group's colour as the API accepts and returns it: a palette name or a passing "#rrggbb". */
export const groupColor = z.union([groupColorName, customGroupColor]);
/** A group's colour (output type: hexes are lower case). */
export type GroupColor = z.infer<typeof groupColor>;
