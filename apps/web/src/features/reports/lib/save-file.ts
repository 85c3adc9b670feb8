/** Saving a downloaded export (spec §7: files named from the Content-Disposition header). */
import type { Download } from '@/lib/request.ts';

export type ExportFormat = 'xlsx' | 'csv';

/** The name to save under: the server's, else `<fallback>.<format>`. Path separators are stripped. */
export function downloadName(download: Pick<Download, 'filename'>, fallback: string, format: ExportFormat) {
  const name = download.filename?.replace(/[\\/]/g, '_').trim();
  return name || `${fallback}.${format}`;
}

/** Hands a blob to the browser as a file download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
