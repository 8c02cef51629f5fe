import { describe, expect, it } from 'vitest';
import { postTimeFull, postTimeText } from './post-time';

const now = Date.parse('2026-03-20T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('postTimeText', () => {
  it('says how long ago in the page language', () => {
    expect(postTimeText(ago(10), now, 'en')).toBe('now');
    expect(postTimeText(ago(-30), now, 'en')).toBe('now');
    expect(postTimeText(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(postTimeText(ago(5 * 60), now, 'pt-BR')).toBe('há 5 minutos');
    expect(postTimeText(ago(5 * 60), now, 'es')).toBe('hace 5 minutos');
    expect(postTimeText(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(postTimeText(ago(26 * 3600), now, 'en')).toBe('yesterday');
    expect(postTimeText(ago(4 * 86_400), now, 'es')).toBe('hace 4 días');
  });

  it('gives the date after a week, with the year once it is another', () => {
    expect(postTimeText('2026-03-01T10:00:00Z', now, 'en')).toBe('Mar 1');
    expect(postTimeText('2025-12-01T10:00:00Z', now, 'pt-BR')).toBe('1 de dez. de 2025');
  });

  it('gives the full date and time', () => {
    expect(postTimeFull('2026-03-01T10:05:00Z', 'en')).toBe('Sunday, March 1, 2026 at 10:05 AM');
  });
});
