/**
 * The Rules tab's Jokers section, shown when the group plays with them: how many a member has, how one is
 * placed and moved, and examples in the group's own points (its exact score and right winner doubled; a
 * negative opposite result doubled too, or left as it is, by the group's mode: src/domain/jokers.ts jokerPoints).
 */
import { useTranslation } from 'react-i18next';
import type { ScoringRules, JokerSettingsBody } from '../../../../contracts/scoring-rules';
import { jokerPoints } from '../../../../domain/jokers';
import { JokerIcon } from './joker-mark';

/** Points as the rules show them: "+10", "−2", "0". */
const signed = (points: number) => (points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0');

/** The section; `rules` the group's scoring, `jokers` its joker settings. */
export function JokerRules({ rules, jokers }: { rules: ScoringRules; jokers: JokerSettingsBody }) {
  const { t } = useTranslation();
  const example = (points: number) => ({ points: signed(points), doubled: signed(jokerPoints(points, jokers.mode)) });
  const opposite = jokerPoints(rules.opposite, jokers.mode) === rules.opposite ? 'oppositeStays' : 'oppositeDouble';
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="rules-jokers">
      <h2 id="rules-jokers" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <JokerIcon className="text-amber-600" />{t('jokers.rules.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {jokers.perSeason === null ? t('jokers.rules.round') : t('jokers.rules.season', { count: jokers.perSeason })}
        {' '}{t(jokers.mode === 'double' ? 'jokers.whatDouble' : 'jokers.whatDoublePositive')}
      </p>
      <p className="mt-2 text-sm text-slate-700">{t('jokers.rules.place')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('jokers.rules.exact', example(rules.exact))}</li>
        <li>{t('jokers.rules.winner', example(rules.winner))}</li>
        {/* An opposite result worth nothing (3/1/0) has nothing to double or keep. */}
        {rules.opposite < 0 ? <li>{t(`jokers.rules.${opposite}`, example(rules.opposite))}</li> : null}
      </ul>
      <p className="mt-2 text-sm text-slate-700">{t('jokers.rules.ranking')}</p>
    </section>
  );
}
