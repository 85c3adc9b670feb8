/** Report exports (spec §7): a file from the server, saved under its Content-Disposition name. */
import { downloadEndpointUnchecked } from '@/lib/call-endpoint.ts';
import type { ReportExportEndpoint } from '../lib/report-defs.ts';
import type { Query } from '../lib/report-query.ts';
import { downloadName, type ExportFormat, saveBlob } from '../lib/save-file.ts';

/** Downloads the file of `endpoint` for `query` and saves it; resolves with the saved name. */
export async function exportReport(
  endpoint: ReportExportEndpoint,
  query: Query,
  format: ExportFormat,
  fallbackName: string,
  timeoutMs?: number,
): Promise<string> {
  // the list's query record (lib/report-query.ts) plus the format; the server checks the entry's schema
  const file = await downloadEndpointUnchecked(endpoint, { query: { ...query, format } }, { timeoutMs });
  const name = downloadName(file, fallbackName, format);
  saveBlob(file.blob, name);
  return name;
}
