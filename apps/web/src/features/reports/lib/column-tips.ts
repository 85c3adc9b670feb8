/**
 * Column-title tooltips of a report (api-contract §10): in the game centre report, a UV over several
 * days is the sum of the daily UVs (a user seen on several days counts once per day), so while the
 * date range covers more than one day each UV count column says so.
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import { isGameUvCount } from '@portal/contracts/reports-game.ts';
import type { TFunction } from 'i18next';
import type { ReportDef } from './report-defs.ts';
import type { Range } from './report-range.ts';

/** Tooltip text by field for the shown `columns`; empty when none applies. */
export function headerTips(
  def: ReportDef,
  columns: StatColumn[],
  range: Range,
  t: TFunction<'reports'>,
): Record<string, string> {
  const days = range[1].startOf('day').diff(range[0].startOf('day'), 'day') + 1;
  if (def.kind !== 'game' || days < 2) return {};
  return Object.fromEntries(
    columns.filter((c) => isGameUvCount(c.field)).map((c) => [c.field, t('table.uvSummed', { days })]),
  );
}
