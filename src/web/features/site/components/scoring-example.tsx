/**
 * The FAQ's worked scoring example: a 2–1 prediction against six final scores, with the points each
 * earns under the standard rules. Points come from the domain's scorePrediction, so the table cannot
 * disagree with the scoring the server applies.
 */
import { useTranslation } from 'react-i18next';
import { scorePrediction } from '../../../../domain/scoring';

const PREDICTION = { home: 2, away: 1 };
/** Final scores of the example, each with the key of its explanation (pages.json faq.example.rows). */
const RESULTS = [
  { key: 'exact', home: 2, away: 1 },
  { key: 'goalDifference', home: 3, away: 2 },
  { key: 'goalDifferenceLow', home: 1, away: 0 },
  { key: 'winner', home: 3, away: 0 },
  { key: 'opposite', home: 0, away: 1 },
  { key: 'draw', home: 1, away: 1 },
] as const;

/** The example as a table with a caption, one row per final score. */
export function ScoringExample() {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
      <table className="w-full border-collapse text-left text-sm [overflow-wrap:normal]">
        <caption className="bg-emerald-50 px-3 py-2 text-left font-semibold text-emerald-900">{t('faq.example.caption')}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">{t('faq.example.result')}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t('faq.example.why')}</th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">{t('faq.example.points')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {RESULTS.map((result) => {
            const { points } = scorePrediction(PREDICTION, result);
            return (
              <tr key={result.key}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 font-mono font-semibold text-slate-900">{`${result.home}–${result.away}`}</th>
                <td className="px-3 py-2 text-slate-700">{t(`faq.example.rows.${result.key}`)}</td>
                <td className={`whitespace-nowrap px-3 py-2 text-right font-bold tabular-nums ${points < 0 ? 'text-red-700' : points > 0 ? 'text-emerald-800' : 'text-slate-600'}`}>
                  {format.format(points).replace('-', '−')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
