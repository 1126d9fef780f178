import { PLUG_SHARE_MAX_FILE, plugShareColumns, type PlugSharePoint } from '@recarga/contracts/stats';

/**
 * The import file as the browser sees it: the checks made before sending (name, size, encoding),
 * the template and the export of the current points (same format, so an operator can edit and
 * send it back), and the server's per-line errors turned into table rows.
 */

export type PlugShareColumn = (typeof plugShareColumns)[number];

export type FileProblem = 'notCsv' | 'tooLarge' | 'empty';

/** Why a chosen file cannot be sent, or null when it can. */
export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  if (!/\.csv$/i.test(file.name)) return 'notCsv';
  if (file.size > PLUG_SHARE_MAX_FILE) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/**
 * The file's text as UTF-8. Spreadsheets in pt-BR and Spanish often save CSV as Windows-1252:
 * bytes that are not valid UTF-8 are read as Windows-1252, so accents survive.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `;` with decimal commas for the languages whose spreadsheets write that, `,` with points for English. */
interface CsvStyle {
  separator: ',' | ';';
  decimalComma: boolean;
}

export const csvStyleFor = (language: string): CsvStyle =>
  language === 'en' ? { separator: ',', decimalComma: false } : { separator: ';', decimalComma: true };

function quote(value: string, separator: string): string {
  return /["\r\n]/.test(value) || value.includes(separator) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

function coordinate(value: number | null, style: CsvStyle): string {
  if (value === null) return '';
  const text = String(value);
  return style.decimalComma ? text.replace('.', ',') : text;
}

interface CsvPoint {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  street: string | null;
  city: string | null;
  state: string | null;
  connectors: string[];
}

/** One CSV line per point after the header, in the import format (UTF-8 with BOM so spreadsheets read accents). */
export function buildCsv(points: CsvPoint[], style: CsvStyle): string {
  const s = style.separator;
  const lines = [plugShareColumns.join(s)];
  for (const p of points) {
    lines.push(
      [
        p.id,
        p.name,
        coordinate(p.latitude, style),
        coordinate(p.longitude, style),
        p.street ?? '',
        p.city ?? '',
        p.state ?? '',
        p.connectors.filter(Boolean).join('|'),
      ]
        .map((v) => quote(v, s))
        .join(s),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const toCsvPoint = (p: PlugSharePoint): CsvPoint => ({
  id: p.id,
  name: p.name,
  latitude: p.latitude,
  longitude: p.longitude,
  street: p.street,
  city: p.city,
  state: p.state,
  connectors: p.connectors,
});

/** Example points near the tenant's country, for the template and the example line. */
const examples: Record<string, CsvPoint[]> = {
  BR: [
    {
      id: 'EXT-001',
      name: 'Shopping Eldorado',
      latitude: -23.5727,
      longitude: -46.6958,
      street: 'Av. Rebouças, 3970',
      city: 'São Paulo',
      state: 'SP',
      connectors: ['Type 2', 'CCS Type 2'],
    },
    {
      id: 'EXT-002',
      name: 'Posto Rodovia dos Bandeirantes km 72',
      latitude: -23.0512,
      longitude: -46.9867,
      street: null,
      city: 'Jundiaí',
      state: 'SP',
      connectors: ['CHAdeMO'],
    },
  ],
  CO: [
    {
      id: 'EXT-001',
      name: 'Centro Comercial Andino',
      latitude: 4.6669,
      longitude: -74.0527,
      street: 'Cra. 11 #82-71',
      city: 'Bogotá',
      state: 'Cundinamarca',
      connectors: ['Type 2', 'CCS Type 2'],
    },
    {
      id: 'EXT-002',
      name: 'Parque Comercial El Tesoro',
      latitude: 6.1975,
      longitude: -75.5586,
      street: null,
      city: 'Medellín',
      state: 'Antioquia',
      connectors: ['CHAdeMO'],
    },
  ],
  EC: [
    {
      id: 'EXT-001',
      name: 'Quicentro Shopping',
      latitude: -0.1763,
      longitude: -78.4795,
      street: 'Av. Naciones Unidas y Av. 6 de Diciembre',
      city: 'Quito',
      state: 'Pichincha',
      connectors: ['Type 2', 'CCS Type 2'],
    },
    {
      id: 'EXT-002',
      name: 'Mall del Sol',
      latitude: -2.1547,
      longitude: -79.8925,
      street: null,
      city: 'Guayaquil',
      state: 'Guayas',
      connectors: ['CHAdeMO'],
    },
  ],
  UY: [
    {
      id: 'EXT-001',
      name: 'Montevideo Shopping',
      latitude: -34.9035,
      longitude: -56.1365,
      street: 'Av. Luis Alberto de Herrera 1290',
      city: 'Montevideo',
      state: 'Montevideo',
      connectors: ['Type 2', 'CCS Type 2'],
    },
    {
      id: 'EXT-002',
      name: 'Punta Shopping',
      latitude: -34.9322,
      longitude: -54.9384,
      street: null,
      city: 'Punta del Este',
      state: 'Maldonado',
      connectors: ['CHAdeMO'],
    },
  ],
};

export const examplePoints = (country: string | undefined): CsvPoint[] => examples[(country ?? '').trim().toUpperCase()] ?? examples.BR!;

export interface ImportErrorRow {
  key: string;
  /** File line (header = 1); null for the file as a whole. */
  line: number | null;
  /** Column named by the error; null for the line or file as a whole. */
  column: string | null;
  message: string;
}

const columnOrder = (column: string | null) => {
  if (column === null) return -1;
  const i = (plugShareColumns as readonly string[]).indexOf(column);
  return i < 0 ? plugShareColumns.length : i;
};

/** The `fields` of a PLUG_SHARE_INVALID answer (`<line>.<column>` or `file`) as rows by line, then column order. */
export function importErrorRows(fields: Record<string, string>): ImportErrorRow[] {
  const rows = Object.entries(fields).map(([key, message]): ImportErrorRow => {
    const m = /^(\d+)\.(.+)$/.exec(key);
    if (!m) return { key, line: null, column: null, message };
    const column = m[2] === 'file' ? null : m[2]!;
    return { key, line: Number(m[1]), column, message };
  });
  return rows.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || columnOrder(a.column) - columnOrder(b.column));
}

interface TranslatedMessage {
  key: string;
  values: Record<string, string>;
}

/** The server's English messages (modules/plug-share/rows.ts and service.ts) → a locale key with its values. */
const serverMessages: [RegExp, string, string[]][] = [
  [/^Required field$/, 'required', []],
  [/^Use 1 to 50 letters, digits, "\.", "_" or "-"\.$/, 'idFormat', []],
  [/^The id "(.*)" is repeated \(first on line (\d+)\)\.$/, 'idRepeated', ['id', 'line']],
  [/^The id "(.*)" is already used by a station of the network\.$/, 'idTaken', ['id']],
  [/^At most (\d+) characters\.$/, 'tooLong', ['max']],
  [/^Latitude must be a number between -90 and 90\.$/, 'latitude', []],
  [/^Longitude must be a number between -180 and 180\.$/, 'longitude', []],
  [/^At most (\d+) connectors per point\.$/, 'tooManyConnectors', ['max']],
  [/^Unknown connector type "(.*)" \(use (.*), separated by "\|"\)\.$/, 'unknownConnector', ['name', 'types']],
  [/^The column "(.*)" is missing from the header\.$/, 'missingColumn', ['column']],
  [/^The file is empty/, 'emptyFile', []],
  [/^The file has no points/, 'noPoints', []],
  [/^At most (\d+) points per file \(this one has (\d+)\)\.$/, 'tooManyPoints', ['max', 'count']],
  [/^The file has (\d+) errors; the first (\d+) are listed\.$/, 'tooManyErrors', ['count', 'max']],
  [/^A quoted value is not closed\.$/, 'unclosedQuote', []],
];

/** The locale key of a known server message, or null (then the server's text is shown as it is). */
export function translateServerMessage(text: string): TranslatedMessage | null {
  for (const [pattern, key, names] of serverMessages) {
    const m = pattern.exec(text);
    if (m) return { key, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])) };
  }
  return null;
}

/** '1,4 MB' / '320 KB' / '12 B' in the interface language. */
export function formatBytes(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${n.format(bytes / 1024)} KB`;
  return `${n.format(bytes / 1024 / 1024)} MB`;
}
