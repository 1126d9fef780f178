import type { Kysely } from 'kysely';
import type { PaymentStatus, PaymentType } from '@recarga/contracts/payments';
import {
  USER_PAGE_SIZE,
  USER_PICKER_MAX,
  type UserPickerResponse,
  type StatementKind,
  type UserListQuery,
  type UserListResponse,
  type WalletDepositsResponse,
  type WalletTotalizer,
} from '@recarga/contracts/user-list';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import { formatMoney } from '../../platform/format';
import type { Mailer } from '../../platform/mail/mailer';
import { SheetLocale, numberFormats } from '../../platform/xlsx-locale';
import { streamXlsx } from '../../platform/xlsx-stream';
import type { TenantService } from '../tenants/service';
import * as repo from './repository';

export interface UserListDeps {
  tenants: TenantService;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Statement entries shown (001 §2: the wallet statement of the expanded row). */
const STATEMENT_LIMIT = 100;

const userNotFound = () => notFound('Nenhum usuário encontrada com este id.', 'USER_NOT_FOUND');

/** The label of a movement in the statement (001 §2): idle time, refund, card, Pix, top-up. */
function kindOf(m: {
  is_idle_payment: boolean;
  payment_status: PaymentStatus;
  payment_type: PaymentType;
  target_type: string;
}): StatementKind {
  if (m.is_idle_payment) return 'IDLE';
  if (m.payment_status === 'refunded') return 'REFUND';
  const pix = m.payment_type.endsWith('_PIX');
  const card = m.payment_type.endsWith('_CARD') || m.payment_type === 'MERCADO_PAGO_PRO' || m.payment_type === 'PAGOS_TERPEL';
  // A top-up says how it was paid ("Recarga por cartão"): a bare "Recarga" read like a charge.
  if (m.target_type === 'USER') return pix ? 'TOP_UP_PIX' : card ? 'TOP_UP_CARD' : 'TOP_UP';
  if (pix) return 'PIX';
  if (m.payment_type === 'WALLET') return 'WALLET';
  if (card) return 'CARD';
  return 'OTHER';
}

/** The users list with each driver's recharges, and a user's wallet statement read from the ledger. */
export class UserListService {
  /** The report being built now, for tests and an orderly shutdown. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: UserListDeps,
  ) {}

  async list(ctx: RequestContext, q: UserListQuery): Promise<UserListResponse> {
    const size = q.size ?? USER_PAGE_SIZE;
    const page = q.page ?? 1;
    const search = q.searchInput?.replace(/\0/g, '').trim() || undefined;
    const filters = { activeOnly: q.activeUsers ?? true, search };
    const [rows, count] = await Promise.all([
      repo.listUsers(this.db, ctx.tenantScope, filters, { limit: size, offset: (page - 1) * size }),
      repo.countUsers(this.db, ctx.tenantScope, filters),
    ]);
    const countCapped = search !== undefined && count > repo.SEARCH_COUNT_CAP;
    return {
      countCapped,
      userDashboardList: rows.map((r) => ({
        user_pk: r.user_pk,
        user_name: r.user_name,
        docType: r.doc_type,
        docNumber: r.doc_number,
        car_brand_name: r.car_brand,
        car_model_name: r.car_model,
        recharges: Number(r.recharges),
        consumption: Number(r.consumption),
        chargingStatus: r.charging ? 'Charging' : 'Idle',
        email: r.email,
        ocpp_id_tag: r.ocpp_id_tag,
        active: r.active,
        tenantName: r.tenant_name,
      })),
      count: countCapped ? repo.SEARCH_COUNT_CAP : count,
    };
  }

  /** Every active user of the scope in one compact answer (the voucher and remote-start pickers); `tenantPk`: only those who belong with that network. */
  async picker(ctx: RequestContext, q: { tenantPk?: number } = {}): Promise<UserPickerResponse> {
    const rows = await repo.pickerUsers(this.db, ctx.tenantScope, USER_PICKER_MAX + 1, q.tenantPk);
    return {
      userList: rows.slice(0, USER_PICKER_MAX).map((r) => ({
        user_pk: r.user_pk,
        user_name: r.user_name,
        email: r.email,
        ocpp_id_tag: r.id_tag,
        docType: r.doc_type,
        docNumber: r.doc_number,
      })),
      truncated: rows.length > USER_PICKER_MAX,
    };
  }

  async deposits(ctx: RequestContext, userPk: number): Promise<WalletDepositsResponse> {
    if (!(await repo.userInScope(this.db, ctx.tenantScope, userPk))) throw userNotFound();
    const rows = await repo.userMovements(this.db, userPk, STATEMENT_LIMIT);
    return {
      deposits: rows.map((m) => {
        // Money in (a top-up) is positive; what the user paid (a recharge, idle time) negative.
        const signed = m.target_type === 'USER' ? m.amount : -m.amount;
        return {
          user_wallet_payment_pk: m.movement_pk,
          created_timestamp: new Date(m.created_at).toISOString(),
          payment_type: m.payment_type,
          payment_status: m.payment_status,
          payment_status_detail: m.payment_status_detail,
          payment_transaction_amounts: signed,
          payment_transaction_amounts_human_readable: formatMoney(signed, m.currency.trim()),
          payment_transaction_amount_refunded: Number(m.refunded_amount),
          is_idle_payment: m.is_idle_payment,
          kind: kindOf(m),
          currency: m.currency.trim(),
        };
      }),
    };
  }

  async totalizer(ctx: RequestContext, userPk: number): Promise<WalletTotalizer> {
    const user = await repo.userInScope(this.db, ctx.tenantScope, userPk);
    if (!user) throw userNotFound();
    const wallet = await repo.walletOf(this.db, userPk);
    const currency = (wallet?.currency ?? user.currency).trim();
    const total = Number(wallet?.balance ?? 0);
    return { total, total_human_readable: formatMoney(total, currency), currency };
  }

  /**
   * The users list as a spreadsheet, built in the background and e-mailed to the caller (001 §7:
   * 'the report is e-mailed'); counted against the tenant's monthly report limit (403 at once).
   */
  async emailReport(ctx: RequestContext, q: Pick<UserListQuery, 'activeUsers' | 'searchInput'>) {
    await this.deps.tenants.reserveReportDownload(ctx, 'XLSX_USERS');
    const filters = { activeOnly: q.activeUsers ?? true, search: q.searchInput?.replace(/\0/g, '').trim() || undefined };
    const to = ctx.user.email;
    const job = this.buildAndSend(ctx, filters, to).catch((err: unknown) =>
      this.deps.log.error({ err, to }, 'users report: building or sending the e-mail failed'),
    );
    this.pending = this.pending.then(() => job);
    return { message: 'The report is being built and will be e-mailed.', email: to };
  }

  /** Resolves when the reports asked so far were sent (or failed and were logged). */
  settled(): Promise<void> {
    return this.pending;
  }

  private async buildAndSend(ctx: RequestContext, filters: repo.UserListFilters, to: string) {
    const sheet = new SheetLocale(ctx.user.theme, { kind: 'iana', name: 'UTC' });
    const col = (key: string, width: number, numFmt?: string) => ({ header: sheet.text(`xlsx.users.${key}`), key, width, numFmt });
    const stream = await streamXlsx({
      sheet: sheet.text('xlsx.users.sheet'),
      what: 'users xlsx report',
      log: this.deps.log,
      rows: repo.streamUserReport(this.db, ctx.tenantScope, filters),
      columns: [
        col('name', 32),
        col('email', 34),
        col('document', 20),
        col('car', 24),
        col('recharges', 11, numberFormats.integer),
        col('kwh', 13, numberFormats.kwh),
        col('tag', 22),
        col('tenant', 24),
        col('active', 8),
      ],
      toRow: (r) => ({
        name: r.user_name,
        email: r.email,
        document: r.doc_number ? `${r.doc_type ?? ''} ${r.doc_number}`.trim() : '',
        car: [r.car_brand, r.car_model].filter(Boolean).join(' '),
        recharges: Number(r.recharges),
        kwh: Math.round(Number(r.consumption) / 10) / 100,
        tag: r.ocpp_id_tag ?? '',
        tenant: r.tenant_name,
        active: sheet.yesNo(r.active),
      }),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const day = new Date().toISOString().slice(0, 10);
    await this.deps.mailer.send({
      to,
      subject: sheet.text('mail.usersReport.subject'),
      text: sheet.text('mail.usersReport.body', { name: ctx.user.name }),
      attachments: [
        {
          filename: `${sheet.text('xlsx.users.file')}-${day}.xlsx`,
          content: Buffer.concat(chunks),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
    this.deps.log.info({ to }, 'users report e-mailed');
  }
}
