/**
 * Data for browser tests, made through the app's own services: a small league of the demo's teams with
 * the rounds a test needs, groups joined by invite code, predictions saved through the API, matches
 * played (kicked off in the past, finished and scored at once); and the app's texts in each language,
 * read from its translation files, so a test can look for what a person reads.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { matches } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { DEMO_TEAMS } from '../../src/server/modules/demo/demo-league';
import { importCompetition } from '../../src/server/modules/import/service';
import type { ApiUser, RunningApp } from './browser';

export const HOUR = 3_600_000;
export const LANGUAGES = ['en', 'pt-BR', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The browser locale that starts the app in each language. */
export const LOCALES: Record<Language, string> = { en: 'en-US', 'pt-BR': 'pt-BR', es: 'es-ES' };

/** A match of a test league, as a card names it. */
export interface LeagueMatch { id: string; home: string; away: string; label: string }

/** One fixture of a test league: its round (name, and order), kickoff and, for a tournament, its group. */
export interface Fixture { round: number; roundName?: string; groupName?: string; kickoff: Date }

/**
 * A league of the demo's teams with these fixtures (round "Matchday N" unless named), imported as a
 * provider's would be. `season` defaults to 2026, `kind` to a league (a tournament when groups are given).
 */
export async function newLeague(server: RunningApp, name: string, fixtures: Fixture[], options: { season?: string } = {}): Promise<{ leagueId: string; matches: LeagueMatch[] }> {
  const pair = (i: number) => [DEMO_TEAMS[i % 8]!, DEMO_TEAMS[(i + 4) % 8]!] as const;
  const tournament = fixtures.some((fixture) => fixture.groupName);
  const { leagueId } = await importCompetition(server.database.db, {
    name, season: options.season ?? '2026', kind: tournament ? 'tournament' : 'league', warnings: [],
    matches: fixtures.map(({ round, roundName, groupName, kickoff }, i) => {
      const [home, away] = pair(i);
      return {
        externalId: `M${i + 1}`, roundName: roundName ?? `Matchday ${round}`, roundOrder: round,
        stage: groupName ? 'group' as const : tournament ? 'knockout' as const : 'league' as const, groupName: groupName ?? null, kickoff,
        status: 'scheduled' as const, home: { ...home }, away: { ...away }, fullTime: null, extraTime: null, penalties: null, venue: null,
        label: `${home.name} v ${away.name}`,
      };
    }),
  }, { provider: 'demo' });
  const rows = await server.database.db.select({ id: matches.id, externalId: matches.externalId }).from(matches).where(eq(matches.leagueId, leagueId));
  return {
    leagueId,
    matches: fixtures.map((_, i) => {
      const [home, away] = pair(i);
      return { id: rows.find((row) => row.externalId === `M${i + 1}`)!.id, home: home.name, away: away.name, label: `${home.name} – ${away.name}` };
    }),
  };
}

/** Calls the API as `who` (its session cookie) and returns the JSON answer. */
export async function api(server: RunningApp, who: ApiUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  return response.body === '' ? null : response.json();
}

/** `owner`'s new group on a league (options as POST /api/groups takes them), `others` joining by its invite code; returns its id. */
export async function newGroup(server: RunningApp, owner: ApiUser, name: string, leagueId: string, others: ApiUser[] = [], options: object = {}): Promise<string> {
  const created = await api(server, owner, 'POST', '/api/groups', { name, leagueId, ...options });
  if (!created?.group) throw new Error(`the group was not created: ${JSON.stringify(created)}`);
  const group = created.group as { id: string; inviteCode: string };
  for (const other of others) await api(server, other, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
  return group.id;
}

/** Saves `who`'s predictions in a group through the API, each [match, home goals, away goals]; all must be saved. */
export async function predict(server: RunningApp, who: ApiUser, groupId: string, picks: [LeagueMatch, number, number][]): Promise<void> {
  const { results } = await api(server, who, 'PUT', `/api/groups/${groupId}/predictions`, {
    predictions: picks.map(([match, homeGoals, awayGoals]) => ({ matchId: match.id, homeGoals, awayGoals })),
  });
  expect(results.map((result: { status: string }) => result.status)).toEqual(picks.map(() => 'saved'));
}

/** Plays a match: kicked off `hoursAgo` hours ago and finished with this score, scored at once. */
export async function play(server: RunningApp, match: LeagueMatch, homeGoals: number, awayGoals: number, hoursAgo: number): Promise<void> {
  await server.database.db.update(matches).set({ kickoff: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(matches.id, match.id));
  await setMatchResult(server.database.db, match.id, { status: 'finished', homeGoals, awayGoals });
}

/** The signed-in user's id. */
export async function userIdOf(server: RunningApp, who: ApiUser): Promise<string> {
  return (await api(server, who, 'GET', '/api/me')).user.id as string;
}

/**
 * A text of the app in a language, by its key ("groupPage.notFound", "matches.predictedCount_one"), read
 * from src/web/i18n/locales/<language>/<file>.json, with {{placeholders}} filled as i18next fills them.
 */
export function text(language: Language, file: string, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = JSON.parse(readFileSync(`src/web/i18n/locales/${language}/${file}.json`, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}/${file}.json`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** Switches the page to `language` (stored as the language menu stores it) and reloads. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('userLanguage', code), language);
  await page.reload();
  await page.waitForFunction((code) => document.documentElement.lang === code, language);
}

/** How far the page reaches past the window's right edge, in px (0 or less: nothing overflows sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
