/**
 * How scoring works, for a visitor: the four rules with their points, then a worked example — a match
 * that ends 2–1 against six predictions. The points come from the domain's scorePrediction with the
 * standard rules (src/domain/scoring.ts), so the page cannot disagree with what the server applies.
 */
import { useTranslation } from 'react-i18next';
import { SCORING_PRESETS, scorePrediction } from '../../../../domain/scoring';

const RESULT = { home: 2, away: 1 };
/** The example's predictions, each with the key of its explanation (home.json guest.example.rows). */
const PREDICTIONS = [
  { why: 'exact', home: 2, away: 1 },
  { why: 'goalDifference', home: 3, away: 2 },
  { why: 'goalDifference', home: 1, away: 0 },
  { why: 'winner', home: 3, away: 0 },
  { why: 'draw', home: 1, away: 1 },
  { why: 'opposite', home: 0, away: 1 },
] as const;
const RULES = [
  { key: 'exact', points: SCORING_PRESETS.palpite.exact },
  { key: 'goalDifference', points: SCORING_PRESETS.palpite.goalDifference },
  { key: 'winner', points: SCORING_PRESETS.palpite.winner },
  { key: 'opposite', points: SCORING_PRESETS.palpite.opposite },
] as const;

/** Points with a real minus sign and a plus for gains ("+10", "0", "−2"). */
function signed(points: number, format: Intl.NumberFormat): string {
  return points > 0 ? `+${format.format(points)}` : format.format(points).replace('-', '−');
}

const tone = (points: number) => (points < 0 ? 'text-red-700' : points > 0 ? 'text-emerald-800' : 'text-slate-600');

/** The section "How scoring works" (h2): rule cards and the worked example table. */
export function ScoringGuide() {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="home-scoring" className="space-y-4">
      <div>
        <h2 id="home-scoring" className="text-xl font-bold text-slate-900">{t('home.guest.scoringTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('home.guest.scoringIntro')}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 desk:grid-cols-4">
        {RULES.map((rule) => (
          <li key={rule.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className={`text-3xl font-extrabold tabular-nums ${tone(rule.points)}`}>{signed(rule.points, format)}</p>
            <p className="mt-1 font-semibold text-slate-900">{t(`home.guest.rules.${rule.key}.title`)}</p>
            <p className="mt-1 text-sm text-slate-600">{t(`home.guest.rules.${rule.key}.body`)}</p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">{t('home.guest.rulesOther')}</p>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full border-collapse text-left text-sm [overflow-wrap:normal]">
          <caption className="bg-emerald-50 px-4 py-3 text-left font-semibold text-emerald-900">
            {t('home.guest.example.caption', { score: `${RESULT.home}–${RESULT.away}` })}
          </caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="whitespace-nowrap px-4 py-2 font-semibold">{t('home.guest.example.prediction')}</th>
              <th scope="col" className="px-2 py-2 font-semibold">{t('home.guest.example.why')}</th>
              <th scope="col" className="whitespace-nowrap px-4 py-2 text-right font-semibold">{t('home.guest.example.points')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {PREDICTIONS.map((prediction) => {
              const { points } = scorePrediction(prediction, RESULT);
              return (
                <tr key={`${prediction.home}-${prediction.away}`}>
                  <th scope="row" className="whitespace-nowrap px-4 py-2 font-semibold tabular-nums text-slate-900">{`${prediction.home}–${prediction.away}`}</th>
                  <td className="px-2 py-2 text-slate-700">{t(`home.guest.example.rows.${prediction.why}`)}</td>
                  <td className={`whitespace-nowrap px-4 py-2 text-right font-bold tabular-nums ${tone(points)}`}>{signed(points, format)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
