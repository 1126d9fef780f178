import PDFDocument from 'pdfkit';
import { formatDuration, formatKwh, formatMoney } from '../../platform/format';
import { accessKey, isValidCpf } from './access-key';
import type { InvoiceDocument, InvoiceIssuer, IssuerResult } from './invoice-issuer';

/**
 * The default issuer: the product's own, offline. It checks what a tax authority would refuse
 * (a driver without a valid document: CPF for Brazilian tenants, any document elsewhere),
 * generates the access key and renders the invoice PDF. Authorisation is asynchronous like a
 * real issuer's: `submit` answers PROCESSING and the next step (`check`, run by the invoice job)
 * authorises or refuses.
 */
export class LocalInvoiceIssuer implements InvoiceIssuer {
  readonly name = 'local';

  async submit(doc: InvoiceDocument): Promise<IssuerResult> {
    return { state: 'PROCESSING', ref: `local-${doc.invoicePk}` };
  }

  /** The local issuer cancels at once: nothing left the machine. */
  async cancel(): Promise<IssuerResult> {
    return { state: 'CANCELLED', message: 'Nota fiscal cancelada após o reembolso total.' };
  }

  /** A replacement invoice for the amount kept, authorised as a new one would be. */
  async correct(doc: InvoiceDocument): Promise<IssuerResult> {
    return this.check(doc);
  }

  async check(doc: InvoiceDocument): Promise<IssuerResult> {
    const brazil = doc.tenant.country === 'BR';
    if (!doc.driver.docNumber || (brazil && !isValidCpf(doc.driver.docNumber))) {
      return {
        state: 'AUTHORIZATION_ERROR',
        message: brazil
          ? 'O cliente não possui CPF válido cadastrado; não é possível emitir a nota fiscal.'
          : 'The customer has no document registered; the invoice cannot be issued.',
      };
    }
    const key = accessKey({
      issuedAt: doc.issuedAt,
      tenantPk: doc.tenant.tenantPk,
      series: doc.series,
      number: doc.number,
      invoicePk: doc.invoicePk,
    });
    return { state: 'AUTHORIZED', accessKey: key, pdf: await renderInvoicePdf(doc, key) };
  }
}

const brasilia = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const dateTime = (d: Date | null) => (d ? brasilia.format(d) : '-');

const formatDoc = (doc: string | null, type: string | null) => {
  if (!doc) return '-';
  const d = doc.replace(/\D/g, '');
  return (type ?? 'CPF') === 'CPF' && d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : doc;
};

/** The invoice as an A4 PDF. */
function renderInvoicePdf(doc: InvoiceDocument, key: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Nota fiscal ${doc.number}`, Author: doc.tenant.name, Producer: 'Recarga' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = (v: number) => formatMoney(v, doc.tenant.currency);
  pdf.font('Helvetica-Bold').fontSize(16).text(doc.tenant.name);
  pdf.font('Helvetica').fontSize(10).text('Nota Fiscal de Serviço Eletrônica (emissor local Recarga)');
  pdf.moveDown();
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Número ${String(doc.number).padStart(9, '0')} · Série ${doc.series}`);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`Chave de acesso: ${key.replace(/(\d{4})/g, '$1 ').trim()}`);
  pdf.text(`Emitida em ${dateTime(doc.issuedAt)}`);
  if (doc.replacesNumber) pdf.text(`Substitui a nota número ${String(doc.replacesNumber).padStart(9, '0')} (reembolso parcial)`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(11).text('Tomador');
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`${doc.driver.name ?? '-'} · ${doc.driver.docType ?? 'CPF'} ${formatDoc(doc.driver.docNumber, doc.driver.docType)}`);
  if (doc.driver.email) pdf.text(doc.driver.email);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(11).text('Serviço: recarga de veículo elétrico');
  pdf.font('Helvetica').fontSize(10);
  pdf.text(
    `Recarga ${doc.recharge.transactionPk} · Estação ${doc.station.chargeBoxId}${doc.station.description ? ` - ${doc.station.description}` : ''}`,
  );
  if (doc.station.address) pdf.text(doc.station.address);
  pdf.text(
    `Início ${dateTime(doc.recharge.startTimestamp)} · Fim ${dateTime(doc.recharge.stopTimestamp)} · Duração ${formatDuration(doc.recharge.durationSeconds)}`,
  );
  pdf.text(`Energia: ${formatKwh(doc.recharge.energyWh, doc.tenant.currency)}`);
  pdf.moveDown();
  const c = doc.composition;
  const lines: [string, number][] = [
    ['Tarifa de início', c.startFee],
    ['Energia', c.energy],
    ['Taxa operacional', c.operationalFee],
    ['Desconto (voucher)', -c.voucherDiscount],
    ['Impostos', c.tax],
  ];
  if (c.refunded > 0) lines.push(['Reembolso', -c.refunded]);
  for (const [label, value] of lines) pdf.text(`${label}: ${money(value)}`);
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total: ${money(c.total - c.refunded)}`);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .moveDown()
    .text(`Pagamento: ${doc.paymentType} em ${dateTime(doc.paidAt)}`);
  pdf.end();
  return done;
}
