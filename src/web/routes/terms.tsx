/** Page /terms: the terms of use of this Palpite installation, in plain words (pages.json terms.*). */
import { useTranslation } from 'react-i18next';
import { Card } from '../components/ui/card';
import { ProsePage } from '../components/ui/prose';
import { TextBlocks, TextSections } from '../features/site/components/text-blocks';

/** The sections in reading order (keys under terms.sections). */
const SECTIONS = ['about', 'noMoney', 'account', 'fairUse', 'content', 'matchData', 'availability', 'ending', 'changes', 'contact'] as const;

/** Page /terms: an introduction, then one titled section per subject. */
export function TermsRoute() {
  const { t } = useTranslation();
  return (
    <ProsePage title={t('terms.title')} intro={<TextBlocks i18nKey="terms.intro" />}>
      <Card>
        <TextSections prefix="terms.sections" ids={SECTIONS} />
      </Card>
    </ProsePage>
  );
}
