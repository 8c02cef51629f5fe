/**
 * A group page that cannot be shown, in the specification's words (section 8): 'Invalid Group ID.' for
 * an address whose id is not a group id; 'The group may have been deleted or you don't have permission
 * to view it.' when the server will not show the group to this person (no such group, a private one,
 * removed from it); otherwise what went wrong (errorText: offline, unreachable, 'An error occurred'),
 * with a retry.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { Alert } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Error ids by which the server says: not this group, not for you (a private group never reveals itself). */
const HIDDEN = new Set(['group_not_found', 'forbidden', 'not_found', 'validation_failed']);

/** Whether a failed group call means the group is not there for this person (see the module comment). */
export function isHiddenGroup(error: unknown): boolean {
  return error instanceof ApiError && HIDDEN.has(error.id);
}

/** The message for a group call that failed. */
export function groupProblemText(t: TFunction, error: unknown): string {
  return isHiddenGroup(error) ? t('groupPage.notFound') : `${t('groupPage.errorGroup')} ${errorText(t, error)}`;
}

/** The reason, a way back to my groups, and a retry where it can help. */
export function GroupProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert>{message}</Alert>
      <div className="flex flex-wrap gap-2">
        {onRetry ? <Button onClick={onRetry}>{t('groupPage.retry')}</Button> : null}
        <Link to={paths.groups} className="inline-flex items-center rounded-lg px-4 py-2.5 text-sm font-semibold text-emerald-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">{t('groupPage.back')}</Link>
      </div>
    </div>
  );
}

/**
 * What a group page shows when its group (or what it needs of it) did not load: `invalidId` for an
 * address that names no group id, else the message for `error`, with a retry unless the group is hidden.
 */
export function GroupLoadProblem({ error, invalidId = false, onRetry }: { error?: unknown; invalidId?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (invalidId) return <GroupProblem message={t('groupPage.invalidId')} />;
  const hidden = isHiddenGroup(error);
  return <GroupProblem message={hidden ? t('groupPage.notFound') : `${t('groupPage.loadFailed')} ${groupProblemText(t, error)}`} onRetry={hidden ? undefined : onRetry} />;
}
