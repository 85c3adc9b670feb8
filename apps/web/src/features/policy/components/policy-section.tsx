/** One section of the privacy policy: a heading and its paragraphs and lists. */
import { useTranslation } from 'react-i18next';
import {
  type PolicyBlock,
  type PolicySectionId,
  privacyEmail,
  sectionAnchor,
} from '../lib/policy-sections.ts';

/** A section; the contact section also gets a mail link to the privacy address. */
export function PolicySection({ id }: { id: PolicySectionId }) {
  const { t } = useTranslation('policy');
  const anchor = sectionAnchor(id);
  const raw = t(`sections.${id}.blocks`, { returnObjects: true, email: privacyEmail });
  const blocks: PolicyBlock[] = Array.isArray(raw) ? (raw as PolicyBlock[]) : [];
  return (
    <section className="policy-section" id={anchor} aria-labelledby={`${anchor}-title`}>
      <h2 id={`${anchor}-title`}>{t(`sections.${id}.title`)}</h2>
      {blocks.map((block) =>
        Array.isArray(block) ? (
          <ul key={block.join('\n')}>
            {block.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={block}>{block}</p>
        ),
      )}
      {id === 'contact' && (
        <p>
          <a href={`mailto:${privacyEmail}`} data-testid="policy-email">
            {privacyEmail}
          </a>
        </p>
      )}
    </section>
  );
}
