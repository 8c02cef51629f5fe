import { describe, expect, it } from 'vitest';
import { emailVerifiedUrl, nextFrom, safeNext } from './safe-next';

describe('safeNext', () => {
  it.each(['/join/K7QX2MPA', '/groups/abc?tab=ranking', '/'])('keeps the app path %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });
  it.each([null, undefined, '', 'join', '//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'sends %s home',
    (next) => {
      expect(safeNext(next)).toBe('/');
    },
  );
});

describe('emailVerifiedUrl and nextFrom', () => {
  it('carries a safe next into the confirmation landing page', () => {
    expect(emailVerifiedUrl(null)).toBe('/email-verified');
    expect(emailVerifiedUrl('/join/K7QX2MPA')).toBe('/email-verified?next=%2Fjoin%2FK7QX2MPA');
    expect(nextFrom(new URLSearchParams('next=%2Fjoin%2FABC'))).toBe('/join/ABC');
    expect(nextFrom(new URLSearchParams('next=https%3A%2F%2Fevil.example'))).toBe('/');
    expect(nextFrom(new URLSearchParams(''))).toBeNull();
  });
});
