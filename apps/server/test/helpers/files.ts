import zlib from 'node:zlib';

/** The smallest valid PNG (1×1) and a JPEG header, plus a padded variant of a given size. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const b64 = (bytes: Buffer) => bytes.toString('base64');
export const pngOfSize = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, size - PNG_1X1.length))]);

/** Entries of a zip file (stored or deflated), read from its central directory. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The text drawn in a pdfkit PDF (content streams inflated, hex strings of the standard fonts decoded). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  // The compressed bytes may themselves end with a CR: keep them whole (the writer ends a stream
  // with "\nendstream"), and try without that CR only when the whole bytes do not inflate.
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    const bytes = Buffer.from(m[1]!, 'latin1');
    let content: string | undefined;
    for (const candidate of bytes.at(-1) === 0x0d ? [bytes, bytes.subarray(0, -1)] : [bytes]) {
      try {
        content = zlib.inflateSync(candidate).toString('latin1');
        break;
      } catch {
        // not this one
      }
    }
    if (content === undefined) continue;
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}
