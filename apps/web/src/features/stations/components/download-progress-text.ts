import type { DownloadProgress } from '../../../lib/download-file';

/** '45 %' when the size is known, '320 KB' otherwise. */
export function progressText(p: DownloadProgress | null): string {
  if (!p) return '';
  if (p.total) return `${Math.min(100, Math.round((p.loaded / p.total) * 100))} %`;
  if (p.loaded < 1024) return `${p.loaded} B`;
  if (p.loaded < 1024 * 1024) return `${Math.round(p.loaded / 1024)} KB`;
  return `${(p.loaded / 1024 / 1024).toFixed(1)} MB`;
}

/** Percent for a progress bar; null when the size is not known. */
export function progressPercent(p: DownloadProgress | null): number | null {
  if (!p || !p.total) return null;
  return Math.min(100, Math.round((p.loaded / p.total) * 100));
}
