import { browserTimeZone } from '../../../lib/browser-time-zone';
import { downloadFile, type DownloadedFile, type DownloadProgress } from '../../../lib/download-file';
import { excelQuery, type TransactionFilters } from '../model/list-query';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/report/xlsx/transactions/?chargeBoxPK&fromDate&toDate&ocppUserTag&paymentStatus&searchInput&timeZone (streamed .xlsx). */
export function downloadTransactionsXlsx(filters: TransactionFilters, onProgress?: (p: DownloadProgress) => void): Promise<DownloadedFile> {
  return downloadFile({ path: 'report/xlsx/transactions/', accept: XLSX, query: excelQuery(filters) }, onProgress);
}

/** GET /api/report/xlsx/transactions/{id}/meter-values/?timeZone (.xlsx). */
export function downloadMeterValuesXlsx(id: number, onProgress?: (p: DownloadProgress) => void): Promise<DownloadedFile> {
  return downloadFile(
    { path: `report/xlsx/transactions/${id}/meter-values/`, accept: XLSX, query: { timeZone: browserTimeZone() } },
    onProgress,
  );
}

/** GET /api/nfe/{id}/pdf/: the authorised invoice of a recharge. */
export function downloadInvoicePdf(id: number): Promise<DownloadedFile> {
  return downloadFile({ path: `nfe/${id}/pdf/`, accept: 'application/pdf' });
}
