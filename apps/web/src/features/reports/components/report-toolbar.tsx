/**
 * The buttons above a report table (spec §2): custom columns, reset column width, export. Each is
 * shown only where the report has it (App report: no export, no custom columns); saved views first.
 */
import { ColumnWidthOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../lib/save-file.ts';
import { ExportButtons } from './export-buttons.tsx';

/** The toolbar; omitted handlers hide their buttons. */
export function ReportToolbar(props: {
  onColumns?: () => void;
  onResetWidths: () => void;
  onExport?: (format: ExportFormat) => Promise<void>;
  exportDisabled?: boolean;
  /** Saved views (issue 13 item 7: components/saved-views-control.tsx), first in the row. */
  views?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <Space wrap className="report-toolbar" data-testid="report-toolbar">
      {props.views}
      {props.onColumns ? (
        <Button icon={<SettingOutlined />} onClick={props.onColumns} data-testid="report-columns">
          {t('columns.open')}
        </Button>
      ) : null}
      <Button icon={<ColumnWidthOutlined />} onClick={props.onResetWidths} data-testid="report-reset-width">
        {t('table.resetWidth')}
      </Button>
      {props.onExport ? <ExportButtons onExport={props.onExport} disabled={props.exportDisabled} /> : null}
    </Space>
  );
}
