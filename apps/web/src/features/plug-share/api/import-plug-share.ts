import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlugShareImportResponse } from '@recarga/contracts/stats';
import { mapKeys } from '../../../lib/api/get-map-charge-points';
import { apiClient, type UploadProgress } from '../../../lib/api-client';
import { decodeCsv } from '../model/plug-share-file';
import { plugShareKeys } from './plug-share-keys';

interface PlugShareImport {
  file: File;
  tenantPk: number;
  replace: boolean;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/chargepoints/plug-share/import/?tenantPk=&replace=: the CSV file (sent as UTF-8) is the body. */
async function importPlugShare({ file, tenantPk, replace, onProgress }: PlugShareImport): Promise<PlugShareImportResponse> {
  const text = decodeCsv(await file.arrayBuffer());
  return apiClient.upload<PlugShareImportResponse>({
    method: 'POST',
    path: 'chargepoints/plug-share/import/',
    query: { tenantPk, replace },
    file: new Blob([text], { type: 'text/csv;charset=utf-8' }),
    contentType: 'text/csv; charset=utf-8',
    onProgress,
  });
}

export function useImportPlugShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPlugShare,
    onSettled: (_answer, _error, { tenantPk }) => {
      void queryClient.invalidateQueries({ queryKey: plugShareKeys.points(tenantPk) });
      // The home map's third-party list.
      void queryClient.invalidateQueries({ queryKey: mapKeys.origin('PLUG_SHARE') });
    },
  });
}
