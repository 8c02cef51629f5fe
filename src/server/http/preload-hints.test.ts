/** The first screen's preload hints (preload-hints.ts): which reads, for whom, and the header's form. */
import { describe, expect, it } from 'vitest';
import { carriesCookie, entryStyles, firstScreenReads, preloadLinkHeader, PROFILE_READ, screenCode, SESSION_READ, type BuildManifest } from './preload-hints';

const GROUP = '0b9e4c1a-5d2f-4e8a-9c3b-7a6d5e4f3c2b';

describe('firstScreenReads', () => {
  it("names a group page's five reads after the session check and the profile, for a signed-in browser", () => {
    expect(firstScreenReads(`/group/${GROUP}`, true)).toEqual([
      SESSION_READ, PROFILE_READ, `/api/groups/${GROUP}`, `/api/groups/${GROUP}/matches`, `/api/groups/${GROUP}/ranking?page=1`, '/api/groups',
      `/api/groups/${GROUP}/matchday-winners`,
    ]);
    // As the web app asks: the id as the address writes it; a trailing slash is the same page.
    expect(firstScreenReads(`/group/${GROUP.toUpperCase()}/`, true)[2]).toBe(`/api/groups/${GROUP.toUpperCase()}`);
  });

  it('names only the session check and the profile elsewhere, and nothing for a guest', () => {
    expect(firstScreenReads('/groups', true)).toEqual([SESSION_READ, PROFILE_READ]);
    expect(firstScreenReads(`/group/${GROUP}/stats`, true)).toEqual([SESSION_READ, PROFILE_READ]);
    expect(firstScreenReads('/group/not-a-uuid', true)).toEqual([SESSION_READ, PROFILE_READ]);
    expect(firstScreenReads(`/group/${GROUP}`, false)).toEqual([]);
  });
});

describe('preloadLinkHeader', () => {
  it('preloads each read as fetch() asks for it, then the code as modules, and says nothing for none', () => {
    expect(preloadLinkHeader(['/api/a', '/api/b?page=1'])).toBe('</api/a>; rel=preload; as=fetch; crossorigin, </api/b?page=1>; rel=preload; as=fetch; crossorigin');
    expect(preloadLinkHeader(['/api/a'], ['/assets/x.js'])).toBe('</api/a>; rel=preload; as=fetch; crossorigin, </assets/x.js>; rel=modulepreload');
    expect(preloadLinkHeader(['/api/a'], ['/assets/x.js'], ['/assets/y.css'])).toBe('</assets/y.css>; rel=preload; as=style; crossorigin, </api/a>; rel=preload; as=fetch; crossorigin, </assets/x.js>; rel=modulepreload');
    expect(preloadLinkHeader([])).toBeNull();
  });
});

describe('screenCode', () => {
  /** A build as Vite describes it: the entry's own imports, the group screen's, shared and nested ones, a cycle. */
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_framework-1.js', '_api-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js' },
    '_api-1.js': { file: 'assets/api-1.js' },
    'routes/group.tsx': { file: 'assets/group-1.js', imports: ['_framework-1.js', 'index.html', '_groups-1.js', '_format-1.js'] },
    '_groups-1.js': { file: 'assets/groups-1.js', imports: ['_api-1.js', '_uuid-1.js'] },
    '_uuid-1.js': { file: 'assets/uuid-1.js', imports: ['_groups-1.js'] },
    '_format-1.js': { file: 'assets/format-1.js' },
    'app/route-data.ts': { file: 'assets/route-data-1.js', imports: ['_groups-1.js'] },
    'routes/profile.tsx': { file: 'assets/profile-1.js' },
    // The texts: each language's start-up bundle (importing the entry) and its on-demand packs, named by Vite's chunk names.
    'i18n/bundles/en.ts': { file: 'assets/en-1.js', imports: ['index.html'] },
    'i18n/bundles/pt-BR.ts': { file: 'assets/pt-BR-1.js', imports: ['index.html'] },
    '_texts-play-en-1.js': { file: 'assets/texts-play-en-1.js' },
    '_texts-play-pt-BR-1.js': { file: 'assets/texts-play-pt-BR-1.js' },
    '_texts-auth-pt-BR-1.js': { file: 'assets/texts-auth-pt-BR-1.js' },
  };

  it("names a group page's screen and what it imports, less what index.html loads itself, each once, then its texts in the language", () => {
    expect(screenCode(manifest, `/group/${GROUP}`, 'en')).toEqual([
      '/assets/group-1.js', '/assets/groups-1.js', '/assets/uuid-1.js', '/assets/format-1.js', '/assets/route-data-1.js', '/assets/en-1.js', '/assets/texts-play-en-1.js',
    ]);
    expect(screenCode(manifest, `/group/${GROUP}`, 'pt-BR').slice(-2)).toEqual(['/assets/pt-BR-1.js', '/assets/texts-play-pt-BR-1.js']);
  });

  it("names only the start-up texts for other pages, what the build has of them, and nothing without a manifest", () => {
    expect(screenCode(manifest, '/profile', 'pt-BR')).toEqual(['/assets/pt-BR-1.js']);
    expect(screenCode(manifest, `/group/${GROUP}/stats`, 'en')).toEqual(['/assets/en-1.js']);
    // A build without Spanish texts names none rather than a file that is not there.
    expect(screenCode(manifest, `/group/${GROUP}`, 'es')).toEqual(['/assets/group-1.js', '/assets/groups-1.js', '/assets/uuid-1.js', '/assets/format-1.js', '/assets/route-data-1.js']);
    expect(screenCode(null, `/group/${GROUP}`, 'en')).toEqual([]);
  });

  it("names index.html's style sheets", () => {
    expect(entryStyles({ 'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] } })).toEqual(['/assets/index-1.css']);
    expect(entryStyles({ 'index.html': { file: 'assets/index-1.js' } })).toEqual([]);
    expect(entryStyles(null)).toEqual([]);
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
