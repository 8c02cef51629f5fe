/**
 * A confirmation before an action that matters (Radix dialog: focus trapped, Escape or Cancel closes):
 * a title, what will happen, and the action's button — red for a dangerous one. With `typeToConfirm`
 * the button stays disabled until that exact text is typed (a group's name before deleting it). A
 * failure is shown inside the dialog; on success the dialog closes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './button';
import { Alert } from './card';
import { TextField } from './field';
import { InlineSpinner } from './inline-spinner';

/** Red button classes of a dangerous action. */
export const DANGER = 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700';

/** The texts of a confirmation dialog. */
export interface ConfirmTexts {
  title: string;
  body: ReactNode;
  confirm: string;
  working: string;
  cancel: string;
  /** The label of the field where `typeToConfirm` is typed. */
  typeLabel?: string;
}

/**
 * The dialog, opened by `trigger` (a button, given asChild), or by its owner through `open` and
 * `onOpenChange` (a question the page asks of itself). `onConfirm` does the action: it resolves when
 * done (the dialog closes) or throws (its message, from `errorOf`, shows in the dialog).
 */
export function ConfirmDialog({ trigger, texts, onConfirm, errorOf, danger = false, typeToConfirm, open: given, onOpenChange }: {
  trigger?: ReactNode; texts: ConfirmTexts; onConfirm: () => Promise<unknown>; errorOf: (error: unknown) => string;
  danger?: boolean; typeToConfirm?: string; open?: boolean; onOpenChange?: (open: boolean) => void;
}) {
  const [own, setOwn] = useState(false);
  const open = given ?? own;
  const setOpen = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = typeToConfirm === undefined || typed.trim() === typeToConfirm.trim();

  const change = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setTyped('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      setOpen(false);
      setTyped('');
    } catch (caught) {
      setBusy(false);
      setError(errorOf(caught));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
            <Dialog.Title className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{texts.title}</Dialog.Title>
            <Dialog.Description asChild>
              <div className="space-y-2 text-sm text-slate-700 [overflow-wrap:anywhere]">{texts.body}</div>
            </Dialog.Description>
            {typeToConfirm !== undefined ? (
              <TextField label={texts.typeLabel ?? ''} value={typed} autoComplete="off" autoCapitalize="none" spellCheck={false}
                onChange={(event) => setTyped(event.target.value)} />
            ) : null}
            {error ? <Alert>{error}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>{texts.cancel}</Button>
              </Dialog.Close>
              <Button type="submit" className={danger ? DANGER : ''} disabled={!ready || busy}>
                {busy ? <><InlineSpinner />{texts.working}</> : texts.confirm}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
