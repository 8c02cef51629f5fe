import { describe, expect, it } from 'vitest';
import { formatAgo, formatDuration } from './format-time';

describe('formatDuration', () => {
  const start = '2026-03-01T12:00:00.000Z';
  const after = (ms: number) => new Date(Date.parse(start) + ms).toISOString();

  it('is null while the run goes on', () => {
    expect(formatDuration(start, null, 'en')).toBeNull();
  });

  it('uses milliseconds, seconds, then minutes and seconds', () => {
    expect(formatDuration(start, after(40), 'en')).toBe('40 ms');
    expect(formatDuration(start, after(2_400), 'en')).toBe('2.4 sec');
    expect(formatDuration(start, after(12_000), 'en')).toBe('12 sec');
    expect(formatDuration(start, after(185_000), 'en')).toMatch(/^3 min,? 5 sec$/);
  });
});

describe('formatAgo', () => {
  it('says "now" under a minute, then minutes, hours and days', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(formatAgo('2026-03-01T11:59:30.000Z', now, 'en')).toBe('now');
    expect(formatAgo('2026-03-01T11:55:00.000Z', now, 'en')).toBe('5 minutes ago');
    expect(formatAgo('2026-03-01T09:00:00.000Z', now, 'en')).toBe('3 hours ago');
    expect(formatAgo('2026-02-28T12:00:00.000Z', now, 'en')).toBe('yesterday');
  });
});
