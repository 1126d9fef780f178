import { LOGO_MAX_BYTES, logoMediaTypes } from '@recarga/contracts/tenant-settings-constants';

/** Why a chosen file cannot be the logo (a name of the `config:errors` texts), or null when it can. */
export function logoFileError(file: { type: string; size: number }): 'logoType' | 'logoTooLarge' | null {
  if (!(logoMediaTypes as readonly string[]).includes(file.type)) return 'logoType';
  if (file.size > LOGO_MAX_BYTES) return 'logoTooLarge';
  return null;
}

/** The file as a data: URL (what PUT /api/config/logo takes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
