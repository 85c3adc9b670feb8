/**
 * Export buttons (spec §2, §7): XLSX, with CSV beside it. Each shows a loading state while its file
 * downloads and both are disabled meanwhile. `data-testid="report-export"` / `report-export-csv`.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../lib/save-file.ts';

/** The two buttons; `onExport` resolves when the file has been handed to the browser. */
export function ExportButtons(props: {
  onExport: (format: ExportFormat) => Promise<void>;
  disabled?: boolean;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const prefix = props.testIdPrefix ?? 'report-export';

  const run = async (format: ExportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      await props.onExport(format);
    } catch {
      // the request client has already shown why
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space.Compact>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        disabled={props.disabled || busy === 'csv'}
        onClick={() => void run('xlsx')}
        data-testid={prefix}
      >
        {busy === 'xlsx' ? t('export.downloading') : t('export.xlsx')}
      </Button>
      <Button
        loading={busy === 'csv'}
        disabled={props.disabled || busy === 'xlsx'}
        onClick={() => void run('csv')}
        data-testid={`${prefix}-csv`}
        title={t('export.csvHint')}
      >
        {t('export.csv')}
      </Button>
    </Space.Compact>
  );
}
