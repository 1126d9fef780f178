import { useState } from 'react';
import { saveBlob, type DownloadedFile, type DownloadProgress } from './download-file';

/**
 * A download button's state: `run` fetches a file with progress and hands it to the browser (the
 * server's file name, else `fallbackName`); `busy` and `progress` last while it runs. A failure is
 * thrown to the caller, which knows what its 403 or 413 means.
 */
export function useFileDownload() {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const run = async (fetchFile: (onProgress: (p: DownloadProgress) => void) => Promise<DownloadedFile>, fallbackName: string) => {
    setBusy(true);
    setProgress(null);
    try {
      const file = await fetchFile(setProgress);
      saveBlob(file.blob, file.fileName ?? fallbackName);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  return { busy, progress, run };
}
