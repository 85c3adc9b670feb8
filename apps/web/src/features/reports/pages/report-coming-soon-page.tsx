/** Permitted screens that later issues build (RTB, Affiliate, game, app report, management). */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';
import { findEntry } from '@/lib/route-table.ts';

/** Coming-soon screen titled after the route it stands for. */
export default function ReportComingSoonPage() {
  const { t } = useTranslation('reports');
  const { pathname } = useLocation();
  const entry = findEntry(pathname);
  return (
    <PlaceholderPage
      title={entry ? t(`common:${entry.titleKey}`) : t('comingSoon')}
      body={t('common:comingSoon')}
    />
  );
}
