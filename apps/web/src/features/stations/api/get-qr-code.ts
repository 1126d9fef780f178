import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile, type DownloadedFile } from '../../../lib/download-file';
import { stationKeys } from './station-keys';

/**
 * GET /api/chargepoints/{id}/qrcode.png: the station's QR code (deep link with pk and uuid); with a
 * connector, GET /api/qrcode/chargepoints/{id}/connectors/{connectorId}/qrcode.png: the QR code
 * that opens the public QR start/stop page of that connector.
 */
function getQrCode(pk: number, connectorId?: number): Promise<DownloadedFile> {
  const path = connectorId ? `qrcode/chargepoints/${pk}/connectors/${connectorId}/qrcode.png` : `chargepoints/${pk}/qrcode.png`;
  return downloadFile({ path, accept: 'image/png' });
}

export function useQrCode(pk: number, connectorId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...stationKeys.qrCode(pk), connectorId ?? 'app'],
      queryFn: () => getQrCode(pk, connectorId),
      staleTime: Infinity,
    }),
  );
}
