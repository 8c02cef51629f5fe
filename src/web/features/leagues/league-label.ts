/**
 * How a league is named on screen: its name and season ("Premier League 2025/26"), the season left out
 * when the name already holds it ("World Cup 2022", not "World Cup 2022 2022") or when there is none ("—").
 */

/** The league's name with its season unless the name has it already. */
export function leagueLabel(league: { name: string; season: string }): string {
  const season = league.season.trim();
  return season && season !== '—' && !league.name.includes(season) ? `${league.name} ${season}` : league.name;
}
