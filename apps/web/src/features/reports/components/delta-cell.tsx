/**
 * A Δ% cell of the report table (issue 13 item 3): the signed change with 2 decimals, green up, red
 * down, "-" without a base (`data-testid="delta"`, `data-trend="up|down|flat"`).
 */
import { formatDelta } from '../lib/report-view.ts';

/** The cell of a change ratio (0.1 = +10 %). */
export function DeltaCell({ value }: { value: unknown }) {
  const v = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const trend = v === null || v === 0 ? 'flat' : v > 0 ? 'up' : 'down';
  return (
    <span className={`delta-cell delta-line kpi-${trend}`} data-testid="delta" data-trend={trend}>
      {formatDelta(v)}
    </span>
  );
}
