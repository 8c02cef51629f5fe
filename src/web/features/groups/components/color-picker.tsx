/**
 * A group's colour: the palette's eight (orange, blue, green, red, purple, teal, pink, amber) as
 * swatches, or a custom colour from the browser's colour picker. A custom colour white text cannot be
 * read on (src/domain/group-colors.ts: WCAG AA) is flagged at once, with the nearest shade that passes
 * one tap away; the server refuses it anyway. Used by the create form and the Settings tab.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_COLOR_NAMES, isHexColor, nearestPassingShade, passesContrastAA } from '../../../../domain/group-colors';
import { groupColorStyle } from './group-color';

/** The picker; `value` is a palette name or "#rrggbb", `name` the radio group's name (unique on the page). */
export function ColorPicker({ value, onChange, name = 'color' }: { value: string; onChange: (color: string) => void; name?: string }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(() => (isHexColor(value) ? value : '#1d4ed8'));
  const isCustom = isHexColor(value);
  // The rule of src/domain/group-colors.ts (the API's check: contracts/group-colors.ts), without zod on the page.
  const readable = isHexColor(custom) && passesContrastAA(custom);
  const suggestion = !readable && isHexColor(custom) ? nearestPassingShade(custom) : undefined;
  const pick = (color: string) => {
    setCustom(color);
    onChange(color);
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('groups.color')}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {GROUP_COLOR_NAMES.map((color) => (
          <label key={color} className="cursor-pointer">
            <input type="radio" name={name} value={color} checked={value === color} onChange={() => onChange(color)} className="peer sr-only" aria-label={t(`groups.colors.${color}`)} />
            <span className="block h-9 w-9 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-600" style={groupColorStyle(color)} />
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-2 rounded-full px-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-slate-900">
          <input type="radio" name={name} value="custom" checked={isCustom} onChange={() => onChange(custom)} className="sr-only" aria-label={t('groups.custom')} />
          <input type="color" value={custom} aria-label={t('groups.customColor')} onChange={(e) => pick(e.target.value)} className="h-7 w-9 cursor-pointer rounded border-0 bg-transparent" />
          <span className="text-sm text-slate-700">{t('groups.custom')}</span>
        </label>
      </div>
      {isCustom && !readable ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {t('groups.lowContrast')}{' '}
          {suggestion ? <button type="button" className="font-semibold underline" onClick={() => pick(suggestion)}>{t('groups.useSuggestion', { color: suggestion })}</button> : null}
        </p>
      ) : null}
    </fieldset>
  );
}
