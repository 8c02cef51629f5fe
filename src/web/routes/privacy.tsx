/**
 * Page /privacy: what Palpite stores, why, for how long, who sees it, and how to get a copy or delete
 * it (pages.json privacy.*). Sections are anchored (/privacy#delete) so other pages can point at them.
 */
import { useTranslation } from 'react-i18next';
import { Card } from '../components/ui/card';
import { ProsePage } from '../components/ui/prose';
import { TextBlocks, TextSections } from '../features/site/components/text-blocks';

/** The sections in reading order (keys under privacy.sections). */
const SECTIONS = ['stored', 'why', 'cookies', 'visibility', 'retention', 'access', 'delete', 'changes', 'contact'] as const;

/** Page /privacy: an introduction, then one titled section per subject. */
export function PrivacyRoute() {
  const { t } = useTranslation();
  return (
    <ProsePage title={t('privacy.title')} intro={<TextBlocks i18nKey="privacy.intro" />}>
      <Card>
        <TextSections prefix="privacy.sections" ids={SECTIONS} />
      </Card>
    </ProsePage>
  );
}
