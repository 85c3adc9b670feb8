/** STUB — replaced by the reports work: the DuckDB report store under DATA_DIR. */
import type { Config } from '../config.ts';

export type ReportStore = { close: () => Promise<void> };

export async function openReportStore(_config: Config): Promise<ReportStore> {
  return { close: async () => {} };
}
