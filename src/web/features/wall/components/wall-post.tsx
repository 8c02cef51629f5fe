/**
 * One post on the wall or in a match's thread: the author (greyed with why once they left the group or
 * deleted their account), when (relative, in full on hover and on a press), "edited", the text with its
 * links, the reactions, and a menu — Edit (mine), Delete (mine, or I am the owner or an admin; confirmed),
 * Report (someone else's; confirmed).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { WallPost as Post } from '../../../../contracts/wall';
import { WALL_POST_MAX_CHARS } from '../../../../domain/wall';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useWallActions } from '../api/wall';
import { postTimeFull, postTimeText } from '../lib/post-time';
import { PostText } from './post-text';
import { PostReactions } from './post-reactions';
import { PostTextArea } from './post-textarea';

const menuClass = 'z-50 min-w-44 rounded-xl bg-white p-1.5 text-slate-800 shadow-xl ring-1 ring-slate-200';
const itemClass = 'flex w-full cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-900';

/**
 * A post. `now` (ms) is the clock its time is told against; `onDeleted` runs once it is deleted (the list
 * moves the focus, the post's own buttons being gone); `matchLabel` names the match of a thread's post shown on the wall.
 */
export function WallPost({ groupId, post, now, onDeleted, matchLabel }: { groupId: string; post: Post; now: number; onDeleted: () => void; matchLabel?: string }) {
  const { t, i18n } = useTranslation();
  const actions = useWallActions(groupId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'report' | null>(null);
  const [reported, setReported] = useState(false);
  const [fullTime, setFullTime] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const gone = post.author.userId === null;
  const away = gone || !post.author.member;
  const name = post.author.username ?? t('wall.deletedAccount');
  const full = postTimeFull(post.createdAt, i18n.language);

  return (
    <article className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4" aria-label={t('wall.postBy', { name })}>
      <header className="flex items-start gap-3">
        <Avatar src={gone ? null : post.author.avatarUrl} name={name} size={36} className={away ? 'opacity-50 grayscale' : ''} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm leading-tight">
            <span className={`font-semibold [overflow-wrap:anywhere] ${away ? 'text-slate-500' : 'text-slate-900'}`}>{name}</span>
            {away ? <span className="text-xs text-slate-500">({gone ? t('wall.accountDeleted') : t('wall.leftGroup')})</span> : null}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
            {/* The time in full on hover (title) and on a press (a phone has no hover). */}
            <button type="button" title={full} aria-expanded={fullTime} onClick={() => setFullTime(!fullTime)}
              className="rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600">
              <time dateTime={post.createdAt}>{fullTime ? full : postTimeText(post.createdAt, now, i18n.language)}</time>
            </button>
            {matchLabel ? <span className="[overflow-wrap:anywhere]">· {t('wall.onMatch', { match: matchLabel })}</span> : null}
            {post.editedAt ? (
              <span title={t('wall.editedAt', { time: postTimeFull(post.editedAt, i18n.language) })}>· {t('wall.edited')}</span>
            ) : null}
          </p>
        </div>
        {!editing ? (
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger asChild>
              <button ref={menuButton} type="button" aria-label={t('wall.menu', { name })}
                className="-mr-1 -mt-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600">
                <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden><circle cx="4" cy="9" r="1.6" fill="currentColor" /><circle cx="9" cy="9" r="1.6" fill="currentColor" /><circle cx="14" cy="9" r="1.6" fill="currentColor" /></svg>
              </button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={4} className={menuClass}>
                {post.mine ? <DropdownMenu.Item className={itemClass} onSelect={() => setEditing(true)}>{t('wall.edit')}</DropdownMenu.Item> : null}
                {post.canDelete ? <DropdownMenu.Item className={`${itemClass} text-red-700`} onSelect={() => setConfirming('delete')}>{t('wall.delete')}</DropdownMenu.Item> : null}
                {!post.mine ? (
                  <DropdownMenu.Item className={itemClass} disabled={reported} onSelect={() => setConfirming('report')}>
                    {reported ? t('wall.reportedShort') : t('wall.report')}
                  </DropdownMenu.Item>
                ) : null}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : null}
      </header>

      <div className="mt-2">
        {editing ? (
          <EditForm groupId={groupId} post={post} onDone={() => {
            setEditing(false);
            // Back to the menu the edit came from.
            requestAnimationFrame(() => menuButton.current?.focus());
          }} />
        ) : <PostText text={post.body} />}
      </div>
      {reported ? <p role="status" className="mt-2 text-xs text-slate-600">{t('wall.reported')}</p> : null}
      {!editing ? <PostReactions groupId={groupId} post={post} /> : null}

      <ConfirmDialog danger open={confirming === 'delete'} onOpenChange={(open) => { if (!open) setConfirming(null); }}
        texts={{ title: t('wall.deleteTitle'), body: post.mine ? t('wall.deleteBodyMine') : t('wall.deleteBody', { name }), confirm: t('wall.delete'), working: t('wall.deleting'), cancel: t('wall.cancel') }}
        onConfirm={async () => {
          await actions.remove.mutateAsync(post.id);
          onDeleted();
        }}
        errorOf={(error) => errorText(t, error)} />
      <ConfirmDialog open={confirming === 'report'} onOpenChange={(open) => { if (!open) setConfirming(null); }}
        texts={{ title: t('wall.reportTitle'), body: t('wall.reportBody'), confirm: t('wall.report'), working: t('wall.reporting'), cancel: t('wall.cancel') }}
        onConfirm={async () => {
          await actions.report.mutateAsync(post.id);
          setReported(true);
        }}
        errorOf={(error) => errorText(t, error)} />
    </article>
  );
}

/** Editing my post in place: its text, Save and Cancel (Escape too); an error keeps the text. */
function EditForm({ groupId, post, onDone }: { groupId: string; post: Post; onDone: () => void }) {
  const { t } = useTranslation();
  const actions = useWallActions(groupId);
  const [body, setBody] = useState(post.body);
  const [error, setError] = useState<string | null>(null);
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (body.trim() === post.body) return onDone();
    try {
      await actions.edit.mutateAsync({ postId: post.id, body });
      onDone();
    } catch (caught) {
      setError(errorText(t, caught));
    }
  };
  return (
    <form className="space-y-2" onSubmit={(event) => void save(event)} noValidate>
      <PostTextArea label={t('wall.editLabel')} value={body} onChange={setBody} autoFocus onSubmit={() => void save()} onCancel={onDone} rows={3} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={actions.edit.isPending}>{t('wall.cancel')}</Button>
        <Button type="submit" disabled={actions.edit.isPending || body.trim() === '' || [...body.trim()].length > WALL_POST_MAX_CHARS}>
          {actions.edit.isPending ? t('wall.saving') : t('wall.save')}
        </Button>
      </div>
    </form>
  );
}
