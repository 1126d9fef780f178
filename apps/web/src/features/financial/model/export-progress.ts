/**
 * The Excel download's progress (issue 19 §4). The file is streamed without a Content-Length: the
 * server announces the number of rows (X-Total-Rows) and the screen counts the bytes received. A
 * compressed .xlsx grows by about the same number of bytes per row, so the share received is
 * estimated from the rows; it stays below 100 % until the last byte has arrived.
 */

/** The empty workbook: styles, sheet frame, header row (measured: 5 rows weigh 7 KB). */
export const XLSX_BASE_BYTES = 6_500;
/** One compressed row of 17 columns: an estimate (the small files measured are mostly workbook frame); the bar never claims more than 99 % before the end. */
export const XLSX_BYTES_PER_ROW = 110;

export interface ExportProgress {
  /** X-Total-Rows; null when the server did not say. */
  rows: number | null;
  /** Bytes received so far. */
  loaded: number;
  done: boolean;
}

/** Estimated percent received (0–99 while streaming, 100 when done); null when the number of rows is unknown. */
export function exportPercent(p: ExportProgress): number | null {
  if (p.done) return 100;
  if (p.rows === null) return null;
  const expected = XLSX_BASE_BYTES + p.rows * XLSX_BYTES_PER_ROW;
  return Math.max(0, Math.min(99, Math.floor((p.loaded / expected) * 100)));
}

/** Rows already received, estimated the same way (never more than the total). */
export function rowsReceived(p: ExportProgress): number | null {
  if (p.rows === null) return null;
  if (p.done) return p.rows;
  const estimate = Math.floor(Math.max(0, p.loaded - XLSX_BASE_BYTES) / XLSX_BYTES_PER_ROW);
  return Math.min(p.rows, estimate);
}

/** The X-Total-Rows header as a number; null when absent or not a whole number. */
export function totalRowsOf(header: string | null): number | null {
  if (header === null || !/^\d{1,9}$/.test(header.trim())) return null;
  return Number(header.trim());
}
