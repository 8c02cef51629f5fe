/**
 * Translated text of the public pages. A block list is an array in the locale files: a string is a
 * paragraph, an array of strings a bulleted list. Inside a string, <strong>, <code> and the link tags
 * below (<contact>Contact page</contact>, <faq>…) become elements, so translators keep the links.
 */
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProseSection, proseLinkClass } from '../../../components/ui/prose';
import { paths } from '../../../config/paths';

const link = (to: string) => <Link to={to} className={proseLinkClass} />;

/** The tags a translated string may use, and the element each becomes. */
const components: Record<string, ReactElement> = {
  strong: <strong className="font-semibold text-slate-900" />,
  code: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.92em] text-slate-900" />,
  contact: link(paths.contact),
  faq: link(paths.faq),
  terms: link(paths.terms),
  privacy: link(paths.privacy),
  privacyDelete: link(`${paths.privacy}#delete`),
  profile: link(paths.profile),
  login: link(paths.login),
  groups: link(paths.groups),
  createGroup: link(paths.createGroup),
  joinGroup: link(paths.joinGroup()),
};

/** One translated string (`i18nKey`) with its tags turned into elements; returns the text as React nodes. */
export function RichText({ i18nKey }: { i18nKey: string }) {
  return <Trans i18nKey={i18nKey} components={components} />;
}

/** The paragraphs and bulleted lists stored as an array under `i18nKey`; nothing when it is not an array. */
export function TextBlocks({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation();
  const blocks: unknown = t(i18nKey, { returnObjects: true });
  if (!Array.isArray(blocks)) return null;
  return (
    <>
      {blocks.map((block: unknown, index) =>
        Array.isArray(block) ? (
          <ul key={index} className="list-disc space-y-1.5 pl-5 marker:text-emerald-700">
            {block.map((_item: unknown, item) => (
              <li key={item} className="pl-1"><RichText i18nKey={`${i18nKey}.${index}.${item}`} /></li>
            ))}
          </ul>
        ) : (
          <p key={index}><RichText i18nKey={`${i18nKey}.${index}`} /></p>
        ),
      )}
    </>
  );
}

/**
 * The sections `ids` of a text page, read from `{prefix}.{id}.title` (the h2) and `{prefix}.{id}.body`
 * (blocks, see TextBlocks); each section gets the id as its anchor (/privacy#delete).
 */
export function TextSections({ prefix, ids }: { prefix: string; ids: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      {ids.map((id) => (
        <ProseSection key={id} id={id} title={t(`${prefix}.${id}.title`)}>
          <TextBlocks i18nKey={`${prefix}.${id}.body`} />
        </ProseSection>
      ))}
    </div>
  );
}
