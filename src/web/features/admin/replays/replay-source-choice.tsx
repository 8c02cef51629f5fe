/** Where a replay's tournament comes from, as three radio cards: the shipped World Cup 2022, an openfootball address, a file. */
import { useTranslation } from 'react-i18next';
import type { ReplaySourceKind } from './replay-form';

const KINDS: ReplaySourceKind[] = ['bundled', 'url', 'document'];

/** The radio group; `value` is the chosen source. */
export function ReplaySourceChoice({ value, onChange }: { value: ReplaySourceKind; onChange: (kind: ReplaySourceKind) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('adminReplay.form.source')}</legend>
      <div className="mt-2 grid gap-2">
        {KINDS.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-[:checked]:bg-emerald-50 has-[:checked]:ring-2 has-[:checked]:ring-emerald-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600">
            <input type="radio" name="replay-source" value={kind} checked={value === kind} onChange={() => onChange(kind)}
              className="mt-1 h-4 w-4 shrink-0 accent-emerald-700" />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">{t(`adminReplay.form.sources.${kind}`)}</span>
              <span className="block text-xs text-slate-600">{t(`adminReplay.form.sourceHints.${kind}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
