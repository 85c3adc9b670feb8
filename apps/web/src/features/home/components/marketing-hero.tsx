/** The visitor's hero on /home: the pitch, a login link and the network at a glance. */
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';

/** Hero with the login call to action; `countries` is the audience size once the list has loaded. */
export function MarketingHero({ countries }: { countries?: number }) {
  const { t } = useTranslation('marketing');
  return (
    <section className="mk-hero" aria-labelledby="home-title">
      <p className="mk-eyebrow">{t('hero.eyebrow')}</p>
      <h1 id="home-title">{t('hero.title')}</h1>
      <p className="mk-lead">{t('hero.body')}</p>
      <div className="mk-actions">
        <LinkButton to="/login" type="primary" size="large" data-testid="home-login">
          {t('hero.login')}
        </LinkButton>
        <a className="mk-ghost-link" href="#home-solutions">
          {t('hero.explore')}
        </a>
      </div>
      <Facts countries={countries} />
    </section>
  );
}

/** Three figures about the network; the country count appears once known. */
export function Facts({ countries }: { countries?: number }) {
  const { t } = useTranslation('marketing');
  const facts = [
    { value: 4, label: t('facts.formats') },
    ...(countries ? [{ value: countries, label: t('facts.countries') }] : []),
    { value: 6, label: t('facts.reports') },
  ];
  return (
    <ul className="mk-facts" aria-label={t('facts.label')}>
      {facts.map((f) => (
        <li key={f.label}>
          <strong>{f.value}</strong>
          <span>{f.label}</span>
        </li>
      ))}
    </ul>
  );
}
