/**
 * The KPI cards at the top of a report (issue 13 item 1): each headline metric of the kind
 * (`def.kpis`) from the list's `total`, its value in the compare period (`compare_total`) and the
 * change between them (contracts `relativeChange`). Cards carry `data-testid="kpi-<field>"`, the
 * change `kpi-delta-<field>`.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { type CompareMode, relativeChange, reportViewText } from '@portal/contracts/report-view.ts';
import type { ReportListData, StatColumn } from '@portal/contracts/reports.ts';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCell } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import '../i18n-view.ts';
import { formatDelta } from '../lib/report-view.ts';
import '../report-view.css';

/** Up, down or flat class of a change. */
const trend = (d: number | null) => (d === null || d === 0 ? 'flat' : d > 0 ? 'up' : 'down');

/** The cards; `columns` is the kind's catalogue (titles, formats), `compare` the mode answered. */
export function KpiCards(props: {
  kpis: string[];
  columns: StatColumn[];
  data: ReportListData | undefined;
  compare: CompareMode;
}) {
  const { t } = useTranslation('reportView');
  const lang = currentLang();
  const cards = props.kpis
    .map((f) => props.columns.find((c) => c.field === f))
    .filter((c): c is StatColumn => Boolean(c));
  if (cards.length === 0) return <div className="kpi-cards kpi-cards-pending" />;
  const { data } = props;
  const mode = reportViewText[props.compare][lang];
  return (
    <section className="kpi-cards" aria-label={t('kpiAria')} data-testid="kpi-cards">
      {cards.map((c) => {
        const value = data?.total?.[c.field];
        const base = data?.compare_total?.[c.field];
        const delta = data ? relativeChange(value, base) : null;
        return (
          <div key={c.field} className="kpi-card" data-testid={`kpi-${c.field}`}>
            <div className="kpi-title">{c.title}</div>
            {data ? (
              <>
                <div className="kpi-line">
                  <span className="kpi-value" data-testid={`kpi-value-${c.field}`}>
                    {formatCell(c.file_type, value ?? 0)}
                  </span>
                  <span
                    className={`kpi-delta kpi-${trend(delta)}`}
                    data-testid={`kpi-delta-${c.field}`}
                    title={delta === null ? t('kpiNoChange') : undefined}
                  >
                    {delta === null ? null : delta > 0 ? (
                      <ArrowUpOutlined />
                    ) : delta < 0 ? (
                      <ArrowDownOutlined />
                    ) : null}
                    {delta === null ? '-' : formatDelta(delta)}
                  </span>
                </div>
                <div className="kpi-base">
                  {t('kpiCompare', {
                    mode,
                    value: data.compare_total ? formatCell(c.file_type, base ?? 0) : '-',
                  })}
                </div>
              </>
            ) : (
              // Exactly the height of the value line and the compare line, so nothing below moves
              // when the answer replaces it (CLS).
              <div className="kpi-pending">
                <Skeleton active paragraph={false} title={{ width: '70%' }} />
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
