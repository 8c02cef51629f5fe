import { describe, expect, it } from 'vitest';
import { WALL_POST_MAX_CHARS, wallPostText, wallTextParts } from './wall';

describe('wallPostText', () => {
  it('trims, keeps line breaks (at most two blank lines), and refuses empty or too long text', () => {
    expect(wallPostText('  Vamos!\r\nHoje tem jogo  ')).toEqual({ text: 'Vamos!\nHoje tem jogo' });
    expect(wallPostText('a\n\n\n\n\n\nb')).toEqual({ text: 'a\n\n\nb' });
    expect(wallPostText(' \n\t ')).toEqual({ error: 'empty' });
    // Counted in code points: 1,000 emoji are 1,000 characters (2,000 UTF-16 units).
    expect(wallPostText('⚽'.repeat(WALL_POST_MAX_CHARS))).toEqual({ text: '⚽'.repeat(WALL_POST_MAX_CHARS) });
    expect(wallPostText('x'.repeat(WALL_POST_MAX_CHARS + 1))).toEqual({ error: 'too_long' });
  });
});

describe('wallTextParts', () => {
  it('finds http, https and www links, leaving trailing punctuation and never other schemes', () => {
    expect(wallTextParts('See https://example.com/a?b=1, and www.fifa.com.')).toEqual([
      { text: 'See ' }, { link: 'https://example.com/a?b=1' }, { text: ', and ' }, { link: 'https://www.fifa.com' }, { text: '.' },
    ]);
    expect(wallTextParts('javascript:alert(1) <b>hi</b>')).toEqual([{ text: 'javascript:alert(1) <b>hi</b>' }]);
    expect(wallTextParts('(http://a.b/c)')).toEqual([{ text: '(' }, { link: 'http://a.b/c' }, { text: ')' }]);
    expect(wallTextParts('')).toEqual([]);
  });
});
