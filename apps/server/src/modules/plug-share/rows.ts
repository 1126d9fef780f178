import { PLUG_SHARE_MAX_ROWS, plugShareFieldKey, plugShareRequiredColumns } from '@recarga/contracts/stats';
import { parseCsv } from './csv';

/**
 * Reads and validates a PLUG_SHARE import file (format in docs/decisions-dashboard.md): a header
 * row naming the columns id, name, latitude, longitude and optionally street, city, state,
 * connectors (in any order, case-insensitive; other columns are ignored), then one point per
 * line. Every problem is reported with its line number; one bad line rejects the whole file.
 */

export interface PlugSharePoint {
  line: number;
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  street: string | null;
  city: string | null;
  state: string | null;
  /** connector_type_pk of each connector, in file order. */
  connectorTypePks: number[];
}

export type FieldErrors = Record<string, string>;

const normalise = (s: string) => s.toLowerCase().replace(/[\s\-_/.]+/g, '');

/** Common spellings of the connector types (normalised) → the name stored in connector_types. */
const aliases: Record<string, string> = {
  j1772: 'Type 1',
  sae: 'Type 1',
  type1: 'Type 1',
  tipo1: 'Type 1',
  mennekes: 'Type 2',
  type2: 'Type 2',
  tipo2: 'Type 2',
  ccs1: 'CCS Type 1',
  combo1: 'CCS Type 1',
  ccs2: 'CCS Type 2',
  combo2: 'CCS Type 2',
  ccs: 'CCS Type 2',
  chademo: 'CHAdeMO',
  tesla: 'Tesla',
  nacs: 'Tesla',
  gbt: 'GB/T',
  nbr: 'Plug NBR',
  nbr14136: 'Plug NBR',
  tomada: 'Plug NBR',
  plugnbr: 'Plug NBR',
};

const ID_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;
const MAX_ERRORS = 100;

/** A number written with `.` or, in a `;`-separated file, with a decimal comma. */
function parseNumber(raw: string, decimalComma: boolean): number | null {
  let s = raw.trim();
  if (decimalComma && /^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

export function readPlugShareFile(
  text: string,
  connectorTypes: { connector_type_pk: number; name: string }[],
): { points: PlugSharePoint[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let count = 0;
  const fail = (line: number, column: string, message: string) => {
    count++;
    if (count <= MAX_ERRORS) errors[plugShareFieldKey(line, column)] = message;
  };
  const finish = (points: PlugSharePoint[]) => {
    if (count > MAX_ERRORS) errors.file = `The file has ${count} errors; the first ${MAX_ERRORS} are listed.`;
    return { points: count ? [] : points, errors };
  };

  const csv = parseCsv(text);
  if (csv.error) {
    fail(csv.error.line, 'file', csv.error.message);
    return finish([]);
  }
  const [header, ...rows] = csv.records;
  if (!header) {
    errors.file = 'The file is empty: it needs a header line and one line per point.';
    return { points: [], errors };
  }
  const columns = header.fields.map((h) => h.trim().toLowerCase());
  const index = (name: string) => columns.indexOf(name);
  for (const required of plugShareRequiredColumns) {
    if (index(required) < 0) fail(header.line, required, `The column "${required}" is missing from the header.`);
  }
  if (count) return finish([]);
  if (rows.length === 0) {
    errors.file = 'The file has no points: add one line per point after the header.';
    return { points: [], errors };
  }
  if (rows.length > PLUG_SHARE_MAX_ROWS) {
    errors.file = `At most ${PLUG_SHARE_MAX_ROWS} points per file (this one has ${rows.length}).`;
    return { points: [], errors };
  }

  const typeByName = new Map<string, number>();
  for (const t of connectorTypes) typeByName.set(normalise(t.name), t.connector_type_pk);
  for (const [alias, name] of Object.entries(aliases)) {
    const pk = typeByName.get(normalise(name));
    if (pk !== undefined && !typeByName.has(alias)) typeByName.set(alias, pk);
  }
  const typeNames = connectorTypes.map((t) => t.name).join(', ');

  const decimalComma = csv.delimiter === ';';
  const seen = new Map<string, number>();
  const points: PlugSharePoint[] = [];
  for (const row of rows) {
    const cell = (name: string) => {
      const i = index(name);
      return i < 0 ? '' : (row.fields[i] ?? '').trim();
    };
    const optional = (name: string, max: number) => {
      const v = cell(name);
      if (v.length > max) fail(row.line, name, `At most ${max} characters.`);
      return v || null;
    };
    const line = row.line;
    const before = count;

    const id = cell('id');
    if (!id) fail(line, 'id', 'Required field');
    else if (!ID_PATTERN.test(id)) fail(line, 'id', 'Use 1 to 50 letters, digits, ".", "_" or "-".');
    else if (seen.has(id)) fail(line, 'id', `The id "${id}" is repeated (first on line ${seen.get(id)}).`);
    else seen.set(id, line);

    const name = cell('name');
    if (!name) fail(line, 'name', 'Required field');
    else if (name.length > 255) fail(line, 'name', 'At most 255 characters.');

    const latitude = parseNumber(cell('latitude'), decimalComma);
    if (!cell('latitude')) fail(line, 'latitude', 'Required field');
    else if (latitude === null || latitude < -90 || latitude > 90) fail(line, 'latitude', 'Latitude must be a number between -90 and 90.');
    const longitude = parseNumber(cell('longitude'), decimalComma);
    if (!cell('longitude')) fail(line, 'longitude', 'Required field');
    else if (longitude === null || longitude < -180 || longitude > 180)
      fail(line, 'longitude', 'Longitude must be a number between -180 and 180.');

    const street = optional('street', 255);
    const city = optional('city', 100);
    const state = optional('state', 50);

    const connectorTypePks: number[] = [];
    const connectors = cell('connectors');
    if (connectors) {
      const names = connectors
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
      if (names.length > 10) fail(line, 'connectors', 'At most 10 connectors per point.');
      const unknown = names.filter((n) => !typeByName.has(normalise(n)));
      if (unknown.length) fail(line, 'connectors', `Unknown connector type "${unknown[0]}" (use ${typeNames}, separated by "|").`);
      else for (const n of names.slice(0, 10)) connectorTypePks.push(typeByName.get(normalise(n))!);
    }

    if (count === before) {
      points.push({ line, id, name, latitude: latitude!, longitude: longitude!, street, city, state, connectorTypePks });
    }
  }
  return finish(points);
}
