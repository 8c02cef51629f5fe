/**
 * /admin/audit: the audit log of administrative writes, newest first, 50 a page, searched as you type
 * (debounced) in actions, subjects, administrators and reasons — search and page in the address
 * (?q=&page=) — as a table from 1280 px and cards below; each entry's before → after opens in place.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle, Spinner } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Pagination } from '../components/pagination';
import { useAuditLog, type AuditQuery } from './audit-api';
import { AuditCards } from './audit-cards';
import { AuditTable } from './audit-table';

/** The log's search and page from the address. */
function readQuery(params: URLSearchParams): AuditQuery {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The audit log screen. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const log = useAuditLog(query);
  const [text, setText] = useState(query.search);
  const settled = useDebouncedValue(text.trim().slice(0, 100), 300);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const change = (edit: (next: URLSearchParams) => void) => setParams((current) => {
    const next = new URLSearchParams(current);
    edit(next);
    return next;
  }, { replace: true });

  // The search, once typing pauses, goes into the address (back to page 1).
  useEffect(() => {
    if (settled === query.search) return;
    change((next) => {
      if (settled) next.set('q', settled);
      else next.delete('q');
      next.delete('page');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new settled text moves the address
  }, [settled]);

  const toggle = (id: string) => setExpanded((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const goTo = (page: number) => {
    change((next) => next.set('page', String(page)));
    window.scrollTo({ top: 0 });
  };

  const data = log.data;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <PageTitle>{t('admin.sections.audit')}</PageTitle>
        <p className="text-sm text-slate-600">{t('adminAudit.intro')}</p>
      </div>
      <TextField type="search" label={t('adminAudit.search')} placeholder={t('adminAudit.searchPlaceholder')} value={text}
        onChange={(event) => setText(event.target.value)} autoComplete="off" spellCheck={false} maxLength={100} />
      <p role="status" className="text-sm text-slate-600">{data ? t('adminAudit.total', { count: data.total }) : ''}</p>
      {log.isPending ? <Spinner label={t('app.loading')} /> : null}
      {log.isError && !data ? <LoadError label={t('adminAudit.loadError')} error={log.error} onRetry={() => void log.refetch()} /> : null}
      {data && data.entries.length === 0 ? (
        <div className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          {query.search ? t('adminAudit.noMatch', { search: query.search }) : t('adminAudit.none')}
        </div>
      ) : null}
      {data && data.entries.length > 0 ? (
        <div aria-busy={log.isPlaceholderData} className={`transition-opacity ${log.isPlaceholderData ? 'opacity-60' : ''}`}>
          <div className="hidden xl:block"><AuditTable entries={data.entries} expanded={expanded} onToggle={toggle} /></div>
          <div className="xl:hidden"><AuditCards entries={data.entries} expanded={expanded} onToggle={toggle} /></div>
        </div>
      ) : null}
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={goTo} /> : null}
    </div>
  );
}
