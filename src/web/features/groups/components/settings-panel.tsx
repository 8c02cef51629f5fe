/**
 * The Settings tab (owner and admins): edit the group, member cap, the jokers (until the first
 * predictions close), the wall on or off, invite code, (de)activation, members
 * and their roles, ownership, reset and delete (each destructive step asks for the group's name), and the
 * activity list. The server checks every action again.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatKickoff } from '../../../lib/format';
import { LoadError } from '../../../components/ui/load-error';
import type { Group } from '../../../../contracts/groups';
import { ColorPicker } from './color-picker';
import { VisibilityField } from './visibility-field';
import { errorText } from '../../../lib/error-text';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Alert } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useActivity, useGroupAdmin, useMembers } from '../api/group-admin';
import { JokersSettings } from '../../jokers/components/jokers-settings';
import { WallSettings } from '../../wall/components/wall-settings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

const input = 'mt-1 block w-full rounded-lg border-0 px-3 py-2.5 text-base ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-emerald-600';

/** Settings of a group for its owner and admins. */
export function SettingsPanel({ group, myUserId }: { group: Group; myUserId?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const admin = useGroupAdmin(group.id);
  const members = useMembers(group.id);
  const activity = useActivity(group.id, true);
  const owner = group.myRole === 'owner';
  const [form, setForm] = useState({ name: group.name, description: group.description ?? '', color: group.color, visibility: group.visibility, memberCap: group.memberCap?.toString() ?? '' });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [resetName, setResetName] = useState('');
  const [deleteName, setDeleteName] = useState('');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(t, error) });
    }
  };
  // A confirmed action: its failure shows in the dialog (thrown), its success here once the dialog closes.
  const confirmed = async (action: () => Promise<unknown>, done: string) => {
    setMessage(null);
    await action();
    setMessage({ tone: 'success', text: done });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(() => admin.update.mutateAsync({
      name: form.name, description: form.description.trim() === '' ? null : form.description, color: form.color,
      visibility: form.visibility, memberCap: form.memberCap === '' ? null : Number(form.memberCap),
    }), t('settings.saved'));
  };

  return (
    <div className="space-y-4">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Section title={t('settings.details')}>
        <form className="space-y-3" onSubmit={save}>
          <label className="block text-sm text-slate-700">{t('settings.name')}
            <input className={input} value={form.name} maxLength={60} required onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label className="block text-sm text-slate-700">{t('settings.description')}
            <textarea className={input} value={form.description} maxLength={500} rows={3} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </label>
          <VisibilityField name="settings-visibility" value={form.visibility} onChange={(visibility) => setForm({ ...form, visibility })} />
          <ColorPicker name="settings-color" value={form.color} onChange={(color) => setForm({ ...form, color })} />
          <label className="block max-w-xs text-sm text-slate-700">{t('settings.memberCap')}
            <input className={input} type="number" min={2} inputMode="numeric" placeholder={t('settings.noCap')} value={form.memberCap}
              onChange={(e) => setForm({ ...form, memberCap: e.target.value })} />
          </label>
          <Button type="submit" disabled={admin.update.isPending}>{t('settings.save')}</Button>
        </form>
      </Section>

      <Section title={t('jokers.settings.title')}>
        <JokersSettings groupId={group.id} />
      </Section>

      <Section title={t('wall.settings.title')}>
        <WallSettings group={group} />
      </Section>

      <Section title={t('settings.access')}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void run(() => admin.regenerate.mutateAsync(), t('settings.codeRegenerated'))}>{t('settings.regenerate')}</Button>
          {group.status === 'active'
            ? <Button variant="secondary" onClick={() => void run(() => admin.update.mutateAsync({ status: 'deactivated' }), t('settings.deactivated'))}>{t('settings.deactivate')}</Button>
            : <Button variant="secondary" onClick={() => void run(() => admin.update.mutateAsync({ status: 'active' }), t('settings.reactivated'))}>{t('settings.reactivate')}</Button>}
        </div>
        <p className="text-xs text-slate-500">{t('settings.accessHelp')}</p>
      </Section>

      <Section title={t('settings.members')}>
        {members.isError ? <LoadError label={t('groupPage.errorMembers')} error={members.error} onRetry={() => void members.refetch()} /> : null}
        <ul className="divide-y divide-slate-100">
          {(members.data ?? []).map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 truncate text-sm font-medium text-slate-900">{m.username} <span className="text-xs font-normal text-slate-500">· {t(`settings.roles.${m.role}`)}</span></span>
              {m.role !== 'owner' && m.userId !== myUserId ? (
                <span className="flex flex-wrap gap-1">
                  {owner ? (
                    <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => void run(() => admin.setRole.mutateAsync({ userId: m.userId, role: m.role === 'admin' ? 'member' : 'admin' }), t('settings.saved'))}>
                      {m.role === 'admin' ? t('settings.demote') : t('settings.promote')}
                    </Button>
                  ) : null}
                  {owner ? (
                    <ConfirmDialog
                      trigger={<Button variant="ghost" className="px-2 py-1 text-xs">{t('settings.transfer')}</Button>}
                      texts={{ title: t('settings.transferTitle', { username: m.username }), body: t('settings.transferConfirm', { username: m.username }), confirm: t('settings.transfer'), working: t('settings.working'), cancel: t('settings.cancel') }}
                      onConfirm={() => confirmed(() => admin.transfer.mutateAsync(m.userId), t('settings.transferred'))} errorOf={(error) => errorText(t, error)} />
                  ) : null}
                  {owner || m.role === 'member' ? (
                    <ConfirmDialog danger
                      trigger={<Button variant="ghost" className="px-2 py-1 text-xs text-red-700">{t('settings.remove')}</Button>}
                      texts={{ title: t('settings.removeTitle', { username: m.username }), body: t('settings.removeConfirm', { username: m.username }), confirm: t('settings.remove'), working: t('settings.working'), cancel: t('settings.cancel') }}
                      onConfirm={() => confirmed(() => admin.remove.mutateAsync(m.userId), t('settings.removed'))} errorOf={(error) => errorText(t, error)} />
                  ) : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('settings.danger')}>
        <label className="block text-sm text-slate-700">{t('settings.resetHelp', { name: group.name })}
          <input className={input} value={resetName} onChange={(e) => setResetName(e.target.value)} />
        </label>
        <Button variant="secondary" disabled={resetName.trim() !== group.name} onClick={() => void run(() => admin.reset.mutateAsync(resetName), t('settings.resetDone'))}>{t('settings.reset')}</Button>
        {owner ? (
          <>
            <label className="block text-sm text-slate-700">{t('settings.deleteHelp', { name: group.name })}
              <input className={input} value={deleteName} onChange={(e) => setDeleteName(e.target.value)} />
            </label>
            <Button className="bg-red-700 hover:bg-red-800" disabled={deleteName.trim() !== group.name}
              onClick={() => void run(async () => { await admin.deleteGroup.mutateAsync(deleteName); await navigate(paths.home); }, t('settings.deleted'))}>
              {t('settings.delete')}
            </Button>
          </>
        ) : null}
      </Section>

      <Section title={t('settings.activity')}>
        {activity.data && activity.data.length > 0 ? (
          <ul className="space-y-1 text-sm text-slate-700">
            {activity.data.map((a, i) => (
              <li key={`${a.createdAt}-${i}`} className="[overflow-wrap:anywhere]">
                <time dateTime={a.createdAt} className="text-slate-500">{formatKickoff(a.createdAt, i18n.language)}</time> · {a.actor ?? '—'}{' '}
                {t(`settings.actions.${a.action}`, { defaultValue: a.action })}{a.subject ? `: ${a.subject}` : ''}
              </li>
            ))}
          </ul>
        ) : <p className="text-sm text-slate-500">{t('settings.noActivity')}</p>}
      </Section>
    </div>
  );
}
