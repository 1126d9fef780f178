import type { LogCategory, LogLevel } from '@recarga/contracts/logs';

/** Lines taken out of the buffer for one INSERT, one array per column. */
export interface LogLineColumns {
  tenantPks: number[];
  /** ISO timestamps. */
  ats: string[];
  levels: LogLevel[];
  categories: LogCategory[];
  chargeBoxIds: (string | null)[];
  texts: string[];
}

const INITIAL_BYTES = 64 * 1024;

/**
 * The tenant log's waiting lines, kept so that the garbage collector has nearly nothing to carry:
 * a line waits up to the flush interval (half a second), long enough for its objects to outlive two
 * young-generation collections and be copied into the old generation, where only a major collection
 * frees them. With a line for almost every station message that was a steady share of what filled
 * the old generation. Here a line leaves no object behind: its numbers go into arrays of unboxed
 * numbers, its level, category and station are strings that live anyway, and its text is written
 * as UTF-8 into one reused Buffer outside the JavaScript heap; texts become strings again only when
 * their batch is written.
 */
export class LineBuffer {
  private tenantPks: number[] = [];
  private ats: number[] = [];
  private levels: LogLevel[] = [];
  private categories: LogCategory[] = [];
  private chargeBoxIds: (string | null)[] = [];
  /** End offset of each line's text in `bytes`. */
  private textEnds: number[] = [];
  private bytes = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  private used = 0;

  get length(): number {
    return this.tenantPks.length;
  }

  push(tenantPk: number, at: number, level: LogLevel, category: LogCategory, chargeBoxId: string | null, text: string): void {
    const need = this.used + Buffer.byteLength(text);
    if (need > this.bytes.length) {
      let size = this.bytes.length * 2;
      while (size < need) size *= 2;
      const grown = Buffer.allocUnsafeSlow(size);
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    this.tenantPks.push(tenantPk);
    this.ats.push(at);
    this.levels.push(level);
    this.categories.push(category);
    this.chargeBoxIds.push(chargeBoxId);
    this.textEnds.push(this.used);
  }

  /** Removes the first `n` lines (all when fewer) and answers them as columns. */
  take(n: number): LogLineColumns {
    const count = Math.min(n, this.length);
    const texts: string[] = new Array(count);
    let start = 0;
    for (let i = 0; i < count; i++) {
      const end = this.textEnds[i]!;
      texts[i] = this.bytes.toString('utf8', start, end);
      start = end;
    }
    // The remaining texts move to the front; their ends move with them.
    this.bytes.copy(this.bytes, 0, start, this.used);
    this.used -= start;
    this.textEnds.splice(0, count);
    for (let i = 0; i < this.textEnds.length; i++) this.textEnds[i]! -= start;
    return {
      tenantPks: this.tenantPks.splice(0, count),
      ats: this.ats.splice(0, count).map((ms) => new Date(ms).toISOString()),
      levels: this.levels.splice(0, count),
      categories: this.categories.splice(0, count),
      chargeBoxIds: this.chargeBoxIds.splice(0, count),
      texts,
    };
  }
}
