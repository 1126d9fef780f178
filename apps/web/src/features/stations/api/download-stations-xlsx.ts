import { browserTimeZone } from '../../../lib/browser-time-zone';
import { downloadFile, type DownloadedFile, type DownloadProgress } from '../../../lib/download-file';
import type { StationFilters } from './get-stations';

/** POST /api/report/xlsx/chargepoints/?active&chargeBoxGroupPk&tenantPk&searchInput&online (streamed .xlsx). */
export function downloadStationsXlsx(filters: StationFilters, onProgress?: (p: DownloadProgress) => void): Promise<DownloadedFile> {
  return downloadFile(
    {
      method: 'POST',
      path: 'report/xlsx/chargepoints/',
      accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      query: {
        timeZone: browserTimeZone(),
        active: filters.active,
        chargeBoxGroupPk: filters.chargeBoxGroupPk,
        tenantPk: filters.tenantPk,
        searchInput: filters.searchInput?.trim(),
        online: filters.online,
      },
    },
    onProgress,
  );
}
