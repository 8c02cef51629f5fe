import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

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
