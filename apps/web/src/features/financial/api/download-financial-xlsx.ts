import { financialPaths, TOTAL_ROWS_HEADER, XLSX_MEDIA_TYPE, type FinancialTab } from '@recarga/contracts/financial-constants';
import { apiClient } from '../../../lib/api-client';
import { totalRowsOf, type ExportProgress } from '../model/export-progress';
import type { FinancialQueryParams } from '../model/list-settings';
import { gatewayPath } from './gateway-path';

/**
 * GET the tab's list with format=xlsx (000 §7): the same filters, every row, streamed. Reports the
 * rows announced (X-Total-Rows) and the bytes received as they arrive; answers the file.
 */
export async function downloadFinancialXlsx(
  tab: FinancialTab,
  query: FinancialQueryParams,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const { page: _page, size: _size, ...filters } = query;
  const response = await apiClient.requestRaw({
    service: 'gateway',
    path: gatewayPath(financialPaths.list[tab]),
    query: { ...filters, format: 'xlsx' },
    accept: XLSX_MEDIA_TYPE,
    signal,
  });
  const rows = totalRowsOf(response.headers.get(TOTAL_ROWS_HEADER));
  let loaded = 0;
  onProgress({ rows, loaded, done: false });
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ rows, loaded: blob.size, done: true });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ rows, loaded, done: false });
  }
  onProgress({ rows, loaded, done: true });
  return new Blob(chunks, { type: XLSX_MEDIA_TYPE });
}
