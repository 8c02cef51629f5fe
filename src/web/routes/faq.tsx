/**
 * Page /faq: short answers grouped by topic (predictions and points, groups and invitations, the
 * account), each a disclosure that opens on tap; /faq#<question> opens that question. Scoring comes
 * with a worked example computed by the domain's rules.
 */
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProsePage, ProseSection } from '../components/ui/prose';
import { FaqItem } from '../features/site/components/faq-item';
import { ScoringExample } from '../features/site/components/scoring-example';
import { TextBlocks } from '../features/site/components/text-blocks';

/** The topics in order, each with its questions (keys under faq.items in pages.json). */
const TOPICS = [
  { id: 'play', items: ['scoring', 'deadline', 'postponed', 'visibility', 'ties'] },
  { id: 'groups', items: ['create', 'join', 'invite', 'leave'] },
  { id: 'account', items: ['free', 'languages', 'password', 'deleteAccount'] },
] as const;

/** Page /faq: the questions by topic; the one named by the address hash starts open. */
export function FaqRoute() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  return (
    <ProsePage title={t('faq.title')} intro={<TextBlocks i18nKey="faq.intro" />}>
      {TOPICS.map((topic) => (
        <ProseSection key={topic.id} id={topic.id} title={t(`faq.topics.${topic.id}`)}>
          <div className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {topic.items.map((item) => (
              <FaqItem key={item} id={item} question={t(`faq.items.${item}.q`)} open={target === item}>
                <TextBlocks i18nKey={`faq.items.${item}.a`} />
                {item === 'scoring' ? (
                  <>
                    <ScoringExample />
                    <TextBlocks i18nKey="faq.items.scoring.after" />
                  </>
                ) : null}
              </FaqItem>
            ))}
          </div>
        </ProseSection>
      ))}
    </ProsePage>
  );
}
