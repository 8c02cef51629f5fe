/**
 * "Edit" of a team: a dialog (Radix: focus trapped, Escape closes) with its fields (name, short name,
 * code, crest with a preview) and its other names. Saving the fields and adding or removing a name each
 * apply at once and say so inside the dialog; "Done" closes it.
 */
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { TeamAliasesEditor } from './team-aliases-editor';
import { TeamFieldsForm } from './team-fields-form';

/** The "Edit" button of `team` (its name read out too) and its dialog. */
export function TeamEditDialog({ team, className = '' }: { team: AdminTeam; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The team as the dialog's last change left it (the list refetches behind the dialog too).
  const [latest, setLatest] = useState<AdminTeam | null>(null);
  const current = latest ?? team;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => { setOpen(next); setLatest(null); }}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className={`px-3 py-2 ${className}`}>
          {t('adminTeams.edit.open')}
          <span className="sr-only"> {team.name}</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 space-y-5 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <div className="space-y-1">
            <Dialog.Title className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{t('adminTeams.edit.title', { name: current.name })}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">{t('adminTeams.edit.description')}</Dialog.Description>
          </div>
          <TeamFieldsForm key={team.id} team={current} onSaved={setLatest} />
          <div className="border-t border-slate-200 pt-5">
            <TeamAliasesEditor team={current} onChange={setLatest} />
          </div>
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('adminTeams.edit.done')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
