/**
 * The country panel beside the trend (issue 13 item 4) for reports with a country dimension
 * (`def.countryChart`: SDK `geo`, RTB `country`): the top countries by the kind's main metric over the
 * list's dates and filters, one list request (`fields=<country>,<metric>`, `order=<metric>:desc`,
 * first page of `COUNTRY_TOP`), asked for only once the rows have answered (`deferred`) and the panel
 * is in view (IntersectionObserver; at once where there is none). Names come from `/common/country`
 * in the page's language (codes where unknown).
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import { Empty, Skeleton } from 'antd';
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterPaint } from '@/lib/use-after-paint.ts';
import { useCountries } from '@/lib/use-countries.ts';
import { useReportList } from '../api/use-report-list.ts';
import '../i18n-view.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import { type FilterValues, filterQuery, type Query } from '../lib/report-query.ts';
import type { CountryValue } from './country-bar.tsx';

const CountryBar = lazy(() => import('./country-bar.tsx'));

/** Countries ranked in the bar. */
export const COUNTRY_TOP = 10;
const HEIGHT = 180;

/** The list query of the ranking. */
export function countryQuery(def: ReportDef, filters: FilterValues): Query | null {
  const c = def.countryChart;
  if (!c || def.style !== 'list') return null;
  return {
    ...filterQuery(def, filters),
    fields: `${c.dimension},${c.metric}`,
    order: `${c.metric}:desc`,
    page_index: 1,
    page_size: COUNTRY_TOP,
  };
}

/** True from the first time `ref`'s element is in the viewport on. */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/** The panel; `metric` is the ranked metric's column. */
export function CountryChart(props: {
  def: ReportDef;
  deferred: boolean;
  filters: FilterValues;
  metric: StatColumn;
  errorText: (err: unknown) => string;
}) {
  const { t } = useTranslation('reportView');
  const { def, metric } = props;
  const dimension = def.countryChart?.dimension ?? 'country';
  const ref = useRef<HTMLElement>(null);
  const seen = useSeen(ref);
  // asked for once the rows the page waits on have been painted and the panel is in view
  const painted = useAfterPaint(!props.deferred);
  const query = painted && seen ? countryQuery(def, props.filters) : null;
  const list = useReportList(def.list, query, def.timeoutMs);
  const countries = useCountries();
  const items = useMemo<CountryValue[]>(() => {
    const names = new Map((countries.data ?? []).map((c) => [c.country_code, c.country_name]));
    return (list.data?.list ?? [])
      .map((r) => {
        const code = String(r[dimension] ?? '');
        return { code, name: names.get(code) ?? (code || '-'), value: Number(r[metric.field] ?? 0) };
      })
      .filter((i) => i.value > 0);
  }, [list.data, countries.data, dimension, metric.field]);
  const title = t('chart.countryTitle', { metric: metric.title });
  // Animated only while asked for: a panel waiting below the fold would otherwise repaint every
  // frame for as long as the page is open (a quarter of a phone's main thread, measured in issue 11).
  const skeleton = <Skeleton active={query !== null} paragraph={{ rows: 5 }} title={false} />;

  let body: React.ReactNode;
  if (list.isError)
    body = (
      <div className="trend-message" data-testid="country-error">
        {props.errorText(list.error)}
      </div>
    );
  else if (!list.data) body = skeleton;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
  else
    body = (
      <Suspense fallback={skeleton}>
        <CountryBar
          items={items}
          fileType={metric.file_type}
          title={t('chart.countryAria', { metric: metric.title })}
          height={HEIGHT}
        />
      </Suspense>
    );
  return (
    <section
      ref={ref}
      className="trend-panel country-panel"
      data-testid="country-panel"
      aria-busy={list.isFetching}
    >
      <div className="trend-head">
        <span className="trend-title">{title}</span>
      </div>
      <div className="trend-body">{body}</div>
    </section>
  );
}
