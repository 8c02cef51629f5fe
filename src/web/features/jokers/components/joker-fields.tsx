/**
 * A group's joker settings as form fields: on or off (off by default), what a joker does (double the
 * points, the −2 too; or only points won) and how many (a number for the season, 1–10, or one per
 * round). Used when creating a group, in the Rules tab's form and in the Settings tab's Jokers section.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { JokerSettingsBody } from '../../../../contracts/scoring-rules';
import { JOKER_MODES, MAX_SEASON_JOKERS } from '../../../../domain/jokers';

/** Settings when jokers are turned on without a choice yet: double the points, three for the season. */
export const DEFAULT_JOKERS: JokerSettingsBody = { mode: 'double', perSeason: 3 };

/** "Doubles the points, the −2 too (a risk) · 3 jokers per member for the season", or that the group plays without. */
export function jokerSettingsText(t: TFunction, settings: JokerSettingsBody | null): string {
  if (!settings) return t('jokers.settings.off');
  const allowance = settings.perSeason === null ? t('jokers.settings.perRound') : t('jokers.settings.seasonCount', { count: settings.perSeason });
  return `${t(`jokers.settings.modes.${settings.mode}`)} · ${allowance}`;
}

const choice = 'flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm text-slate-800 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-amber-500';

/**
 * The fields, controlled: `value` null is off; `onChange` receives the whole new settings. `legendHidden`
 * keeps the "Jokers" legend for screen readers only, under a heading that says it already.
 */
export function JokerFields({ value, onChange, legendHidden = false }: {
  value: JokerSettingsBody | null; onChange: (next: JokerSettingsBody | null) => void; legendHidden?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Turning jokers off and on again brings back what was chosen before.
  const [last, setLast] = useState<JokerSettingsBody>(value ?? DEFAULT_JOKERS);
  const set = (next: JokerSettingsBody) => {
    setLast(next);
    onChange(next);
  };
  return (
    <fieldset className="space-y-3">
      <legend className={legendHidden ? 'sr-only' : 'text-sm font-medium text-slate-700'}>{t('jokers.settings.title')}</legend>
      <label className="flex items-start gap-3 rounded-lg px-3 py-2.5 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-amber-500">
        <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-amber-600" checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? last : null)} aria-describedby={`${id}-help`} />
        <span className="text-sm">
          <span className="font-medium text-slate-900">{t('jokers.settings.enable')}</span>
          <span id={`${id}-help`} className="block text-xs text-slate-600">{t('jokers.settings.enableHelp')}</span>
        </span>
      </label>
      {value ? (
        <>
          <fieldset>
            <legend className="text-sm text-slate-700">{t('jokers.settings.mode')}</legend>
            <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
              {JOKER_MODES.map((mode) => (
                <label key={mode} className={choice}>
                  <input type="radio" className="mt-0.5 accent-amber-600" name={`${id}-mode`} value={mode} checked={value.mode === mode} onChange={() => set({ ...value, mode })} />
                  {t(`jokers.settings.modes.${mode}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm text-slate-700">{t('jokers.settings.allowance')}</legend>
            <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
              <label className={choice}>
                <input type="radio" className="mt-0.5 accent-amber-600" name={`${id}-allowance`} checked={value.perSeason !== null}
                  onChange={() => set({ ...value, perSeason: last.perSeason ?? DEFAULT_JOKERS.perSeason })} />
                {t('jokers.settings.perSeason')}
              </label>
              <label className={choice}>
                <input type="radio" className="mt-0.5 accent-amber-600" name={`${id}-allowance`} checked={value.perSeason === null}
                  onChange={() => { setLast({ ...value }); onChange({ ...value, perSeason: null }); }} />
                {t('jokers.settings.perRound')}
              </label>
            </div>
            {value.perSeason !== null ? (
              <label className="mt-2 block max-w-xs text-sm text-slate-700">
                {t('jokers.settings.count')}
                <select value={value.perSeason} onChange={(e) => set({ ...value, perSeason: Number(e.target.value) })}
                  className="mt-1 block w-full rounded-lg border-0 px-3 py-2.5 text-base ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-amber-500">
                  {Array.from({ length: MAX_SEASON_JOKERS }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
                </select>
              </label>
            ) : null}
          </fieldset>
        </>
      ) : null}
    </fieldset>
  );
}
