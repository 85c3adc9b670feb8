/**
 * The period select of the filter row (issue 13 item 2): yesterday, last 7 / 30 days, this month,
 * last month, or "custom" once the dates are picked by hand. A Form control: `value` is the preset
 * (undefined = custom); picking one calls `onChange` and the filter row sets the dates from it
 * (lib/report-view.ts `presetToRange`). Presets with nothing reportable (before the kind's earliest
 * date) are disabled.
 */
import { type ReportPreset, reportPresets, reportViewText } from '@portal/contracts/report-view.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import '../i18n-view.ts';
import { presetToRange } from '../lib/report-view.ts';

const CUSTOM = 'custom';

/** The preset select (`data-testid="report-preset"`). */
export function DatePresets(props: {
  earliest: string;
  /** The report kind: its clock decides yesterday (contracts report-clock.ts). */
  kind?: ReportKind;
  value?: ReportPreset;
  onChange?: (v: ReportPreset | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation('reportView');
  const lang = currentLang();
  const options = [
    ...reportPresets.map((p) => ({
      value: p,
      label: reportViewText[p][lang],
      disabled: presetToRange(p, props.earliest, undefined, props.kind) === null,
    })),
    { value: CUSTOM, label: t('custom'), disabled: true },
  ];
  return (
    <Select<string>
      id={props.id}
      aria-label={t('period')}
      className="report-preset"
      data-testid="report-preset"
      value={props.value ?? CUSTOM}
      options={options}
      popupMatchSelectWidth={false}
      onChange={(v) => props.onChange?.(v === CUSTOM ? undefined : (v as ReportPreset))}
    />
  );
}
