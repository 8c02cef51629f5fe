/**
 * A post's reactions in one compact row: each one given, with its count, pressed when mine is among them
 * (a press takes mine back or adds it), then a control with all six to add or take back mine.
 */
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { WallPost } from '../../../../contracts/wall';
import { REACTION_EMOJI, WALL_REACTIONS, type WallReaction } from '../../../../domain/wall';
import { errorText } from '../../../lib/error-text';
import { useWallActions } from '../api/wall';

const chip = 'inline-flex h-8 min-w-11 items-center justify-center gap-1 rounded-full px-2.5 text-sm tabular-nums ring-1 ring-inset transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-600 disabled:opacity-60';

export function PostReactions({ groupId, post }: { groupId: string; post: WallPost }) {
  const { t } = useTranslation();
  const { react } = useWallActions(groupId);
  const mine = new Set(post.reactions.filter((given) => given.mine).map((given) => given.reaction));
  const toggle = (reaction: WallReaction) => react.mutate({ postId: post.id, reaction, on: !mine.has(reaction) });
  return (
    <div className="mt-2.5">
      <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('wall.reactions')}>
        {post.reactions.map((given) => (
          <li key={given.reaction}>
            <button type="button" aria-pressed={given.mine} disabled={react.isPending} onClick={() => toggle(given.reaction)}
              aria-label={t('wall.reactionCount', { reaction: t(`wall.reaction.${given.reaction}`), count: given.count })}
              className={`${chip} ${given.mine ? 'bg-emerald-50 font-semibold text-emerald-900 ring-emerald-600' : 'bg-slate-50 text-slate-700 ring-slate-200 hover:bg-slate-100'}`}>
              <span aria-hidden>{REACTION_EMOJI[given.reaction]}</span>
              <span aria-hidden>{given.count}</span>
            </button>
          </li>
        ))}
        <li>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger asChild>
              <button type="button" aria-label={t('wall.addReaction')} title={t('wall.addReaction')}
                className={`${chip} bg-white text-slate-500 ring-slate-200 hover:bg-slate-50 hover:text-slate-800`}>
                <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
                  <circle cx="9" cy="10" r="6.5" /><path d="M6.5 12c.7.9 1.5 1.3 2.5 1.3s1.8-.4 2.5-1.3" /><path d="M7 8.3h.01M11 8.3h.01" strokeWidth="2.2" /><path d="M16.5 2v4M14.5 4h4" />
                </svg>
              </button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="start" sideOffset={4} className="z-50 grid grid-cols-6 gap-1 rounded-full bg-white p-1.5 shadow-xl ring-1 ring-slate-200">
                {WALL_REACTIONS.map((reaction) => (
                  <DropdownMenu.CheckboxItem key={reaction} checked={mine.has(reaction)} onSelect={() => toggle(reaction)}
                    aria-label={t(`wall.reaction.${reaction}`)} title={t(`wall.reaction.${reaction}`)}
                    className="flex h-10 w-10 cursor-pointer select-none items-center justify-center rounded-full text-xl outline-none data-[highlighted]:bg-emerald-50 data-[state=checked]:bg-emerald-100 data-[state=checked]:ring-1 data-[state=checked]:ring-emerald-600">
                    <span aria-hidden>{REACTION_EMOJI[reaction]}</span>
                  </DropdownMenu.CheckboxItem>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </li>
      </ul>
      {react.isError ? <p role="alert" className="mt-1 text-xs text-red-700">{errorText(t, react.error)}</p> : null}
    </div>
  );
}
