import { describe, expect, it } from 'vitest';
import { hasOpenfootballData, OPENFOOTBALL_FILES, readOpenfootball } from '../../../../tests/openfootball-data';
import { ImportError } from '../fixture-source';
import { parseOpenfootball } from './parse';

const withData = hasOpenfootballData();

describe.runIf(withData)('parseOpenfootball on the shared openfootball files', () => {
  it.each(OPENFOOTBALL_FILES)('$path: counts match INDEX.md', (file) => {
    const competition = parseOpenfootball(readOpenfootball(file.path), { timeZone: file.tz, sourcePath: file.path });
    const teams = new Set(competition.matches.flatMap((m) => [m.home.name, m.away.name]));
    expect(competition.matches).toHaveLength(file.matches);
    expect(teams.size).toBe(file.teams);
    expect(competition.matches.filter((m) => m.status === 'finished')).toHaveLength(file.finished);
    expect(competition.matches.filter((m) => m.status === 'postponed')).toHaveLength(file.postponed);
    expect(competition.kind).toBe(file.kind);
    // rounds are numbered 1..n chronologically
    const orders = [...new Set(competition.matches.map((m) => m.roundOrder))].sort((a, b) => a - b);
    expect(orders).toEqual(orders.map((_, i) => i + 1));
  });

  it('World Cup 2022 final: kickoff 15:00 UTC, 2-2 at 90 minutes, 3-3 after extra time, 4-2 on penalties', () => {
    const wc = parseOpenfootball(readOpenfootball('worldcup.json/2022/worldcup.json'), { timeZone: 'Asia/Qatar', sourcePath: 'worldcup.json/2022/worldcup.json' });
    const final = wc.matches.find((m) => m.roundName === 'Final');
    expect(final?.kickoff.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    expect(final).toMatchObject({
      home: { name: 'Argentina' }, away: { name: 'France' }, status: 'finished', stage: 'knockout',
      fullTime: [2, 2], extraTime: [3, 3], penalties: [4, 2],
    });
    // Its goals in the order they were scored, each for the side whose list holds it.
    expect(final?.goals?.map((g) => `${g.side} ${g.minute}${g.offset === null ? '' : `+${g.offset}`} ${g.scorer}${g.penalty ? ' (pen.)' : ''}`)).toEqual([
      'home 23 Lionel Messi (pen.)', 'home 36 Ángel Di María', 'away 80 Kylian Mbappé (pen.)', 'away 81 Kylian Mbappé', 'home 108 Lionel Messi', 'away 118 Kylian Mbappé (pen.)',
    ]);
    // Stoppage time as written (England 6–2 Iran: Taremi 90+13 pen.), and a 0–0 has no goals listed.
    const iran = wc.matches.find((m) => m.home.name === 'England' && m.away.name === 'Iran');
    expect(iran?.goals?.at(-1)).toMatchObject({ side: 'away', minute: 90, offset: 13, scorer: 'Mehdi Taremi', penalty: true, ownGoal: false });
    expect(wc.matches.find((m) => m.home.name === 'England' && m.away.name === 'USA')?.goals).toBeNull();
    expect(wc.season).toBe('2022');
    expect(wc.name).toBe('World Cup 2022');
    // group matches know their group; the final is the last round
    expect(wc.matches.filter((m) => m.stage === 'group')).toHaveLength(48);
    expect(final?.roundOrder).toBe(Math.max(...wc.matches.map((m) => m.roundOrder)));
  });

  it('World Cup 2018: the explicit UTC+3 offset wins over --tz', () => {
    const wc = parseOpenfootball(readOpenfootball('worldcup.json/2018/worldcup.json'), { timeZone: 'America/New_York' });
    const opener = wc.matches.find((m) => m.home.name === 'Russia' && m.away.name === 'Saudi Arabia');
    expect(opener?.kickoff.toISOString()).toBe('2018-06-14T15:00:00.000Z');
  });

  it('EPL: local UK time follows summer time (BST in August, GMT in December)', () => {
    const epl = parseOpenfootball(readOpenfootball('football.json/2024-25/en.1.json'), { timeZone: 'Europe/London' });
    const opener = epl.matches.find((m) => m.home.name === 'Manchester United FC' && m.away.name === 'Fulham FC');
    expect(opener?.kickoff.toISOString()).toBe('2024-08-16T19:00:00.000Z');
    const winter = epl.matches.find((m) => m.kickoff.toISOString().startsWith('2024-12-26'));
    expect(winter && winter.kickoff.getUTCHours()).toBeGreaterThanOrEqual(12);
  });

  it('EPL 2025/26 has its postponed match, with no score', () => {
    const epl = parseOpenfootball(readOpenfootball('football.json/2025-26/en.1.json'), { timeZone: 'Europe/London' });
    const postponed = epl.matches.filter((m) => m.status === 'postponed');
    expect(postponed).toHaveLength(1);
    expect(postponed[0]).toMatchObject({ home: { name: 'Manchester City FC' }, away: { name: 'Crystal Palace FC' }, fullTime: null });
  });

  it('Euro 2024: nested rounds and {name, code} teams; warns where full time holds extra-time goals', () => {
    const euro = parseOpenfootball(readOpenfootball('euro.json/2024/euro.json'), { timeZone: 'Europe/Berlin' });
    const england = euro.matches.find((m) => m.home.name === 'England' && m.away.name === 'Slovakia');
    expect(england).toMatchObject({ roundName: 'Round of 16', stage: 'knockout', home: { code: 'ENG' }, fullTime: [2, 1], extraTime: null });
    expect(euro.warnings.some((w) => w.includes('England v Slovakia') && w.includes('may include extra time'))).toBe(true);
    expect(euro.warnings.some((w) => w.includes('Spain v Germany'))).toBe(true);
  });

  it('Champions League: stage-prefixed rounds, two legs kept apart, impossible shoot-outs imported with a warning', () => {
    const ucl = parseOpenfootball(readOpenfootball('football.json/2024-25/uefa.cl.json'), { timeZone: 'Europe/Paris' });
    expect(ucl.matches.filter((m) => m.stage === 'league')).toHaveLength(144);
    expect(ucl.matches.find((m) => m.roundName === 'Finals, Semifinals')?.stage).toBe('knockout');
    const liverpool = ucl.matches.find((m) => m.home.name.startsWith('Liverpool') && m.roundName === 'Finals, Round of 16');
    expect(liverpool?.penalties).toEqual([4, 4]);
    const shootoutWarnings = ucl.warnings.filter((w) => w.includes('penalty shoot-out 4-4 is impossible'));
    expect(shootoutWarnings).toHaveLength(2);
    const final = ucl.matches.find((m) => m.roundName === 'Finals, Final');
    expect(final).toMatchObject({ status: 'scheduled', fullTime: null });
  });
});

describe('parseOpenfootball on crafted input', () => {
  const doc = (matches: unknown[]) => ({ name: 'Test Cup 2026', matches });
  const m = (extra: Record<string, unknown> = {}) => ({
    round: 'Matchday 1', date: '2026-06-11', time: '13:00 UTC-6', team1: 'Mexico', team2: 'South Africa',
    score: { ft: [2, 0], ht: [1, 0] }, ...extra,
  });

  it('reads the 2026 variant: string goal minutes, num, negative offsets', () => {
    const c = parseOpenfootball(doc([
      m({ goals1: [{ name: 'Quiñones', minute: '9' }, { name: 'Jiménez', minute: '90+4' }], goals2: [], group: 'Group A', ground: 'Mexico City' }),
      m({ round: 'Round of 32', num: 82, date: '2026-07-01', time: '13:00 UTC-7', team1: 'Belgium', team2: 'Senegal', score: { et: [3, 2], ft: [2, 2] }, group: undefined }),
    ]));
    expect(c.matches[0]?.kickoff.toISOString()).toBe('2026-06-11T19:00:00.000Z');
    expect(c.matches[0]?.goals).toEqual([
      { side: 'home', minute: 9, offset: null, scorer: 'Quiñones', penalty: false, ownGoal: false },
      { side: 'home', minute: 90, offset: 4, scorer: 'Jiménez', penalty: false, ownGoal: false },
    ]);
    expect(c.matches[1]).toMatchObject({ externalId: 'num:82', stage: 'knockout', extraTime: [3, 2] });
    expect(c.warnings).toEqual([]);
    expect(c.season).toBe('2026');
  });

  it('warns about a goal past 90 without extra time (the WC 2026 "92" quirk)', () => {
    const c = parseOpenfootball(doc([m({ goals1: [{ minute: '92' }] })]));
    expect(c.warnings[0]).toMatch(/minute 92/);
  });

  it('treats an empty score as not played and postponed status as postponed', () => {
    const c = parseOpenfootball(doc([m({ score: {} }), m({ team1: 'A', team2: 'B', score: {}, status: 'postponed', time: undefined })]), { timeZone: 'UTC' });
    expect(c.matches.map((x) => x.status).sort()).toEqual(['postponed', 'scheduled']);
    expect(c.warnings.some((w) => w.includes('no kickoff time'))).toBe(true);
  });

  it('requires --tz for times without an offset, naming the match', () => {
    expect(() => parseOpenfootball(doc([m({ time: '18:00' })]))).toThrow(/match #1 \[Matchday 1\] Mexico v South Africa \(2026-06-11\).*--tz/);
  });

  it('rejects an unknown time zone', () => {
    expect(() => parseOpenfootball(doc([m()]), { timeZone: 'Mars/Olympus' })).toThrow(/Unknown time zone/);
  });

  it.each([
    [{ score: { ft: [-1, 0] } }, /score\.ft/],
    [{ score: { ft: [1] } }, /score\.ft/],
    [{ date: '2026-13-01' }, /not a valid date/],
    [{ date: '11/06/2026' }, /YYYY-MM-DD/],
    [{ time: '25:99 UTC+1' }, /not a valid date/],
    [{ time: 'evening' }, /not HH:MM/],
    [{ team1: 'Y' }, /cannot play itself/],
    [{ team1: '' }, /team1/],
    [{ round: undefined }, /has no round/],
  ])('rejects a malformed match (%j) with an error naming it', (extra, message) => {
    const run = () => parseOpenfootball(doc([m(), m({ team1: 'X', team2: 'Y', ...extra })]), { timeZone: 'UTC' });
    expect(run).toThrow(ImportError);
    expect(run).toThrow(message);
    expect(run).toThrow(/match #2/);
  });

  it('rejects a duplicated fixture', () => {
    expect(() => parseOpenfootball(doc([m(), m()]))).toThrow(/same fixture/);
  });

  it('rejects documents of another shape', () => {
    expect(() => parseOpenfootball({ foo: 1 })).toThrow(/Not an openfootball file/);
    expect(() => parseOpenfootball([])).toThrow(ImportError);
  });
});
