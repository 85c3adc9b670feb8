/** /report/sdk: the SDK report (spec §2 Report screens, api-contract §8). */
import { DEFAULT_PAGE_SIZE } from '@portal/contracts/constants.ts';
import { type ReportRow, sdkDefaultFields } from '@portal/contracts/reports.ts';
import { Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageKey } from '../../../lib/storage-keys.ts';
import { useReportList } from '../api/use-report-list.ts';
import { useStatColumns } from '../api/use-stat-columns.ts';
import { ReportNote } from '../components/report-note.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { SdkFilters, type SdkFilterValues } from '../components/sdk-filters.tsx';
import { defaultRange } from '../lib/report-range.ts';
import { defaultOrder, pickColumns, readSavedFields } from '../lib/saved-columns.ts';
import { buildSdkQuery } from '../lib/sdk-query.ts';

/** SDK report screen. */
export default function SdkReportPage() {
  const { t } = useTranslation('reports');
  const [initial] = useState<SdkFilterValues>(() => ({ range: defaultRange() }));
  const [filters, setFilters] = useState<SdkFilterValues>(initial);
  const [order, setOrder] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ index: 1, size: DEFAULT_PAGE_SIZE });
  const statColumns = useStatColumns('sdk');
  const [savedFields] = useState(() => readSavedFields(StorageKey.sdkReportColumns));

  const columns = useMemo(() => {
    if (!statColumns.data) return [];
    const picked = savedFields ? pickColumns(statColumns.data, savedFields) : [];
    return picked.length > 0 ? picked : pickColumns(statColumns.data, sdkDefaultFields);
  }, [statColumns.data, savedFields]);

  const effectiveOrder = order ?? defaultOrder(columns.map((c) => c.field));
  const query = columns.length > 0 ? buildSdkQuery(filters, columns, effectiveOrder, page) : null;
  const list = useReportList('sdk', query);

  const onSearch = (values: SdkFilterValues) => {
    const next = { ...values };
    if (JSON.stringify(next) === JSON.stringify(filters) && page.index === 1) void list.refetch();
    setFilters(next);
    setPage((p) => ({ ...p, index: 1 }));
  };

  const onReset = () => {
    setFilters({ range: defaultRange() });
    setOrder(undefined);
    setPage({ index: 1, size: DEFAULT_PAGE_SIZE });
  };

  const renderDimension = (field: string, row: ReportRow) => {
    if (field === 'app_key' && row.app_name) {
      return (
        <span data-testid="app-cell">
          <span>{row.app_name}</span>
          <br />
          <span className="app-key" title={String(row.app_key)}>
            {row.app_key}
          </span>
        </span>
      );
    }
    if (field === 'ad_style' && row.ad_style !== null && row.ad_style !== undefined) {
      return t(`adStyle.${row.ad_style}`, { defaultValue: String(row.ad_style) });
    }
    return undefined;
  };

  return (
    <Card title={t('sdk.title')} data-testid="sdk-report">
      <ReportNote />
      <SdkFilters initial={initial} onSearch={onSearch} onReset={onReset} />
      <ReportTable
        columns={columns}
        data={list.data}
        loading={statColumns.isLoading || list.isFetching}
        order={effectiveOrder}
        page={page.index}
        pageSize={page.size}
        onSortChange={(o) => {
          setOrder(o);
          setPage((p) => ({ ...p, index: 1 }));
        }}
        onPageChange={(index, size) => setPage({ index, size })}
        renderDimension={renderDimension}
      />
    </Card>
  );
}
