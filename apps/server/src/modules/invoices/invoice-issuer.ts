import type { InvoiceState } from '@recarga/contracts/payments';

/** What an invoice says: the data the issuer needs (and the local issuer prints). */
export interface InvoiceDocument {
  invoicePk: number;
  /** Our RPS number (sequential per tenant) and series. */
  number: number;
  series: string;
  issuedAt: Date;
  tenant: { tenantPk: number; name: string; country: string; currency: string };
  driver: { name: string | null; email: string | null; docType: string | null; docNumber: string | null };
  station: { chargeBoxId: string; description: string | null; address: string };
  recharge: {
    transactionPk: number;
    startTimestamp: Date;
    stopTimestamp: Date | null;
    energyWh: number;
    durationSeconds: number;
  };
  /** Minor units. `refunded`: what was refunded of the total (a corrected invoice states the amount kept, total − refunded). */
  composition: {
    startFee: number;
    energy: number;
    operationalFee: number;
    voucherDiscount: number;
    tax: number;
    total: number;
    refunded: number;
  };
  /** A correction: the number of the invoice this one replaces. */
  replacesNumber?: number | null;
  paymentType: string;
  paidAt: Date | null;
}

/** Final or intermediate state of an invoice as the issuer reports it. */
export interface IssuerResult {
  state: Exclude<InvoiceState, 'NONE' | 'NOT_CONFIGURED'>;
  /** The issuer's reference (to ask again while PROCESSING). */
  ref?: string;
  accessKey?: string;
  message?: string;
  /** The rendered invoice (AUTHORIZED). */
  pdf?: Buffer;
}

/**
 * An invoice (NF/NFS-e) issuer. `submit` sends a document and may answer PROCESSING (then
 * `check` is asked later) or a final state; it throws only for failures worth retrying.
 */
export interface InvoiceIssuer {
  readonly name: string;
  submit(doc: InvoiceDocument): Promise<IssuerResult>;
  check(doc: InvoiceDocument, ref: string): Promise<IssuerResult>;
  /**
   * After a total refund: cancels an issued (or submitted) invoice. Answers CANCELLED, or
   * CANCEL_ERROR with a message. An issuer without it leaves the invoice in CANCEL_ERROR.
   */
  cancel?(doc: InvoiceDocument, ref: string | null): Promise<IssuerResult>;
  /**
   * After a partial refund: replaces the authorised invoice by one for the amount kept
   * (`doc.replacesNumber` names the replaced one). Answers AUTHORIZED (new access key and PDF),
   * or CANCEL_ERROR / AUTHORIZATION_ERROR with a message.
   */
  correct?(doc: InvoiceDocument, ref: string | null): Promise<IssuerResult>;
}
