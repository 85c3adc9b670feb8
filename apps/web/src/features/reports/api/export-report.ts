/** Report exports (spec §7): a file from the server, saved under its Content-Disposition name. */
import { requestBlob } from '@/lib/request.ts';
import type { Query } from '../lib/report-query.ts';
import { downloadName, type ExportFormat, saveBlob } from '../lib/save-file.ts';

/** Downloads `path?query` and saves it; resolves with the saved name. */
export async function exportReport(
  path: string,
  query: Query,
  format: ExportFormat,
  fallbackName: string,
  timeoutMs?: number,
): Promise<string> {
  const download = await requestBlob(path, { query: { ...query, format }, timeoutMs });
  const name = downloadName(download, fallbackName, format);
  saveBlob(download.blob, name);
  return name;
}
