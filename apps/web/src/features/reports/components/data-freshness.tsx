/**
 * How fresh a report's data is and on which clock (issue 13 item 9): "数据更新至 2026-11-22 23:00" /
 * "data up to 2026-11-22 23:00", from the list answer's `data_until` (contracts `dataFreshness`: the
 * latest day, and hour for hourly kinds, with facts), then the report's time zone: the user's for an
 * hourly kind (contracts `hourlyReportKinds`), the network's for a daily-only kind, said as such.
 * The date until the server has said; the zone once the session holds the user info.
 */
import { ClockCircleOutlined, GlobalOutlined } from '@ant-design/icons';
import { hourlyReportKinds, type ReportKind } from '@portal/contracts/reports-kinds.ts';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session.ts';

/** The freshness note beside a report's title (`data-until`, `report-zone`). */
export function DataFreshness({ until, kind }: { until: string | undefined; kind: ReportKind }) {
  const { t } = useTranslation('reports');
  const { userInfo } = useSession();
  const network = userInfo?.network_timezone;
  const hourly = hourlyReportKinds.has(kind);
  const zone = hourly ? (userInfo?.timezone ?? network) : network;
  return (
    <>
      {until ? (
        <Typography.Text type="secondary" className="report-freshness" data-testid="data-until">
          <ClockCircleOutlined aria-hidden /> {t('freshness.until', { until })}
        </Typography.Text>
      ) : null}
      {zone ? (
        <Tooltip title={t(hourly ? 'freshness.ownZoneTip' : 'freshness.networkZoneTip', { zone })}>
          <Typography.Text
            type="secondary"
            className="report-freshness"
            data-testid="report-zone"
            tabIndex={0}
          >
            <GlobalOutlined aria-hidden />{' '}
            {t(hourly ? 'freshness.ownZone' : 'freshness.networkZone', { zone })}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </>
  );
}
