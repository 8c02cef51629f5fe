/** Who can find a group: private (the invite code only) or public (listed in Discover), as two radios. Create form and Settings tab. */
import { useTranslation } from 'react-i18next';

/** The two choices; `name` is the radio group's name. */
export function VisibilityField({ value, onChange, name = 'visibility' }: {
  value: 'private' | 'public'; onChange: (visibility: 'private' | 'public') => void; name?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('groups.visibility')}</legend>
      <div className="mt-2 space-y-2">
        {(['private', 'public'] as const).map((visibility) => (
          <label key={visibility} className="flex items-center gap-3 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-emerald-600">
            <input type="radio" name={name} value={visibility} checked={value === visibility} onChange={() => onChange(visibility)} className="accent-emerald-700" />
            <span className="text-sm text-slate-800">{t(`groups.${visibility}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
