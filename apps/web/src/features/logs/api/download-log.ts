import { logPaths } from '@recarga/contracts/logs';
import { downloadFile, type DownloadedFile, type DownloadProgress } from '../../../lib/download-file';

/** GET log/download?tenant={name} (001 §7): today's log of the tenant as a .txt file. */
export function downloadLog(tenant: string, onProgress: (p: DownloadProgress) => void): Promise<DownloadedFile> {
  return downloadFile({ path: logPaths.download, query: { tenant }, accept: 'text/plain' }, onProgress);
}
