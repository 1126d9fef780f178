import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile, type DownloadedFile } from '../../../lib/download-file';
import { stationKeys } from './station-keys';

/** GET /api/chargepoints/{id}/qrcode.png: the station's QR code (deep link with pk and uuid). */
function getQrCode(pk: number): Promise<DownloadedFile> {
  return downloadFile({ path: `chargepoints/${pk}/qrcode.png`, accept: 'image/png' });
}

export function useQrCode(pk: number) {
  return useQuery(queryOptions({ queryKey: stationKeys.qrCode(pk), queryFn: () => getQrCode(pk), staleTime: Infinity }));
}
