/**
 * /admin/reports: the wall posts members reported, oldest report first — each with the post's text, its
 * group (a link to the group's admin page), its author and time, who reported it and when — and two
 * actions: Delete post (confirmed; recorded in the audit log) and Dismiss (the post stays).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WallReport } from '../../../../contracts/wall';
import { Alert, PageTitle, Spinner } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, DANGER } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { errorText } from '../../../lib/error-text';
import { PostText } from '../../wall/components/post-text';
import { useNow } from '../hooks/use-now';
import { AgoText } from '../people/time-text';
import { adminGroupPath, adminUserPath } from '../people/paths';
import { useWallReportActions, useWallReports } from './wall-reports-api';

/** The reported posts screen. */
export function WallReportsScreen() {
  const { t } = useTranslation();
  const reports = useWallReports();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <div className="space-y-4">
      <PageTitle>{t('adminWall.title')}</PageTitle>
      <p className="text-sm text-slate-600">{t('adminWall.intro')}</p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {reports.isPending ? <Spinner label={t('app.loading')} />
        : reports.isError ? <LoadError label={t('adminWall.loadError')} error={reports.error} onRetry={() => void reports.refetch()} />
        : reports.data.length === 0 ? <p className="rounded-2xl bg-white px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">{t('adminWall.none')}</p>
        : (
          <ul className="space-y-3" aria-label={t('adminWall.title')}>
            {reports.data.map((report) => <li key={report.id}><ReportCard report={report} onDone={setMessage} /></li>)}
          </ul>
        )}
    </div>
  );
}

/** One report: the post, where and by whom, the report, and the actions. */
function ReportCard({ report, onDone }: { report: WallReport; onDone: (message: { tone: 'success' | 'error'; text: string }) => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const actions = useWallReportActions();
  const { post, reporter } = report;
  const author = post.author.username ?? t('adminWall.deletedAccount');
  const person = (userId: string | null, name: string) => (userId
    ? <Link to={adminUserPath(userId)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{name}</Link>
    : <span className="font-semibold text-slate-600">{name}</span>);
  const dismiss = async () => {
    try {
      await actions.dismiss.mutateAsync(report.id);
      onDone({ tone: 'success', text: t('adminWall.dismissed') });
    } catch (error) {
      onDone({ tone: 'error', text: errorText(t, error) });
    }
  };
  return (
    <article className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={t('adminWall.reportOf', { name: author })}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('adminWall.group')}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]"><Link to={adminGroupPath(post.groupId)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{post.groupName}</Link></dd>
        <dt className="text-slate-600">{t('adminWall.author')}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{person(post.author.userId, author)} · <AgoText iso={post.createdAt} now={now} none="" /></dd>
        <dt className="text-slate-600">{t('adminWall.reporter')}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{person(reporter.userId, reporter.username)} · <AgoText iso={report.createdAt} now={now} none="" /></dd>
      </dl>
      <blockquote className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200">
        <PostText text={post.body} />
      </blockquote>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={actions.dismiss.isPending} onClick={() => void dismiss()}>{t('adminWall.dismiss')}</Button>
        <ConfirmDialog danger
          trigger={<Button className={DANGER}>{t('adminWall.deletePost')}</Button>}
          texts={{ title: t('adminWall.deleteTitle'), body: t('adminWall.deleteBody', { name: author, group: post.groupName }), confirm: t('adminWall.deletePost'), working: t('adminWall.deleting'), cancel: t('adminWall.cancel') }}
          onConfirm={async () => {
            await actions.deletePost.mutateAsync(report.id);
            onDone({ tone: 'success', text: t('adminWall.deleted') });
          }}
          errorOf={(error) => errorText(t, error)} />
      </div>
    </article>
  );
}
