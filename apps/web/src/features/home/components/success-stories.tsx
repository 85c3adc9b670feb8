/** Success stories from configuration (lib/success-stories.ts); nothing at all when none are set. */
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import { localize, type SuccessStory } from '../lib/success-stories.ts';

/** The stories section, or null for an empty list (spec §2: success-story content not shown). */
export function SuccessStories({ stories }: { stories: SuccessStory[] }) {
  const { t } = useTranslation('marketing');
  const lang = currentLang();
  if (stories.length === 0) return null;
  return (
    <section className="mk-section" aria-labelledby="home-stories-title" data-testid="home-stories">
      <h2 id="home-stories-title">{t('stories.title')}</h2>
      <p className="mk-section-intro">{t('stories.intro')}</p>
      <ul className="mk-cards">
        {stories.map((s) => {
          const title = localize(s.title, lang);
          const metric = localize(s.metric, lang);
          const author = localize(s.author, lang);
          return (
            <li key={title} className="mk-card mk-story">
              {metric && <p className="mk-story-metric">{metric}</p>}
              <h3>{title}</h3>
              <blockquote>{localize(s.quote, lang)}</blockquote>
              {author && <p className="mk-story-author">{author}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
