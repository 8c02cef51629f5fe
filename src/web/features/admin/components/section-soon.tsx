/** A section whose screen is not built yet: its name and an honest "not available yet". */
import { useTranslation } from 'react-i18next';
import { Card, PageTitle } from '../../../components/ui/card';
import { sectionLabelKey, type AdminSection } from '../lib/sections';

/** The placeholder card of `section`. */
export function SectionSoon({ section }: { section: AdminSection }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <PageTitle>{t(sectionLabelKey(section))}</PageTitle>
      <Card>
        <p className="text-slate-700">{t('admin.soon')}</p>
      </Card>
    </div>
  );
}
