import fs from 'node:fs/promises';
import path from 'node:path';

export type PhotoMime = 'image/jpeg' | 'image/png';

/** The image type by its first bytes (never by name or declared type); null when neither JPEG nor PNG. */
export function photoMime(bytes: Buffer): PhotoMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Bytes of a base64 payload (plain or a data URL); null when it is not base64. */
export function decodeBase64(text: string): Buffer | null {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const body = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s+/g, '');
  if (!BASE64.test(body)) return null;
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

/**
 * Station photos on disk: `<dataDir>/uploads/stations/<chargeBoxPk>/<uid>.<jpg|png>`. The
 * database row is the index; files are written before the row commits and removed again when
 * the transaction fails, and deleted files are removed after the commit.
 */
export class PhotoStore {
  constructor(private readonly dataDir: string) {}

  dir(chargeBoxPk: number) {
    return path.join(this.dataDir, 'uploads', 'stations', String(chargeBoxPk));
  }

  fileName(uid: string, mime: PhotoMime) {
    return `${uid}.${mime === 'image/png' ? 'png' : 'jpg'}`;
  }

  /** Writes a file; returns its full path (for clean-up). */
  async write(chargeBoxPk: number, fileName: string, bytes: Buffer): Promise<string> {
    const dir = this.dir(chargeBoxPk);
    await fs.mkdir(dir, { recursive: true });
    const full = path.join(dir, path.basename(fileName));
    await fs.writeFile(full, bytes, { flag: 'wx' });
    return full;
  }

  read(chargeBoxPk: number, fileName: string): Promise<Buffer> {
    return fs.readFile(path.join(this.dir(chargeBoxPk), path.basename(fileName)));
  }

  async remove(paths: string[]) {
    await Promise.all(paths.map((p) => fs.rm(p, { force: true }).catch(() => undefined)));
  }

  async removeNamed(chargeBoxPk: number, fileNames: string[]) {
    await this.remove(fileNames.map((f) => path.join(this.dir(chargeBoxPk), path.basename(f))));
  }
}
