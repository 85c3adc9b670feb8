/**
 * /policy/index (public, spec §2): the privacy policy in 10 sections with a side menu (antd Anchor) that
 * follows the reading position. The texts load with this screen, not with /login.
 */
import { Affix, Anchor, Grid } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/policy.json';
import zh from '@/locales/zh/policy.json';
import { PolicySection } from '../components/policy-section.tsx';
import { policySections, sectionAnchor } from '../lib/policy-sections.ts';
import '../policy.css';

addCatalogue('policy', { zh, en });

/** Privacy policy screen. */
export default function PolicyPage() {
  const { t } = useTranslation('policy');
  const { hash } = useLocation();
  // A deep link (/policy/index#policy-rights) opens at its section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  const intro = t('intro', { returnObjects: true });
  const wide = Grid.useBreakpoint().lg ?? true;
  const items = policySections.map((id) => ({
    key: id,
    href: `#${sectionAnchor(id)}`,
    title: t(`sections.${id}.title`),
  }));
  const menu = (
    <nav className="policy-nav" aria-label={t('menu')} data-testid="policy-menu">
      <p className="policy-nav-title">{t('menu')}</p>
      <Anchor affix={false} replace offsetTop={24} targetOffset={24} items={items} />
    </nav>
  );
  return (
    <div className="policy" data-testid="policy-page">
      {wide ? (
        // Affix (position: fixed) rather than CSS sticky: the layout's watermark wrapper clips overflow.
        <Affix offsetTop={16}>{menu}</Affix>
      ) : (
        menu
      )}
      <article className="policy-body">
        <h1>{t('title')}</h1>
        <p className="policy-effective">{t('effective')}</p>
        {(Array.isArray(intro) ? (intro as string[]) : []).map((p) => (
          <p key={p}>{p}</p>
        ))}
        {policySections.map((id) => (
          <PolicySection key={id} id={id} />
        ))}
      </article>
    </div>
  );
}
