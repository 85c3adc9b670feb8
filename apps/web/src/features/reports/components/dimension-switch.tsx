/**
 * The quick dimension switch above the report table (issue 25 item 14), as AdMob's Date / App /
 * Country / Ad unit tabs: one click regroups the table by that dimension alone and keeps the chosen
 * metrics (and their order). Offered for the dimensions the kind's catalogue has; the current one is
 * selected when the table is grouped by exactly it, none otherwise (a custom grouping).
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** The switch's dimensions in order: its label key (reports:dimensions.*) and the fields it may be. */
const DIMENSIONS: { key: string; fields: string[] }[] = [
  { key: 'date', fields: ['dt'] },
  { key: 'app', fields: ['app_key', 'pkg_name', 'app'] },
  { key: 'country', fields: ['geo', 'country'] },
  { key: 'adUnit', fields: ['placement_id'] },
];

/** The switch's options for a catalogue: `{ key, field }` of each dimension the catalogue has. */
export function dimensionOptions(catalogue: StatColumn[]): { key: string; field: string }[] {
  const has = new Set(catalogue.filter((c) => c.type === 1).map((c) => c.field));
  return DIMENSIONS.flatMap((d) => {
    const field = d.fields.find((f) => has.has(f));
    return field ? [{ key: d.key, field }] : [];
  });
}

/** The fields of `dimension` alone with the metrics of `fields` kept in order. */
export function regroup(fields: string[], catalogue: StatColumn[], dimension: string): string[] {
  const metrics = new Set(catalogue.filter((c) => c.type === 2).map((c) => c.field));
  return [dimension, ...fields.filter((f) => metrics.has(f))];
}

/** The switch (`data-testid="dimension-switch"`); `onChange(fields)` applies the new columns. */
export function DimensionSwitch(props: {
  catalogue: StatColumn[];
  fields: string[];
  onChange: (fields: string[]) => void;
}) {
  const { t } = useTranslation('reports');
  const options = dimensionOptions(props.catalogue);
  if (options.length < 2) return null;
  const dims = new Set(props.catalogue.filter((c) => c.type === 1).map((c) => c.field));
  const shown = props.fields.filter((f) => dims.has(f));
  const current = shown.length === 1 ? options.find((o) => o.field === shown[0])?.field : undefined;
  return (
    <Segmented
      className="dimension-switch"
      data-testid="dimension-switch"
      aria-label={t('dimensions.label')}
      value={current ?? ''}
      options={options.map((o) => ({ value: o.field, label: t(`dimensions.${o.key}`) }))}
      onChange={(field) => props.onChange(regroup(props.fields, props.catalogue, String(field)))}
    />
  );
}
