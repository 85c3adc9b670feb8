/**
 * Reject Detail dialog (spec §2 Affiliate): the clicked row's date, hour, offer id, package name,
 * channel, sub channel and geo, a table of reject reasons and counts, and its own export.
 */

import { countryLabel, rejectReasonLabel } from '@portal/contracts/report-labels.ts';
import type { ReportRow } from '@portal/contracts/reports.ts';
import { type RejectRow, rejectCatalogue } from '@portal/contracts/reports-affiliate.ts';
import { Descriptions, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHour, formatInt } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { exportReport } from '../api/export-report.ts';
import { rejectExportEndpoint, useRejectDetail } from '../api/use-reject-detail.ts';
import type { Query } from '../lib/report-query.ts';
import type { ExportFormat } from '../lib/save-file.ts';
import { ExportButtons } from './export-buttons.tsx';

/** The dialog; open while `row` is set. `query` comes from lib/reject-query.ts. */
export function RejectDetailDialog(props: {
  row: ReportRow | null;
  query: Query | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  const { row, query } = props;
  const detail = useRejectDetail(row ? query : null);
  const lang = currentLang();
  const titles = rejectCatalogue.map((c) => c.title[lang]);
  const all = t('reject.all');
  const shown = (v: string | number | undefined, fmt: (x: unknown) => string = String) =>
    v === undefined || v === null || v === '' ? all : fmt(v);

  const dtText = () => {
    const dt = query?.dt;
    if (dt === undefined) return all;
    return String(dt).split(',').map(formatDate).join(' ~ ');
  };

  const onExport = async (format: ExportFormat) => {
    if (!query) return;
    await exportReport(
      rejectExportEndpoint,
      { ...query, titles: titles.join(',') },
      format,
      t('reject.fileName'),
    );
  };

  const items = [
    { key: 'dt', label: t('reject.date'), children: dtText() },
    { key: 'hour', label: t('reject.hour'), children: shown(query?.hour, formatHour) },
    { key: 'offer_id', label: t('reject.offerId'), children: shown(query?.offer_id) },
    { key: 'pkg_name', label: t('reject.pkgName'), children: shown(query?.pkg_name) },
    { key: 'channel', label: t('reject.channel'), children: shown(query?.channel) },
    { key: 'sub_channel', label: t('reject.subChannel'), children: shown(query?.sub_channel) },
    {
      key: 'geo',
      label: t('reject.geo'),
      children: shown(query?.geo, (g) => `${countryLabel(g, lang)} (${g})`),
    },
  ];

  const rows = (detail.data?.list ?? []).map((r, i) => ({ ...r, key: i }));

  return (
    <Modal
      open={row !== null}
      title={t('reject.title')}
      width={760}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      data-testid="reject-dialog"
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={items}
        data-testid="reject-facts"
      />
      <Space style={{ margin: '12px 0', display: 'flex', justifyContent: 'flex-end' }}>
        <ExportButtons
          onExport={onExport}
          disabled={!detail.data || detail.data.count === 0}
          testIdPrefix="reject-export"
        />
      </Space>
      <Table<RejectRow & { key: number }>
        size="small"
        bordered
        data-testid="reject-table"
        loading={detail.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: detail.isError ? t('table.loadFailed') : t('table.empty') }}
        columns={[
          {
            key: 'reject_reason',
            dataIndex: 'reject_reason',
            title: titles[0],
            render: (v: string) => rejectReasonLabel(v, lang),
            onCell: () => ({ 'data-field': 'reject_reason' }) as React.HTMLAttributes<HTMLElement>,
          },
          {
            key: 'reject_num',
            dataIndex: 'reject_num',
            title: titles[1],
            align: 'right',
            width: 140,
            render: (v: number) => formatInt(v),
            onCell: () => ({ 'data-field': 'reject_num' }) as React.HTMLAttributes<HTMLElement>,
          },
        ]}
        summary={() =>
          detail.data && detail.data.count > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>{t('table.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong data-testid="reject-total">{formatInt(detail.data.total.reject_num)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Modal>
  );
}
