/**
 * The posts of a group's wall, or of one match's thread (`matchId`), under a composer: newest first, 30 at
 * a time with "Older posts" for the next ones. Times are told against a clock that ticks each half minute.
 * A post written, edited, deleted or reacted to elsewhere arrives through the group's live events
 * (use-live-events.ts refetches the wall's queries).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { errorText } from '../../../lib/error-text';
import { useGroupMatches } from '../../predictions/api/predictions';
import { useWall, useWallActions } from '../api/wall';
import { PostTextArea, postable } from './post-textarea';
import { WallPost } from './wall-post';

/** Now in ms, again every 30 s. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The composer and the posts. `canWrite` false (a deactivated group) leaves the composer out; `onOff`
 * renders what to show when the wall is off.
 */
export function WallFeed({ groupId, matchId = null, canWrite, off }: { groupId: string; matchId?: string | null; canWrite: boolean; off: React.ReactNode }) {
  const { t } = useTranslation();
  const wall = useWall(groupId, matchId);
  const now = useNow();
  const composer = useRef<HTMLTextAreaElement>(null);
  // On the wall, a post written in a match's thread names its match (the group page has them loaded).
  const groupMatches = useGroupMatches(groupId).data?.matches;
  const matchLabels = useMemo(() => new Map((groupMatches ?? []).map((m) => [m.id, `${m.homeTeam.name} – ${m.awayTeam.name}`])), [groupMatches]);
  if (wall.isPending) return <Spinner label={t('app.loading')} />;
  // An error with pages already shown (Older failed) keeps them, said under them.
  if (!wall.data) return <LoadError label={t('wall.loadError')} error={wall.error} onRetry={() => void wall.refetch()} />;
  const first = wall.data.pages[0]!;
  if (!first.enabled) return <>{off}</>;
  const posts = wall.data.pages.flatMap((page) => page.posts);
  return (
    <div className="space-y-3">
      {canWrite ? <Composer groupId={groupId} matchId={matchId} textareaRef={composer} /> : null}
      {posts.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">{matchId ? t('wall.threadEmpty') : t('wall.empty')}</p>
      ) : (
        <ul className="space-y-3" aria-label={matchId ? t('wall.comments') : t('wall.posts')}>
          {posts.map((post) => (
            <li key={post.id}>
              <WallPost groupId={groupId} post={post} now={now} onDeleted={() => composer.current?.focus()}
                matchLabel={!matchId && post.matchId ? matchLabels.get(post.matchId) : undefined} />
            </li>
          ))}
        </ul>
      )}
      {wall.hasNextPage ? (
        <div className="text-center">
          <Button variant="secondary" onClick={() => void wall.fetchNextPage()} disabled={wall.isFetchingNextPage}>
            {wall.isFetchingNextPage ? t('app.loading') : t('wall.older')}
          </Button>
        </div>
      ) : null}
      {wall.isFetchNextPageError ? <Alert>{errorText(t, wall.error)}</Alert> : null}
    </div>
  );
}

/** Writing a post: the text box and Post; an error keeps the text, a success empties it, says so and puts the focus back in the box. */
function Composer({ groupId, matchId, textareaRef }: { groupId: string; matchId: string | null; textareaRef: React.RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const { write } = useWallActions(groupId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!postable(body) || write.isPending) return;
    setError(null);
    setPosted(false);
    try {
      await write.mutateAsync({ body, matchId });
      setBody('');
      setPosted(true);
      // Post was pressed (and disabled while sending): the text box is where the next one is written.
      textareaRef.current?.focus();
    } catch (caught) {
      setError(errorText(t, caught));
    }
  };
  return (
    <form onSubmit={(event) => void send(event)} noValidate className="space-y-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <PostTextArea label={matchId ? t('wall.commentLabel') : t('wall.composeLabel')} labelHidden
        placeholder={matchId ? t('wall.commentPlaceholder') : t('wall.composePlaceholder')}
        value={body} onChange={(next) => { setBody(next); setPosted(false); }} onSubmit={() => void send()} textareaRef={textareaRef} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex items-center justify-between gap-3">
        <p role="status" className="min-w-0 text-xs text-slate-600">{posted ? t('wall.posted') : ''}</p>
        <Button type="submit" className="shrink-0" disabled={!postable(body) || write.isPending}>
          {write.isPending ? t('wall.posting') : t('wall.post')}
        </Button>
      </div>
    </form>
  );
}
