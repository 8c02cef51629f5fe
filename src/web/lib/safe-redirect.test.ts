import { describe, expect, it } from 'vitest';
import { redirectFrom, safeRedirect, withRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/join-group?code=K7QX-2MPA', '/group/abc?tab=ranking', '/'])('keeps the app path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });
  it.each([null, undefined, '', 'join', '//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example', '/\n/evil.example'])('sends %s home', (path) => {
    expect(safeRedirect(path)).toBe('/');
  });
});

describe('redirectFrom and withRedirect', () => {
  it('reads redirect, then the older next, made safe', () => {
    expect(redirectFrom(new URLSearchParams('redirect=%2Fgroups%3Fx%3D1'))).toBe('/groups?x=1');
    expect(redirectFrom(new URLSearchParams('next=%2Fjoin%2FABC'))).toBe('/join/ABC');
    expect(redirectFrom(new URLSearchParams('redirect=https%3A%2F%2Fevil.example'))).toBe('/');
    expect(redirectFrom(new URLSearchParams(''))).toBeNull();
  });
  it('carries a redirect to another auth page', () => {
    expect(withRedirect('/register', '/join-group?code=AB')).toBe('/register?redirect=%2Fjoin-group%3Fcode%3DAB');
    expect(withRedirect('/register', null)).toBe('/register');
    expect(withRedirect('/register', '/')).toBe('/register');
  });
});
