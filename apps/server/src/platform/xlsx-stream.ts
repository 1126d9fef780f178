import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface XlsxColumn {
  header: string;
  key: string;
  width: number;
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
 * One worksheet written as the rows arrive: a bold header, one committed row per item, backpressure
 * from the reader (the workbook is never buffered whole) and a stop when the reader goes away, which
 * also ends the row source (closing its cursor and freeing its connection). A failure is logged and
 * destroys the stream, so the client sees a broken download instead of a truncated file.
 */
export function streamXlsx<T>(spec: XlsxSheet<T>): Readable {
  const out = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(spec.sheet);
    sheet.columns = spec.columns;
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let n = 0;
    for await (const row of spec.rows) {
      if (++n % 100 === 0 && out.writableNeedDrain) await drainOrClose(out);
      if (out.destroyed) return;
      sheet.addRow(spec.toRow(row)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    spec.log.error({ err }, `${spec.what} failed`);
    out.destroy(err as Error);
  });
  return out;
}
