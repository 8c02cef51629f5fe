/** The time zone of an openfootball file's kickoff times: an IANA zone typed, with the browser's zones suggested. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';

/** The zones this browser knows, for the suggestions (none where Intl cannot list them). */
function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** A labelled time-zone input with suggestions; `error` is the message under it, `hint` replaces the usual one. */
export function TimeZoneField({ value, onChange, error, label, hint }: {
  value: string; onChange: (zone: string) => void; error?: string | null; label?: string; hint?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <>
      <TextField label={label ?? t('admin.create.timeZone')} hint={hint ?? t('admin.create.timeZoneHint')} value={value} list={listId}
        autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} error={error} />
      <datalist id={listId}>
        {knownZones().map((zone) => <option key={zone} value={zone} />)}
      </datalist>
    </>
  );
}
