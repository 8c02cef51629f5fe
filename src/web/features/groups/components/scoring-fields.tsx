/**
 * The scoring choice of a group, as form fields: a preset or custom points for the four outcomes, and the
 * basis of knockout matches. Used when creating a group and on the Rules tab.
 */
import { useTranslation } from 'react-i18next';
import { SCORING_CHOICES } from '../../../../domain/scoring';
import { SCORING_PRESETS, type KnockoutBasis } from '../../../../domain/scoring';

export const OUTCOMES = ['exact', 'goalDifference', 'winner', 'opposite'] as const;

/** What the fields hold: `points` are the custom points, kept while another preset is shown. */
export interface ScoringChoice {
  preset: (typeof SCORING_CHOICES)[number];
  points: Record<(typeof OUTCOMES)[number], number>;
  knockoutBasis: KnockoutBasis;
}

/** The fields, controlled: `onChange` receives the whole new choice. */
export function ScoringFields({ value, onChange }: { value: ScoringChoice; onChange: (next: ScoringChoice) => void }) {
  const { t } = useTranslation();
  const shown = value.preset === 'custom' ? value.points : SCORING_PRESETS[value.preset];
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('rules.preset')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SCORING_CHOICES.map((choice) => (
            <label key={choice} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-emerald-600">
              <input type="radio" name="preset" value={choice} checked={value.preset === choice} onChange={() => onChange({ ...value, preset: choice })} />
              {t(`rules.presets.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {OUTCOMES.map((outcome) => (
          <label key={outcome} className="text-sm text-slate-700">
            {t(`rules.outcomes.${outcome}`)}
            <input type="number" min={-10} max={100} step={1} disabled={value.preset !== 'custom'} value={shown[outcome]}
              onChange={(e) => onChange({ ...value, points: { ...value.points, [outcome]: Number(e.target.value) } })}
              className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-base ring-1 ring-inset ring-slate-300 disabled:bg-slate-100" />
          </label>
        ))}
      </div>
      <label className="block text-sm text-slate-700">
        {t('rules.basisLabel')}
        <select value={value.knockoutBasis} onChange={(e) => onChange({ ...value, knockoutBasis: e.target.value as KnockoutBasis })}
          className="mt-1 block w-full rounded-lg border-0 px-3 py-2.5 text-base ring-1 ring-inset ring-slate-300">
          <option value="full_time">{t('rules.basisOptions.full_time')}</option>
          <option value="extra_time">{t('rules.basisOptions.extra_time')}</option>
        </select>
      </label>
    </>
  );
}
