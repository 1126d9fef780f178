import { browserTimeZone } from '../../../lib/browser-time-zone';
import { downloadFile, type DownloadedFile, type DownloadProgress } from '../../../lib/download-file';

/** GET /api/report/xlsx/ocpptags/?tenantPk&searchInput (streamed .xlsx; 403 = the monthly report limit). */
export function downloadTagsXlsx(
  filters: { searchInput?: string; tenantPk?: number },
  onProgress?: (p: DownloadProgress) => void,
): Promise<DownloadedFile> {
  return downloadFile(
    {
      method: 'GET',
      path: 'report/xlsx/ocpptags/',
      accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      query: { timeZone: browserTimeZone(), tenantPk: filters.tenantPk, searchInput: filters.searchInput?.trim() },
    },
    onProgress,
  );
}
