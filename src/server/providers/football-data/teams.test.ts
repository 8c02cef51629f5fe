import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../fixture-source';
import { mapFootballDataTeams, toImportedTeam } from './teams';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('football-data.org teams', () => {
  it('maps a competition\'s teams: full name, tla as code, short name, crest', () => {
    expect(mapFootballDataTeams(fixture('pl-teams.json'))).toEqual([
      { name: 'Arsenal FC', code: 'ARS', shortName: 'Arsenal', crestUrl: 'https://crests.football-data.org/57.png' },
      { name: 'Manchester United FC', code: 'MUN', shortName: 'Man United', crestUrl: 'https://crests.football-data.org/66.png' },
      { name: 'AFC Bournemouth', code: 'BOU', shortName: 'Bournemouth', crestUrl: 'https://crests.football-data.org/1044.png' },
    ]);
  });

  it('an undecided knockout place is no team; missing extras are null', () => {
    expect(toImportedTeam({ id: null, name: null, shortName: null, tla: null, crest: null })).toBeNull();
    expect(toImportedTeam({ id: 5, name: '  ' })).toBeNull();
    expect(toImportedTeam({ id: 5, name: 'Brazil' })).toEqual({ name: 'Brazil', code: null, shortName: null, crestUrl: null });
  });

  it('rejects documents of another shape', () => {
    expect(() => mapFootballDataTeams({ teams: [{ id: 1 }] })).toThrow(ImportError);
    expect(() => mapFootballDataTeams({ teams: [{ id: 1 }] })).toThrow(/teams\.0\.name/);
  });
});
