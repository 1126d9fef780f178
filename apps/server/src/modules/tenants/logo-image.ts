import { createHash } from 'node:crypto';
import { LOGO_MAX_BYTES, type logoMediaTypes } from '@recarga/contracts/tenant-settings-constants';

export type LogoMediaType = (typeof logoMediaTypes)[number];

export type LogoCheck = { ok: true; mediaType: LogoMediaType; bytes: Buffer; version: string } | { ok: false; reason: 'type' | 'size' };

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*);base64,([A-Za-z0-9+/\s]*={0,2}\s*)$/i;

/**
 * What an image's first bytes say it is: PNG (89 50 4E 47 0D 0A 1A 0A), JPEG (FF D8 FF) or WebP
 * ('RIFF' size 'WEBP'); null for anything else — SVG, text, or a file merely named .png.
 */
export function logoMediaType(bytes: Uint8Array): LogoMediaType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * An uploaded logo, from its data: URL (base64). The type is the bytes' own (the declared media type
 * is not believed); at most LOGO_MAX_BYTES decoded. The version names the content (the first 16
 * hex digits of its SHA-256): the same image uploaded again is the same address.
 */
export function checkLogo(dataUrl: string): LogoCheck {
  const m = DATA_URL.exec(dataUrl.trim());
  if (!m) return { ok: false, reason: 'type' };
  const body = m[3]!.replace(/\s+/g, '');
  // Base64 of more than the limit can be refused before decoding it.
  if (Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0) > LOGO_MAX_BYTES)
    return { ok: false, reason: 'size' };
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length === 0) return { ok: false, reason: 'type' };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, reason: 'size' };
  const mediaType = logoMediaType(bytes);
  if (!mediaType) return { ok: false, reason: 'type' };
  return { ok: true, mediaType, bytes, version: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

/** The public address of an uploaded logo. */
export const logoPath = (tenantPk: number, version: string) => `/api/tenant-logos/${tenantPk}/${version}`;
