import PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 40;
const ROW_HEIGHT = 16;

/** A4 document with the header every assessment report starts with: logo or tenant name, title, period. */
export function startReport(opts: { logo: Buffer | null; tenantName: string; title: string; subtitle: string[] }): PdfDoc {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: opts.title, Author: opts.tenantName, Producer: 'Recarga' } });
  let drewLogo = false;
  if (opts.logo) {
    try {
      doc.image(opts.logo, MARGIN, MARGIN, { fit: [160, 50] });
      doc.y = MARGIN + 58;
      drewLogo = true;
    } catch {
      drewLogo = false;
    }
  }
  if (!drewLogo) doc.font('Helvetica-Bold').fontSize(18).text(opts.tenantName, MARGIN, MARGIN).moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(13).text(opts.title).moveDown(0.2);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  for (const line of opts.subtitle) doc.text(line);
  doc.fillColor('#000000').moveDown(0.8);
  return doc;
}

/** Draws table rows, repeating the header on each new page. */
export class PdfTable {
  private headerDrawn = false;

  constructor(
    private readonly doc: PdfDoc,
    private readonly columns: Column[],
  ) {}

  private bottom() {
    return this.doc.page.height - MARGIN - ROW_HEIGHT;
  }

  private line(cells: string[], bold: boolean) {
    const doc = this.doc;
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    this.columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x + 2, y + 4, {
        width: c.width - 4,
        align: c.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
        height: ROW_HEIGHT,
      });
      x += c.width;
    });
    doc
      .moveTo(MARGIN, y + ROW_HEIGHT)
      .lineTo(x, y + ROW_HEIGHT)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  }

  header() {
    if (this.doc.y > this.bottom()) this.doc.addPage();
    this.line(
      this.columns.map((c) => c.title),
      true,
    );
    this.headerDrawn = true;
  }

  row(cells: string[], bold = false) {
    if (!this.headerDrawn) this.header();
    if (this.doc.y > this.bottom()) {
      this.doc.addPage();
      this.header();
    }
    this.line(cells, bold);
  }
}

/** Formats money (minor units), energy and instants the way the dashboard shows them. */
/** The reader's language as a BCP 47 tag (`br` is Brazilian Portuguese). */
export function languageTagOf(language: string): string {
  return language === 'br' ? 'pt-BR' : language;
}

/** Numbers and dates in the reader's language, money in the tenant's currency. */
export class ReportFormat {
  private readonly money: Intl.NumberFormat;
  private readonly kwh: Intl.NumberFormat;
  private readonly dateTime: Intl.DateTimeFormat;
  private readonly date: Intl.DateTimeFormat;

  constructor(currency: string, timeZone: string, language: string) {
    const tag = languageTagOf(language);
    this.money = new Intl.NumberFormat(tag, { style: 'currency', currency });
    this.kwh = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    this.dateTime = new Intl.DateTimeFormat(tag, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    this.date = new Intl.DateTimeFormat(tag, { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
  }

  moneyOf(minor: number) {
    return this.money.format(minor / 100);
  }
  kwhOf(wh: number) {
    return this.kwh.format(wh / 1000);
  }
  at(d: Date | string | null) {
    return d ? this.dateTime.format(new Date(d)) : '-';
  }
  day(d: Date) {
    return this.date.format(d);
  }
}

/** `h:mm` of a duration in seconds. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}`;
}
