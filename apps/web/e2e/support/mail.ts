import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

/** One MIME entity's body, decoded by its own Content-Transfer-Encoding. */
function decodeBody(head: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * The text/plain parts of a message, walking multipart entities by their boundaries. Only text is
 * searched for the code: an attached image in base64 holds runs of six digits by chance.
 */
function plainTexts(entity: string): string[] {
  const [head = '', ...rest] = entity.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const type = /^content-type:\s*([^;\s]+)/im.exec(unfolded)?.[1]?.toLowerCase() ?? 'text/plain';
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => plainTexts(part.replace(/^\r?\n/, '')));
  }
  return type === 'text/plain' ? [decodeBody(unfolded, body)] : [];
}

/** Names of the mail files written so far (to tell a new message from older ones). */
export function mailFiles(dataDir: string): Set<string> {
  try {
    return new Set(readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml')));
  } catch {
    return new Set();
  }
}

function codeIn(dataDir: string, file: string, email: string): string | null {
  const raw = readFileSync(join(dataDir, 'mail', file), 'utf8');
  const to = new RegExp(`^To:.*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  if (!to.test(raw)) return null;
  for (const text of plainTexts(raw)) {
    const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
    if (code) return code;
  }
  return null;
}

/** Waits for a new recovery e-mail to `email` (a file not in `before`) and returns its 6-digit code. */
export function waitForRecoveryCode(dataDir: string, email: string, before: Set<string>): Promise<string> {
  // The server writes the message as it answers the request: poll the folder for it.
  return vi.waitFor(
    () => {
      const fresh = [...mailFiles(dataDir)]
        .filter((f) => !before.has(f))
        .sort()
        .reverse();
      for (const file of fresh) {
        const code = codeIn(dataDir, file, email);
        if (code) return code;
      }
      throw new Error(`No new recovery e-mail for ${email} under ${dataDir}/mail`);
    },
    { timeout: 15_000, interval: 100 },
  );
}
