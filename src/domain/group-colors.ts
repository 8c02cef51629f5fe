/**
 * Group colours: the named palette, custom hex colours, and the contrast rule that keeps text on them
 * readable.
 *
 * Rule (creating a group): a group's colour is one of orange, blue, green, red, purple, teal, pink,
 * amber, or a custom #rrggbb on which the text (white) passes WCAG AA for normal text: a contrast
 * ratio of at least 4.5:1 (WCAG 2.1 success criterion 1.4.3, https://www.w3.org/TR/WCAG21/#contrast-minimum).
 * A custom colour that fails is not accepted; nearestPassingShade offers the closest one that passes.
 * Existing groups, whose colours were Tailwind names (emerald, sky, violet, amber, rose, slate), move to
 * the nearest palette name (legacyGroupColorName).
 *
 * Hex colours are 6-digit "#rrggbb" strings; functions accept either case and return lower case.
 */

/** The palette's names, in the order the colour picker shows them. */
export const GROUP_COLOR_NAMES = ['orange', 'blue', 'green', 'red', 'purple', 'teal', 'pink', 'amber'] as const;
/** A palette name. */
export type GroupColorName = (typeof GROUP_COLOR_NAMES)[number];

/**
 * The hex of each palette name: Tailwind CSS v3 shades (600 or 700) chosen so that white text on
 * them passes AA, and no two alike (at least 0.08 apart in OKLab: colorDistance). Orange is Tailwind's
 * amber 700 and amber a dark gold (#8a6d00): Tailwind's orange 700 and amber 700 were only 0.041 apart,
 * a pair people could not tell apart in the picker. Contrast with white: orange 5.02, blue 5.17, green
 * 5.02, red 4.83, purple 5.38, teal 5.47, pink 4.60, amber 4.92 (checked in group-colors.test.ts).
 */
export const GROUP_PALETTE: Readonly<Record<GroupColorName, string>> = {
  orange: '#b45309',
  blue: '#2563eb',
  green: '#15803d',
  red: '#dc2626',
  purple: '#9333ea',
  teal: '#0f766e',
  pink: '#db2777',
  amber: '#8a6d00',
};

/** The brighter (Tailwind 500) shade of each name: a second reference when matching hues. */
const VIVID: Readonly<Record<GroupColorName, string>> = {
  orange: '#f97316',
  blue: '#3b82f6',
  green: '#22c55e',
  red: '#ef4444',
  purple: '#a855f7',
  teal: '#14b8a6',
  pink: '#ec4899',
  amber: '#f59e0b',
};

/**
 * The colours groups had before this palette (Tailwind CSS v3 500 shades of the names the app
 * stored): emerald, sky, violet, amber, rose, slate.
 */
export const LEGACY_GROUP_COLORS: Readonly<Record<string, string>> = {
  emerald: '#10b981',
  sky: '#0ea5e9',
  violet: '#8b5cf6',
  amber: '#f59e0b',
  rose: '#f43f5e',
  slate: '#64748b',
};

/** White, the text colour on group colours. */
export const WHITE = '#ffffff';
/** WCAG AA minimum contrast ratio for normal text (success criterion 1.4.3). */
export const AA_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

/** Whether a value is a 6-digit hex colour "#rrggbb" (either case). */
export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** Whether a value is one of the palette's names. */
export function isGroupColorName(value: string): value is GroupColorName {
  return (GROUP_COLOR_NAMES as readonly string[]).includes(value);
}

function channels(hex: string): [number, number, number] {
  if (!isHexColor(hex)) throw new RangeError(`not a #rrggbb colour: "${hex}"`);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** An sRGB channel (0–255) in linear light (0–1). */
function linear(channel: number): number {
  const c = channel / 255;
  // WCAG 2.1 (2023 edition) uses 0.04045; the 2018 text said 0.03928. No 8-bit value lies between
  // them (10/255 = 0.0392, 11/255 = 0.0431), so both give the same luminance here.
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * Relative luminance per WCAG 2.1 (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance):
 * L = 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB channels.
 * @param hex "#rrggbb".
 * @returns 0 (black) to 1 (white).
 * @throws RangeError when hex is not "#rrggbb".
 */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Contrast ratio per WCAG 2.1 (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio):
 * (L1 + 0.05) / (L2 + 0.05), L1 the lighter colour's luminance. Order of the arguments is irrelevant.
 * @returns 1 (same luminance) to 21 (black on white). Not rounded: 4.499 fails AA.
 * @throws RangeError when a colour is not "#rrggbb".
 */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Whether text of colour `text` on `background` passes WCAG AA for normal text (≥ 4.5:1).
 * @param background "#rrggbb".
 * @param text "#rrggbb"; default white.
 * @throws RangeError when a colour is not "#rrggbb".
 */
export function passesContrastAA(background: string, text: string = WHITE): boolean {
  return contrastRatio(background, text) >= AA_CONTRAST;
}

/** OKLab coordinates (Björn Ottosson, https://bottosson.github.io/posts/oklab/) of an sRGB hex. */
function oklab(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/**
 * Perceptual distance between two colours: the Euclidean distance of their OKLab coordinates (0 for the
 * same colour; black to white is 1). About 0.02 is a just-noticeable difference.
 * @throws RangeError when a colour is not "#rrggbb".
 */
export function colorDistance(a: string, b: string): number {
  const [p, q] = [oklab(a), oklab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** `hex` mixed with `target` by t (0: hex, 1: target), channel by channel in sRGB, unrounded. */
function mix(hex: string, target: readonly number[], t: number): number[] {
  return channels(hex).map((c, i) => c + (target[i]! - c) * t);
}

/**
 * The shade of `hex` nearest to it on which `text` passes AA. Candidates are `hex` mixed toward black
 * (darker) and toward white (lighter), each by the least amount that passes; the one closer to `hex`
 * (in OKLab) wins. Darkening by mixing toward black keeps the hue and saturation (HSV).
 * @param hex "#rrggbb".
 * @param text "#rrggbb"; default white (then the answer is always a darker shade).
 * @returns `hex` itself (lower case) when it passes already, otherwise the nearest passing shade. There
 *   always is one: for any text colour, contrast with black × contrast with white = 21 > 4.5², so black
 *   or white passes.
 * @throws RangeError when a colour is not "#rrggbb".
 */
export function nearestPassingShade(hex: string, text: string = WHITE): string {
  const start = hex.toLowerCase();
  if (passesContrastAA(start, text)) return start;
  const candidates: string[] = [];
  for (const target of [[0, 0, 0], [255, 255, 255]]) {
    if (!passesContrastAA(toHex(target), text)) continue;
    // Along the path the passing part is [t*, 1] (the start fails, the end passes): bisect for t*.
    let [low, high] = [0, 1];
    for (let i = 0; i < 30; i++) {
      const middle = (low + high) / 2;
      if (passesContrastAA(toHex(mix(start, target, middle)), text)) high = middle;
      else low = middle;
    }
    let shade = toHex(mix(start, target, high));
    // Rounding to whole channels can land just below 4.5: step on until it passes (t = 1 does).
    for (let t = high; !passesContrastAA(shade, text); t = Math.min(1, t + 1 / 1024)) shade = toHex(mix(start, target, t));
    candidates.push(shade);
  }
  return candidates.reduce((best, shade) => (colorDistance(start, shade) < colorDistance(start, best) ? shade : best));
}

/** Hue angle (degrees, 0–360) and chroma of a colour in OKLCh. */
function hueAndChroma(hex: string): { hue: number; chroma: number } {
  const [, a, b] = oklab(hex);
  return { hue: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360, chroma: Math.hypot(a, b) };
}

/** Below this OKLCh chroma a colour reads as grey and its hue means nothing. */
const GREY_CHROMA = 0.03;

/**
 * The palette name nearest to a colour, by hue: the smallest angle in OKLCh between the colour and
 * either reference shade of a name (its palette shade or its brighter Tailwind 500 shade), so light
 * and dark versions of a hue find the same name. Lightness is ignored: the palette only has dark
 * shades. Greys (chroma below 0.03: black, white, greys) have no hue and map to blue, the palette's
 * most neutral colour. Ties go to the earlier name in GROUP_COLOR_NAMES.
 * @param hex "#rrggbb".
 * @throws RangeError when hex is not "#rrggbb".
 */
export function nearestNamedColor(hex: string): GroupColorName {
  const { hue, chroma } = hueAndChroma(hex);
  if (chroma < GREY_CHROMA) return 'blue';
  const angle = (other: string) => {
    const difference = Math.abs(hue - hueAndChroma(other).hue) % 360;
    return Math.min(difference, 360 - difference);
  };
  let best: GroupColorName = GROUP_COLOR_NAMES[0];
  let bestAngle = Number.POSITIVE_INFINITY;
  for (const name of GROUP_COLOR_NAMES) {
    const nameAngle = Math.min(angle(GROUP_PALETTE[name]), angle(VIVID[name]));
    if (nameAngle < bestAngle) [best, bestAngle] = [name, nameAngle];
  }
  return best;
}

/**
 * The palette name for a stored colour, for migrating existing groups: a palette name stays; a legacy
 * name (emerald, sky, violet, amber, rose, slate) or a hex maps to the nearest palette name.
 * @param stored what the group's colour column holds.
 * @returns a palette name; unknown values (neither a name nor a hex) map to blue.
 */
export function legacyGroupColorName(stored: string): GroupColorName {
  const value = stored.trim().toLowerCase();
  if (isGroupColorName(value)) return value;
  const hex = Object.hasOwn(LEGACY_GROUP_COLORS, value) ? LEGACY_GROUP_COLORS[value]! : isHexColor(value) ? value : null;
  return hex ? nearestNamedColor(hex) : 'blue';
}

/**
 * The hex to paint a group colour with.
 * @param color a palette name or "#rrggbb".
 * @returns the palette's hex for a name, the hex (lower case) otherwise.
 * @throws RangeError for anything else.
 */
export function groupColorHex(color: string): string {
  if (isGroupColorName(color)) return GROUP_PALETTE[color];
  if (isHexColor(color)) return color.toLowerCase();
  throw new RangeError(`not a group colour: "${color}"`);
}
