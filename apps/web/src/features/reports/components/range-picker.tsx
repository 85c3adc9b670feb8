/**
 * The report's date range field, with antd's range picker loaded apart from the report (issue 26
 * item 4). The picker and its panels (antd date-picker, @rc-component/picker: ~35 KB brotli) were
 * part of the report's first load, though nothing of them but the closed field shows at first paint;
 * on a phone (Lighthouse: slow 4G, 4× CPU) those bytes and their evaluation came before the report
 * card's first paint. Here the field starts as a read-only input of the same size showing the same
 * range, and the picker's own chunk is asked for when the field mounts (Vite's `import()`), so it
 * arrives beside the report's first requests. Props are the picker's; Form.Item's value and
 * onChange go through to it.
 */
import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense } from 'react';
import type { Range } from '../lib/report-range.ts';

const Picker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })));

/** The range as the picker writes it (its default format), for the placeholder. */
function rangeText(value: RangePickerProps['value']): string {
  const [start, end] = (value ?? []) as Range | [];
  return start && end ? `${start.format('YYYY-MM-DD')} ~ ${end.format('YYYY-MM-DD')}` : '';
}

/** antd's RangePicker, lazily loaded; until then a read-only input with the range, `width` wide. */
export function RangePicker(props: RangePickerProps & { width: number; label: string }) {
  const { width, label, ...picker } = props;
  const placeholder = (
    <Input
      readOnly
      aria-label={label}
      aria-busy="true"
      value={rangeText(picker.value)}
      style={{ width }}
      data-testid="report-range-loading"
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <Picker {...picker} style={{ width }} />
    </Suspense>
  );
}
