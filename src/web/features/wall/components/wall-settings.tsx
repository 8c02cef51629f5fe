/**
 * The Settings tab's Wall section (owner and admins): a switch turning the group's wall on or off
 * (PATCH /api/groups/:groupId { wallEnabled }), saved as it is flipped.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../../contracts/groups';
import { errorText } from '../../../lib/error-text';
import { Alert } from '../../../components/ui/card';
import { useGroupAdmin } from '../../groups/api/group-admin';

export function WallSettings({ group }: { group: Group }) {
  const { t } = useTranslation();
  const { update } = useGroupAdmin(group.id);
  const id = useId();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The value just saved, over the group shown when the save ended: the switch shows it, with its message,
  // until `group` is another object (the saved group's data, or anyone's later change, reaches this panel a
  // render or more after the save ends; it flipped back for that moment while the message said done).
  const [saved, setSaved] = useState<{ value: boolean; over: Group } | null>(null);
  const shown = useRef(group);
  useEffect(() => { shown.current = group; }, [group]);
  // While saving, the switch shows where it is going.
  const on = update.isPending && update.variables?.wallEnabled !== undefined ? update.variables.wallEnabled
    : saved && saved.over === group ? saved.value : group.wallEnabled;
  const flip = async () => {
    setMessage(null);
    try {
      await update.mutateAsync({ wallEnabled: !on });
      setSaved({ value: !on, over: shown.current });
      setMessage({ tone: 'success', text: t(on ? 'wall.settings.turnedOff' : 'wall.settings.turnedOn') });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(t, error) });
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-800">{t('wall.settings.switch')}</span>
        <button type="button" role="switch" aria-checked={on} aria-labelledby={`${id}-label`} aria-describedby={`${id}-help`}
          disabled={update.isPending} onClick={() => void flip()}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:opacity-60 ${on ? 'bg-emerald-700' : 'bg-slate-400'}`}>
          <span aria-hidden className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${on ? 'translate-x-6' : 'translate-x-1'}`} />
        </button>
      </div>
      <p id={`${id}-help`} className="text-xs text-slate-500">{t('wall.settings.help')}</p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}
