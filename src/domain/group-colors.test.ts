import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  colorDistance,
  contrastRatio,
  GROUP_COLOR_NAMES,
  GROUP_PALETTE,
  groupColorHex,
  isHexColor,
  LEGACY_GROUP_COLORS,
  legacyGroupColorName,
  nearestNamedColor,
  nearestPassingShade,
  passesContrastAA,
  relativeLuminance,
} from './group-colors';

describe('relativeLuminance and contrastRatio (WCAG 2.1)', () => {
  it('gives the defined end points', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 12);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 12);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 12);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  it('matches hand-computed values', () => {
    // #808080: c = 128/255 = 0.50196; ((c + 0.055) / 1.055)^2.4 = 0.21586 on each channel.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.21586, 5);
    // Pure red: only 0.2126 of the red channel → (1.05) / (0.2126 + 0.05) = 3.998.
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 12);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(3.998, 3);
    // Well-known AA boundary greys on white: #767676 passes (4.54), #777777 fails (4.48).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(passesContrastAA('#767676')).toBe(true);
    expect(passesContrastAA('#777777')).toBe(false);
    expect(passesContrastAA('#777777', '#000000')).toBe(true);
  });

  it('refuses what is not #rrggbb', () => {
    for (const bad of ['#fff', 'ffffff', '#gggggg', '#1234567', 'red', '']) {
      expect(isHexColor(bad)).toBe(false);
      expect(() => relativeLuminance(bad)).toThrow(RangeError);
    }
    expect(isHexColor('#A1b2C3')).toBe(true);
  });
});

describe('the palette', () => {
  it('has the eight names of the specification, in order', () => {
    expect(GROUP_COLOR_NAMES).toEqual(['orange', 'blue', 'green', 'red', 'purple', 'teal', 'pink', 'amber']);
  });

  it('every colour passes AA with white text', () => {
    for (const name of GROUP_COLOR_NAMES) {
      expect(isHexColor(GROUP_PALETTE[name])).toBe(true);
      expect(contrastRatio(GROUP_PALETTE[name], '#ffffff'), name).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it('every colour is its own nearest name, and the colours are distinct', () => {
    for (const name of GROUP_COLOR_NAMES) expect(nearestNamedColor(GROUP_PALETTE[name])).toBe(name);
    expect(new Set(Object.values(GROUP_PALETTE)).size).toBe(GROUP_COLOR_NAMES.length);
  });

  it('no two colours look alike: every pair at least 0.08 apart in OKLab', () => {
    const close: string[] = [];
    for (const [i, a] of GROUP_COLOR_NAMES.entries()) {
      for (const b of GROUP_COLOR_NAMES.slice(i + 1)) {
        const apart = colorDistance(GROUP_PALETTE[a], GROUP_PALETTE[b]);
        if (apart < 0.08) close.push(`${a}–${b} ${apart.toFixed(3)}`);
      }
    }
    expect(close).toEqual([]);
    // The measure itself: a colour is 0 from itself, black and white are 1 apart.
    expect(colorDistance('#123456', '#123456')).toBe(0);
    expect(colorDistance('#000000', '#ffffff')).toBeCloseTo(1, 3);
  });

  it('groupColorHex paints names and custom hexes', () => {
    expect(groupColorHex('teal')).toBe(GROUP_PALETTE.teal);
    expect(groupColorHex('#1E3A8A')).toBe('#1e3a8a');
    expect(() => groupColorHex('emerald')).toThrow(RangeError);
  });
});

describe('nearestPassingShade', () => {
  it('returns a passing colour unchanged (lower case)', () => {
    expect(nearestPassingShade('#1E3A8A')).toBe('#1e3a8a');
    expect(nearestPassingShade(GROUP_PALETTE.red)).toBe(GROUP_PALETTE.red);
  });

  it('darkens a light colour just enough for white text', () => {
    for (const hex of ['#f59e0b', '#10b981', '#ffff00', '#0ea5e9', '#f43f5e', '#ffffff', '#777777', '#ff0000']) {
      const shade = nearestPassingShade(hex);
      expect(passesContrastAA(shade), `${hex} → ${shade}`).toBe(true);
      expect(relativeLuminance(shade)).toBeLessThan(relativeLuminance(hex));
      // Just enough: one step lighter on every channel would fail again (or the shade is as light as can be).
      const lighter = `#${[1, 3, 5].map((i) => Math.min(255, parseInt(shade.slice(i, i + 2), 16) + 2).toString(16).padStart(2, '0')).join('')}`;
      expect(passesContrastAA(lighter), `${hex} → ${shade}, ${lighter}`).toBe(false);
    }
    // White becomes #767676, the lightest grey that passes on white.
    expect(nearestPassingShade('#ffffff')).toBe('#767676');
    expect(nearestPassingShade('#777777')).toBe('#767676');
  });

  it('keeps the hue while darkening (channel ratios stay)', () => {
    const shade = nearestPassingShade('#f59e0b'); // amber 500: 245, 158, 11
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(shade.slice(i, i + 2), 16)) as [number, number, number];
    expect(g / r).toBeCloseTo(158 / 245, 1);
    expect(b / r).toBeCloseTo(11 / 245, 1);
  });

  it('lightens for dark text, and finds a shade for any text colour', () => {
    const shade = nearestPassingShade('#333333', '#000000');
    expect(passesContrastAA(shade, '#000000')).toBe(true);
    expect(relativeLuminance(shade)).toBeGreaterThan(relativeLuminance('#333333'));
    // Mid-grey text: black and white both pass on one side at least (21 = product of the two ratios).
    for (let grey = 0; grey <= 255; grey += 17) {
      const text = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      for (const background of ['#808080', '#f59e0b', '#1e3a8a', text]) {
        expect(passesContrastAA(nearestPassingShade(background, text), text), `${background} under ${text}`).toBe(true);
      }
    }
  });
});

describe('nearestNamedColor and legacyGroupColorName', () => {
  it('maps colours to the palette name of their hue', () => {
    expect(nearestNamedColor('#f97316')).toBe('orange');
    expect(nearestNamedColor('#1e3a8a')).toBe('blue'); // navy
    expect(nearestNamedColor('#00ff00')).toBe('green');
    expect(nearestNamedColor('#ff0000')).toBe('red');
    expect(nearestNamedColor('#7c3aed')).toBe('purple');
    expect(nearestNamedColor('#00ffff')).toBe('teal');
    expect(nearestNamedColor('#f472b6')).toBe('pink');
    expect(nearestNamedColor('#fbbf24')).toBe('amber');
    expect(nearestNamedColor('#8b4513')).toBe('orange'); // brown: the hue of the palette's orange (#b45309)
  });

  it('maps greys, black and white to blue', () => {
    for (const grey of ['#000000', '#ffffff', '#808080', '#6b7280']) expect(nearestNamedColor(grey)).toBe('blue');
  });

  it('migrates the old colour names', () => {
    expect(Object.fromEntries(Object.keys(LEGACY_GROUP_COLORS).map((name) => [name, legacyGroupColorName(name)]))).toEqual({
      emerald: 'green',
      sky: 'blue',
      violet: 'purple',
      amber: 'amber',
      rose: 'red',
      slate: 'blue',
    });
  });

  it('keeps palette names, maps hexes, and sends anything else to blue', () => {
    expect(legacyGroupColorName('teal')).toBe('teal');
    expect(legacyGroupColorName(' Pink ')).toBe('pink');
    expect(legacyGroupColorName('#DC2626')).toBe('red');
    expect(legacyGroupColorName('constructor')).toBe('blue');
    expect(legacyGroupColorName('')).toBe('blue');
  });
});
