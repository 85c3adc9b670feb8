/**
 * Audience countries (spec §1): the real country list (GET /common/country, in the current language)
 * grouped by region, shown as a proportion bar and one tab per region listing its countries (the tabs
 * stacked at the side on a phone).
 */
import type { Country } from '@portal/contracts/reports.ts';
import { Alert, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/lib/use-phone.ts';
import { groupByRegion, type RegionId } from '../lib/regions.ts';

type Props = { countries: Country[] | undefined; loading: boolean; failed: boolean };

/** The section; `countries` comes from the page so the hero can show the same count. */
export function AudienceCountries({ countries, loading, failed }: Props) {
  const { t } = useTranslation('marketing');
  const groups = groupByRegion(countries ?? []);
  const total = groups.reduce((n, [, list]) => n + list.length, 0);
  // On a phone the five regions do not fit in one row: antd would put the rest behind a "more"
  // button inside the tab list, which axe refuses (aria-required-children). Stacked beside the
  // countries, every region stays a tab in view.
  const phone = usePhone();

  return (
    <section className="mk-section" aria-labelledby="home-audience-title" data-testid="home-audience">
      <h2 id="home-audience-title">{t('audience.title')}</h2>
      {loading && <Spin description={t('audience.loading')} />}
      {failed && <Alert type="info" showIcon title={t('audience.error')} />}
      {total > 0 && (
        <>
          <p className="mk-section-intro">{t('audience.intro', { count: total })}</p>
          <RegionBar groups={groups} total={total} />
          <Tabs
            className="mk-regions"
            tabPlacement={phone ? 'start' : 'top'}
            items={groups.map(([region, list]) => ({
              key: region,
              label: `${t(`audience.regions.${region}`)} · ${list.length}`,
              children: (
                <ul className="mk-countries" data-testid={`region-${region}`}>
                  {list.map((c) => (
                    <li key={c.country_code}>
                      <span className={`mk-cc mk-region-${region}`} aria-hidden>
                        {c.country_code}
                      </span>
                      {c.country_name}
                    </li>
                  ))}
                </ul>
              ),
            }))}
          />
        </>
      )}
    </section>
  );
}

/** A bar split by each region's share of the countries, with a legend. */
function RegionBar({ groups, total }: { groups: [RegionId, Country[]][]; total: number }) {
  const { t } = useTranslation('marketing');
  return (
    <figure className="mk-region-bar">
      <div className="mk-region-bar-track" aria-hidden>
        {groups.map(([region, list]) => (
          <span
            key={region}
            className={`mk-region-${region}`}
            style={{ width: `${(list.length / total) * 100}%` }}
          />
        ))}
      </div>
      <figcaption>
        <ul className="mk-region-legend">
          {groups.map(([region, list]) => (
            <li key={region}>
              <span className={`mk-swatch mk-region-${region}`} aria-hidden />
              {t(`audience.regions.${region}`)}
              <strong>{t('audience.count', { count: list.length })}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
