import { describe, expect, it } from 'vitest';
import { createReplayRequest } from '../../../../contracts/replay';
import { initialReplayForm, replayBody, replayFieldOf, startsTooSoon, type ReplayForm } from './replay-form';

// TZ=UTC in the tests: datetime-local values read as UTC.
const now = Date.parse('2026-06-11T17:03:20.000Z');

describe('initialReplayForm', () => {
  it('opens on the shipped World Cup at speed 60, the first kickoff 20 minutes ahead on a whole minute', () => {
    expect(initialReplayForm(now)).toEqual({ kind: 'bundled', url: '', timeZone: '', speed: '60', startsAt: '2026-06-11T17:24', leagueName: '' });
  });
});

describe('replayBody', () => {
  const form: ReplayForm = { ...initialReplayForm(now), leagueName: '  ' };

  it('makes a request the contract takes, for each source', () => {
    expect(createReplayRequest.parse(replayBody(form, null))).toEqual({
      source: { kind: 'bundled', name: 'worldcup-2022' }, speed: 60, startsAt: '2026-06-11T17:24:00.000Z',
    });
    const url = replayBody({ ...form, kind: 'url', url: ' https://example.com/2022/worldcup.json ', timeZone: ' Asia/Qatar ', leagueName: ' Copa ' }, null);
    expect(createReplayRequest.parse(url)).toMatchObject({
      source: { kind: 'url', url: 'https://example.com/2022/worldcup.json', timeZone: 'Asia/Qatar' }, leagueName: 'Copa',
    });
    const upload = replayBody({ ...form, kind: 'document', speed: '120' }, { name: 'euro.json', document: { matches: [] } });
    expect(createReplayRequest.parse(upload)).toMatchObject({ source: { kind: 'document', name: 'euro.json', document: { matches: [] } }, speed: 120 });
    expect(upload.source).not.toHaveProperty('timeZone');
  });

  it('passes what cannot be read as it is, so the schema refuses it on its field', () => {
    const refused = (values: Partial<ReplayForm>) => [...new Set(createReplayRequest.safeParse(replayBody({ ...form, ...values }, null)).error?.issues
      .map((issue) => replayFieldOf(issue.path, values.kind ?? 'bundled')))];
    expect(refused({ speed: '' })).toEqual(['speed']);
    expect(refused({ speed: '601' })).toEqual(['speed']);
    expect(refused({ startsAt: 'tomorrow' })).toEqual(['startsAt']);
    expect(refused({ kind: 'url', url: 'ftp://example.com/a.json' })).toEqual(['url']);
    expect(refused({ kind: 'document' })).toEqual(['file']);
  });
});

describe('replayFieldOf', () => {
  it('names the form field of a path, or none', () => {
    expect(replayFieldOf(['source', 'timeZone'], 'url')).toBe('timeZone');
    expect(replayFieldOf(['source'], 'url')).toBe('url');
    expect(replayFieldOf(['source', 'name'], 'document')).toBe('file');
    expect(replayFieldOf(['source'], 'bundled')).toBeNull();
    expect(replayFieldOf(['leagueName'], 'bundled')).toBe('leagueName');
    expect(replayFieldOf(['body'], 'bundled')).toBeNull();
  });
});

describe('startsTooSoon', () => {
  it('is true for a first kickoff less than 15 minutes ahead (or past), false otherwise or unreadable', () => {
    expect(startsTooSoon('2026-06-11T17:15', now)).toBe(true);
    expect(startsTooSoon('2026-06-11T17:00', now)).toBe(true);
    expect(startsTooSoon('2026-06-11T17:19', now)).toBe(false);
    expect(startsTooSoon('', now)).toBe(false);
  });
});
