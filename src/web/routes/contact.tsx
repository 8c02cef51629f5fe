/**
 * Page /contact (/support redirects here): the installation's contact address (GET /api/site, the
 * server's CONTACT_EMAIL) with a copy-email button, what to put in a message, and a pointer to the FAQ.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Alert, Card, Spinner } from '../components/ui/card';
import { ProsePage, ProseSection } from '../components/ui/prose';
import { useSite } from '../features/site/api/site';
import { ContactEmail } from '../features/site/components/contact-email';
import { TextBlocks } from '../features/site/components/text-blocks';

/** Page /contact: the address (or a loading / retry state), tips for a useful message, the FAQ link. */
export function ContactRoute() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <ProsePage title={t('contact.title')} intro={<p>{t('contact.intro')}</p>}>
      {site.data ? <ContactEmail email={site.data.contactEmail} /> : null}
      {site.isPending ? <Spinner label={t('app.loading')} /> : null}
      {site.isError ? (
        <div className="space-y-3">
          <Alert>{t('contact.loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void site.refetch()}>{t('contact.retry')}</Button>
        </div>
      ) : null}
      <Card>
        <ProseSection title={t('contact.tipsTitle')}>
          <TextBlocks i18nKey="contact.tips" />
        </ProseSection>
      </Card>
      <div className="text-slate-700"><TextBlocks i18nKey="contact.faqHint" /></div>
    </ProsePage>
  );
}
