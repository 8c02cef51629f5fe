import { describe, expect, it } from 'vitest';
import {
  columnX, fitText, PODIUM_FONTS, PODIUM_IMAGE_SIZE, podiumFileName, podiumImageLayout, stepLines, type MeasureText, type PodiumDrawOp,
} from './podium-image';

/** A monospaced stand-in for a canvas: every character is 0.6 of the font's size wide. */
const measure: MeasureText = (text, font) => Array.from(text).length * 0.6 * Number(/(\d+)px/.exec(font)![1]);

const texts = (ops: PodiumDrawOp[]) => ops.filter((op) => op.kind === 'text');
const input = {
  groupName: 'Bolão da Firma',
  league: 'Brasileirão Série A 2026',
  color: '#15803d',
  title: 'Final podium',
  steps: [
    { rank: 1, names: ['ana'], points: '42 pts' },
    { rank: 2, names: ['bruno'], points: '40 pts' },
    { rank: 3, names: ['carla'], points: '31 pts' },
  ],
};

describe('fitText', () => {
  it('keeps a text that fits as it is, spaces tidied', () => {
    expect(fitText('  ana   maria ', 1000, PODIUM_FONTS.name, measure)).toBe('ana maria');
  });

  it('cuts a long text with an ellipsis to the widest prefix that fits', () => {
    // 36 px bold: 21.6 px a character; 200 px hold 9 characters, the ellipsis one of them.
    const fitted = fitText('Maximiliano Fernandes', 200, PODIUM_FONTS.name, measure);
    expect(fitted).toBe('Maximili…');
    expect(measure(fitted, PODIUM_FONTS.name)).toBeLessThanOrEqual(200);
    expect(measure(fitText('Maximiliano Fernandes', 200 + 21.6, PODIUM_FONTS.name, measure), PODIUM_FONTS.name)).toBeGreaterThan(200);
  });

  it('cuts whole characters, never half an emoji, and no space before the ellipsis', () => {
    expect(fitText('⚽⚽⚽⚽⚽⚽', 4 * 21.6, PODIUM_FONTS.name, measure)).toBe('⚽⚽⚽…');
    expect(fitText('ana maria', 5 * 21.6, PODIUM_FONTS.name, measure)).toBe('ana…');
  });
});

describe('podium picture layout', () => {
  it('is 1200 × 630, painted in the group colour', () => {
    expect(PODIUM_IMAGE_SIZE).toEqual({ width: 1200, height: 630 });
    expect(podiumImageLayout(input, measure)[0]).toEqual({ kind: 'rect', x: 0, y: 0, width: 1200, height: 630, radius: 0, fill: '#15803d' });
  });

  it('stands 2nd, 1st, 3rd from left to right, the 1st highest, centred', () => {
    expect(columnX(2)).toBeLessThan(columnX(1));
    expect(columnX(1)).toBeLessThan(columnX(3));
    expect(columnX(2)).toBe(1200 - (columnX(3) + 300));
    const ops = podiumImageLayout(input, measure);
    const name = (n: string) => texts(ops).find((op) => op.text === n)!;
    expect([name('bruno'), name('ana'), name('carla')].map((op) => op.x)).toEqual([2, 1, 3].map((r) => columnX(r) + 150));
    expect(name('ana').y).toBeLessThan(name('bruno').y);
    expect(name('bruno').y).toBeLessThan(name('carla').y);
    expect(texts(ops).map((op) => op.text)).toEqual(expect.arrayContaining(['1', '2', '3', '42 pts', '40 pts', '31 pts']));
  });

  it('writes the heading, the group, the league and the app name in white, inside the picture', () => {
    const ops = texts(podiumImageLayout(input, measure));
    expect(ops.map((op) => op.text)).toEqual(expect.arrayContaining(['FINAL PODIUM', 'Palpite', 'Bolão da Firma', 'Brasileirão Série A 2026']));
    for (const op of ops.filter((o) => !/^[123]$/.test(o.text))) {
      expect(op.fill).toBe('#ffffff');
      const width = measure(op.text, op.font);
      const left = op.align === 'left' ? op.x : op.align === 'right' ? op.x - width : op.x - width / 2;
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + width).toBeLessThanOrEqual(1200);
      expect(op.y).toBeGreaterThan(0);
      expect(op.y).toBeLessThanOrEqual(630);
    }
  });

  it('cuts long names to their step and a long group name to the width, with an ellipsis', () => {
    const long = { ...input, groupName: 'The Extremely Long Name Of A Prediction Pool Among Old Friends', steps: [{ rank: 1, names: ['Maximiliano_Fernandes_da_Silva'], points: '9 pts' }] };
    const ops = texts(podiumImageLayout(long, measure));
    const name = ops.find((op) => op.text.startsWith('Maximil'))!;
    expect(name.text.endsWith('…')).toBe(true);
    expect(measure(name.text, name.font)).toBeLessThanOrEqual(300);
    const group = ops.find((op) => op.text.startsWith('The Extremely'))!;
    expect(group.text.endsWith('…')).toBe(true);
    expect(measure(group.text, group.font)).toBeLessThanOrEqual(1200 - 160);
  });

  it('leaves an empty step bare (a tie for 1st: no 2nd) and puts tied names a line each on one step', () => {
    const tied = { ...input, steps: [{ rank: 1, names: ['ana', 'bruno'], points: '42 pts' }, { rank: 3, names: ['carla'], points: '31 pts' }] };
    const ops = podiumImageLayout(tied, measure);
    const name = (n: string) => texts(ops).find((op) => op.text === n)!;
    expect(texts(ops).map((op) => op.text)).not.toContain('2');
    expect(name('ana').x).toBe(name('bruno').x);
    expect(name('bruno').y - name('ana').y).toBe(42);
    expect(name('42 pts').y).toBeGreaterThan(name('bruno').y);
    expect(ops.filter((op) => op.kind === 'rect')).toHaveLength(4);
    expect(ops.filter((op) => op.kind === 'circle')).toHaveLength(2);
  });

  it('names at most two tied members, counts the rest, and keeps the count when a name is cut', () => {
    expect(stepLines(['ana'])).toEqual([{ name: 'ana', suffix: '' }]);
    expect(stepLines(['ana', 'bruno', 'carla', 'dora'])).toEqual([{ name: 'ana', suffix: '' }, { name: 'bruno', suffix: ' +2' }]);
    const crowd = { ...input, steps: [{ rank: 1, names: ['ana', 'Maximiliano_Fernandes_da_Silva', 'carla'], points: '42 pts' }] };
    const second = texts(podiumImageLayout(crowd, measure)).find((op) => op.text.startsWith('Maxi'))!;
    expect(second.text).toMatch(/…\s\+1$/);
    expect(measure(second.text, second.font)).toBeLessThanOrEqual(300);
  });
});

describe('podiumFileName', () => {
  it('spells the group plainly', () => {
    expect(podiumFileName('Bolão do Zé')).toBe('bolao-do-ze-podium.png');
    expect(podiumFileName('  Los Niños ⚽ 2026! ')).toBe('los-ninos-2026-podium.png');
    expect(podiumFileName('⚽⚽')).toBe('palpite-podium.png');
    expect(podiumFileName('a'.repeat(80))).toBe(`${'a'.repeat(40)}-podium.png`);
  });
});
