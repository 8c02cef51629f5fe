/**
 * A round's name for display. Providers name league rounds "Matchday N" in English; that form is
 * translated ("Rodada N", "Jornada N"). Other names ("Round of 16", "Finals, Semifinals") are shown as
 * the provider wrote them.
 */
import type { TFunction } from 'i18next';

/** The display name of a round in the current language (see the module comment). */
export function roundLabel(name: string, t: TFunction): string {
  const matchday = /^Matchday (\d+)$/i.exec(name.trim());
  return matchday ? t('matches.matchday', { number: matchday[1] }) : name;
}
