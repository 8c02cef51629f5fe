/**
 * /admin/audit: the audit log of administrative writes, newest first, 50 a page, searched as you type
 * (debounced) in actions, subjects, administrators and reasons — search and page in the address
 * (?q=&page=) — as a table from 1280 px and cards below; each entry's before → after opens in place.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/card';
import { ListBody } from '../components/list-body';
import { ListToolbar } from '../components/list-toolbar';
import { useListAddress } from '../lib/list-address';
import { useAuditLog } from './audit-api';
import { AuditCards } from './audit-cards';
import { AuditTable } from './audit-table';

/** The log has one order (newest first); its address still has a list's shape. */
const SORTS = ['createdAt'] as const;

/** The audit log screen. */
export function AuditScreen() {
  const { t } = useTranslation();
  const list = useListAddress(SORTS, { sort: 'createdAt', order: 'desc' });
  const { search, page } = list.query;
  const log = useAuditLog({ search, page });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setExpanded((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  const entries = log.data?.entries ?? [];
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <PageTitle>{t('admin.sections.audit')}</PageTitle>
        <p className="text-sm text-slate-600">{t('adminAudit.intro')}</p>
      </div>
      <ListToolbar text={list.text} onText={list.setText} searchLabel={t('adminAudit.search')} placeholder={t('adminAudit.searchPlaceholder')} />
      <ListBody result={log} rows={entries.length} onPage={list.goTo}
        count={t('adminAudit.total', { count: log.data?.total ?? 0 })}
        empty={search ? t('adminAudit.noMatch', { search }) : t('adminAudit.none')}
        loadError={t('adminAudit.loadError')}
        table={<AuditTable entries={entries} expanded={expanded} onToggle={toggle} />}
        cards={<AuditCards entries={entries} expanded={expanded} onToggle={toggle} />} />
    </div>
  );
}
