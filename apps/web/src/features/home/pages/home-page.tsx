/**
 * /home (public, spec §1–2): the marketing page — advertising and gaming solutions, success stories
 * (from configuration; hidden when none), audience countries. Visitors get a hero with a login link;
 * signed-in users get their shortcuts on top instead, and an active publisher their earnings, top apps
 * and setup checklist below them (components/publisher-dashboard.tsx). The texts load with this screen, not with /login.
 */
import { CompanyStatus, Role } from '@portal/contracts/constants.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '@/components/link-button.tsx';
import { addCatalogue } from '@/lib/i18n.ts';
import { useCountries } from '@/lib/use-countries.ts';
import { useSession } from '@/lib/use-session.ts';
import en from '@/locales/en/marketing.json';
import zh from '@/locales/zh/marketing.json';
import { AudienceCountries } from '../components/audience-countries.tsx';
import { MarketingHero } from '../components/marketing-hero.tsx';
import { PublisherDashboard } from '../components/publisher-dashboard.tsx';
import { QuickLinks } from '../components/quick-links.tsx';
import { Solutions } from '../components/solutions.tsx';
import { SuccessStories } from '../components/success-stories.tsx';
import { regionFor } from '../lib/regions.ts';
import { configuredStories } from '../lib/success-stories.ts';
import '../home.css';

addCatalogue('marketing', { zh, en });

/** Home screen. */
export default function HomePage() {
  const { token, companyStatus, userInfo } = useSession();
  const isOps = userInfo?.opt_permission.some((p) => p.role_info.id === Role.OPS) ?? false;
  const member = Boolean(token) && companyStatus === CompanyStatus.ACTIVE && !isOps;
  const countries = useCountries();
  const audience = countries.data?.filter((c) => regionFor(c.country_code)).length;

  return (
    <div className="home" data-testid="home-page">
      {token ? <QuickLinks /> : <MarketingHero countries={audience} />}
      <PublisherDashboard enabled={member} />
      <Solutions />
      <SuccessStories stories={configuredStories} />
      <AudienceCountries
        countries={countries.data}
        loading={countries.isPending}
        failed={countries.isError}
      />
      {!token && <CallToAction />}
    </div>
  );
}

/** The closing band for visitors: log in, or read the privacy policy. */
function CallToAction() {
  const { t } = useTranslation('marketing');
  return (
    <section className="mk-cta" aria-labelledby="home-cta-title">
      <h2 id="home-cta-title">{t('cta.title')}</h2>
      <p>{t('cta.body')}</p>
      <div className="mk-actions">
        <LinkButton to="/login" type="primary" size="large">
          {t('cta.login')}
        </LinkButton>
        <Link to="/policy/index" className="mk-ghost-link">
          {t('cta.policy')}
        </Link>
      </div>
    </section>
  );
}
