/** The generated avatar: initials, colour from the username, clamped size and escaped SVG, by hand-computed cases. */
import { describe, expect, it } from 'vitest';
import {
  AVATAR_PALETTE, avatarColor, avatarInitials, avatarSvg, clampAvatarSize, escapeXml, usernameHash,
} from './avatar';

/** WCAG 2 contrast ratio of white on `hex`. */
function whiteContrast(hex: string): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

describe('avatarInitials', () => {
  it.each([
    ['Ana Paula Souza', 'AS'],
    ['zico', 'Z'],
    ['joao_pereira', 'JP'],
    ['maria.da-silva', 'MS'],
    ['  élodie   durand ', 'ÉD'],
    ['(Zé) Roberto', 'ZR'],
    ['R2 D2', 'RD'],
    ['7 belo', '7B'],
    ['', 'U'],
    ['--- ...', 'U'],
    ['<script>alert(1)</script>', 'S'],
  ])('%j → %s', (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });
});

describe('usernameHash and avatarColor', () => {
  it('hashes as h × 31 + code unit, modulo 2³², of the lower-cased name', () => {
    expect(usernameHash('')).toBe(0);
    expect(usernameHash('a')).toBe(97);
    // 97 × 31 + 98
    expect(usernameHash('ab')).toBe(3105);
    // ((122 × 31 + 105) × 31 + 99) × 31 + 111
    expect(usernameHash('zico')).toBe(3_738_587);
    expect(usernameHash('ZICO')).toBe(3_738_587);
    // Wraps at 2³²: stays a non-negative 32-bit integer.
    expect(usernameHash('maria.silva')).toBe(4_148_829_449);
  });

  it('picks the palette entry hash mod 16', () => {
    expect(AVATAR_PALETTE).toHaveLength(16);
    expect(avatarColor('ab')).toBe('#c2410c'); // 3105 mod 16 = 1
    expect(avatarColor('zico')).toBe('#6d28d9'); // 3738587 mod 16 = 11
    expect(avatarColor('Zico')).toBe('#6d28d9');
    expect(avatarColor('maria.silva')).toBe('#1d4ed8'); // 4148829449 mod 16 = 9
  });

  it('has only colours on which white text passes WCAG AA (4.5:1)', () => {
    for (const color of AVATAR_PALETTE) expect(whiteContrast(color), color).toBeGreaterThanOrEqual(4.5);
    expect(whiteContrast('#ffffff')).toBeCloseTo(1); // the formula itself
    expect(whiteContrast('#000000')).toBeCloseTo(21);
  });
});

describe('escapeXml and clampAvatarSize', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;');
  });

  it('keeps sizes within 16–512 px, 40 by default', () => {
    expect(clampAvatarSize(undefined)).toBe(40);
    expect(clampAvatarSize(Number.NaN)).toBe(40);
    expect(clampAvatarSize(1)).toBe(16);
    expect(clampAvatarSize(64.4)).toBe(64);
    expect(clampAvatarSize(10_000)).toBe(512);
  });
});

describe('avatarSvg', () => {
  it('draws the initials of the name on the username’s colour, 40 px by default', () => {
    expect(avatarSvg({ name: 'Zico Galinho', username: 'zico' })).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 100 100">' +
        '<rect width="100" height="100" fill="#6d28d9"/>' +
        `<text x="50" y="50" dy=".35em" fill="#ffffff" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" ` +
        'font-size="40" font-weight="600" text-anchor="middle">ZG</text></svg>',
    );
  });

  it('falls back to the username, then to the name "User"', () => {
    expect(avatarSvg({ name: '  ', username: 'joao_pereira', size: 64 })).toContain('width="64" height="64"');
    expect(avatarSvg({ name: '', username: 'joao_pereira' })).toContain('>JP</text>');
    const anonymous = avatarSvg({});
    expect(anonymous).toContain('>U</text>');
    expect(anonymous).toContain(`fill="${avatarColor('User')}"`);
  });

  it('never lets markup of a name into the document', () => {
    const svg = avatarSvg({ name: '<script>alert(1)</script>', username: 'x"><script>' });
    expect(svg).not.toContain('<script');
    expect(svg.match(/</g)).toHaveLength(5); // <svg, <rect, <text, </text>, </svg>: nothing else
  });
});
