/** The first screen's preload hints (preload-hints.ts): which reads, for whom, and the header's form. */
import { describe, expect, it } from 'vitest';
import { carriesCookie, firstScreenReads, preloadLinkHeader, SESSION_READ } from './preload-hints';

const GROUP = '0b9e4c1a-5d2f-4e8a-9c3b-7a6d5e4f3c2b';

describe('firstScreenReads', () => {
  it("names a group page's four reads after the session check, for a signed-in browser", () => {
    expect(firstScreenReads(`/group/${GROUP}`, true)).toEqual([
      SESSION_READ, `/api/groups/${GROUP}`, `/api/groups/${GROUP}/matches`, `/api/groups/${GROUP}/ranking?page=1`, '/api/groups',
    ]);
    // As the web app asks: the id as the address writes it; a trailing slash is the same page.
    expect(firstScreenReads(`/group/${GROUP.toUpperCase()}/`, true)[1]).toBe(`/api/groups/${GROUP.toUpperCase()}`);
  });

  it('names only the session check elsewhere, and nothing for a guest', () => {
    expect(firstScreenReads('/groups', true)).toEqual([SESSION_READ]);
    expect(firstScreenReads(`/group/${GROUP}/stats`, true)).toEqual([SESSION_READ]);
    expect(firstScreenReads('/group/not-a-uuid', true)).toEqual([SESSION_READ]);
    expect(firstScreenReads(`/group/${GROUP}`, false)).toEqual([]);
  });
});

describe('preloadLinkHeader', () => {
  it('preloads each read as fetch() asks for it, and says nothing for none', () => {
    expect(preloadLinkHeader(['/api/a', '/api/b?page=1'])).toBe('</api/a>; rel=preload; as=fetch; crossorigin, </api/b?page=1>; rel=preload; as=fetch; crossorigin');
    expect(preloadLinkHeader([])).toBeNull();
  });
});

describe('carriesCookie', () => {
  it('finds the cookie by its exact name among others', () => {
    expect(carriesCookie('a=1; better-auth.session_token=x.y; b=2', 'better-auth.session_token')).toBe(true);
    expect(carriesCookie('better-auth.session_token_old=x', 'better-auth.session_token')).toBe(false);
    expect(carriesCookie('other=better-auth.session_token=x', 'better-auth.session_token')).toBe(false);
    expect(carriesCookie(undefined, 'better-auth.session_token')).toBe(false);
  });
});
