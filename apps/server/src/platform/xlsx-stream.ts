import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface XlsxColumn {
  header: string;
  key: string;
  width: number;
  /** Excel number format of the column's cells (numbers, money, dates, durations). */
  numFmt?: string;
}

/** A cell with its own number format (money in the row's currency). */
export interface XlsxCell {
  value: unknown;
  numFmt: string;
}

export function xlsxCell(value: unknown, numFmt: string): XlsxCell {
  return { value, numFmt };
}

function isXlsxCell(value: unknown): value is XlsxCell {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && 'numFmt' in value && 'value' in value;
}

export interface XlsxSheet<T> {
  /** Worksheet name. */
  sheet: string;
  columns: XlsxColumn[];
  /** Read lazily: one row at a time from a cursor or from chunks. */
  rows: AsyncIterable<T>;
  toRow: (row: T) => Record<string, unknown>;
  log: { error(obj: object, msg: string): void };
  /** Names the export in the log line when it fails. */
  what: string;
}

/** Resolves when a slow reader drained the stream, or when it went away. */
function drainOrClose(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

/**
 * The rows with the first one already read: whatever the source refuses (a bad filter, a database
 * error) fails here, before an answer has begun, so the client gets an error answer, not a file.
 */
export async function primed<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = rows[Symbol.asyncIterator]();
  const head = await iterator.next();
  return {
    [Symbol.asyncIterator]() {
      let first: IteratorResult<T> | null = head;
      return {
        next: () => {
          if (first) {
            const r = first;
            first = null;
            return Promise.resolve(r);
          }
          return iterator.next();
        },
        return: (value?: unknown) => iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined }),
      };
    },
  };
}

/**
 * One worksheet written as the rows arrive: a bold header, one committed row per item, backpressure
 * from the reader (the workbook is never buffered whole) and a stop when the reader goes away, which
 * also ends the row source (closing its cursor and freeing its connection). The first row is read
 * before the stream is handed out, so a refused query is an error answer rather than a download; a
 * failure later is logged and destroys the stream, and the server then cuts the connection, so the
 * client sees a broken download instead of a truncated file that looks whole.
 */
export async function streamXlsx<T>(spec: XlsxSheet<T>): Promise<Readable> {
  const rows = await primed(spec.rows);
  const out = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(spec.sheet);
    sheet.columns = spec.columns.map(({ numFmt, ...column }) => (numFmt ? { ...column, style: { numFmt } } : column));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let n = 0;
    for await (const row of rows) {
      if (++n % 100 === 0 && out.writableNeedDrain) await drainOrClose(out);
      if (out.destroyed) return;
      const values = spec.toRow(row);
      const formatted = Object.entries(values).filter(([, value]) => isXlsxCell(value)) as [string, XlsxCell][];
      const added = sheet.addRow(
        formatted.length ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isXlsxCell(v) ? v.value : v])) : values,
      );
      for (const [key, cell] of formatted) added.getCell(key).numFmt = cell.numFmt;
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    spec.log.error({ err }, `${spec.what} failed`);
    out.destroy(err as Error);
  });
  return out;
}
