import { apiClient, type ApiRequest } from './api-client';

export interface DownloadProgress {
  loaded: number;
  /** Bytes expected (Content-Length); null when the server streams without announcing a size. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`). */
function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Fetches a file through the API client, reading the body as a stream to report progress. */
export async function downloadFile(
  request: ApiRequest & { accept?: string },
  onProgress?: (progress: DownloadProgress) => void,
): Promise<DownloadedFile> {
  const response = await apiClient.requestRaw(request);
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.({ loaded: blob.size, total: blob.size });
    return { blob, fileName };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Percent for a progress bar; null when the size is not known. */
export function progressPercent(p: DownloadProgress | null): number | null {
  if (!p || !p.total) return null;
  return Math.min(100, Math.round((p.loaded / p.total) * 100));
}

/** '45 %' when the size is known, '320 KB' otherwise. */
export function progressText(p: DownloadProgress | null): string {
  if (!p) return '';
  const percent = progressPercent(p);
  if (percent !== null) return `${percent} %`;
  if (p.loaded < 1024) return `${p.loaded} B`;
  if (p.loaded < 1024 * 1024) return `${Math.round(p.loaded / 1024)} KB`;
  return `${(p.loaded / 1024 / 1024).toFixed(1)} MB`;
}
