// @postgres concurrency: two refunds of one movement at once, and one Idempotency-Key sent twice at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialMessages } from '@recarga/contracts/financial';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { aTransaction, billOf, walletBalance } from '../../../test/helpers/transaction-builders';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { userPk } from '../../../test/helpers/station-builders';
import { ledgerImbalances } from './repository';

/**
 * Refunds and invoice resends from the financial screen. Prices worked out by hand: MOVE-SP-001
 * charges R$ 1,99 per kWh plus a start fee of R$ 3,00 and 5 % tax, so 10 kWh is 19,90 + 3,00 =
 * 22,90, tax 1,145 → 1,15, total R$ 24,05 (2405).
 */
describe('financial movements: refunds (total, partial, idempotent, concurrent), invoices after a refund, resend', () => {
  let t: TestApp;
  let sol: string;
  let move: string;
  let terpel: string;

  const refund = (token: string, movementPk: number, partial?: number | string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gateway/transactions/${movementPk}/payments/refunds${partial === undefined ? '' : `?partialAmount=${partial}`}`,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const resend = (token: string, movementPk: number) =>
    t.app.inject({ method: 'POST', url: `/gateway/transactions/${movementPk}/nfes/resends`, headers: bearer(token) });
  const row = async (movementPk: number) =>
    (await t.app.inject({ method: 'GET', url: `/gateway/transactions/${movementPk}`, headers: bearer(sol) })).json();
  const refundsOf = (movementPk: number) =>
    t.db
      .selectFrom('payment_refunds')
      .select(['amount', 'provider_reference'])
      .where('movement_pk', '=', movementPk)
      .orderBy('refund_pk')
      .execute();
  const movement = (movementPk: number) =>
    t.db.selectFrom('financial_movements').selectAll().where('movement_pk', '=', movementPk).executeTakeFirstOrThrow();
  const invoiceOf = (movementPk: number) =>
    t.db.selectFrom('invoices').selectAll().where('movement_pk', '=', movementPk).executeTakeFirstOrThrow();
  const drain = () => t.app.services.get('invoices').drain();

  /** A recharge of the demo driver (wallet R$ 200,00) paid from the wallet: 2405. */
  async function aWalletRecharge(): Promise<number> {
    const pk = await aTransaction(t, { idTag: '04A1B2C3D4', energyWh: 10_000, minutes: 40 });
    await t.app.services.get('billing').processQueue([pk]);
    const bill = (await billOf(t, pk))!;
    expect(bill).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved', amount: 2405 });
    return Number(bill.movement_pk);
  }

  /** A recharge of Júlia (no wallet) approved by hand (MANUAL_DASHBOARD): 2405, its invoice requested. */
  async function aManualRecharge(): Promise<{ movementPk: number; transactionPk: number }> {
    const pk = await aTransaction(t, { idTag: '04B2C3D4E5', energyWh: 10_000, minutes: 40 });
    await t.app.services.get('billing').processQueue([pk]);
    const res = await t.app.inject({ method: 'POST', url: `/api/transaction/${pk}/pay`, headers: bearer(sol), payload: {} });
    expect(res.statusCode).toBe(200);
    const bill = (await billOf(t, pk))!;
    expect(bill).toMatchObject({ payment_type: 'MANUAL_DASHBOARD', payment_status: 'approved', amount: 2405, provider: 'manual' });
    return { movementPk: Number(bill.movement_pk), transactionPk: pk };
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.get('invoices').setAutomatic(false);
    const money = [roles.monetization, roles.paymentApproval];
    sol = (await aUserWith(t, { tenant: 'sol', roles: money })).token;
    move = (await aUserWith(t, { tenant: 'move', roles: money })).token;
    terpel = (await aUserWith(t, { tenant: 'terpel', roles: money })).token;
  });
  afterAll(() => t.close());

  describe('refund', () => {
    it('a wallet recharge, when refunded in total, is refunded with the whole amount back in the wallet; its composition is the stored price', async () => {
      const m = await aWalletRecharge();
      expect(await row(m)).toMatchObject({
        composition: { startFee: 300, energy: 1990, operationalFee: 0, voucherDiscount: 0, tax: 115, total: 2405, energyWh: 10_000 },
        energyCostHumanReadable: 'R$ 19,90',
        moneyPerTransactionIncomeHumanReadable: 'R$ 3,00',
        taxIncomeHumanReadable: 'R$ 0,00',
        moneyVoucherHumanReadable: 'R$ 0,00',
        paymentTransactionAmountHumanReadable: 'R$ 24,05',
        paymentType: 'WALLET',
        refundable: true,
      });
      const before = (await walletBalance(t, 'motorista@move.com.br'))!;
      const res = await refund(sol, m);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: financialMessages.refundSent,
        refundedAmount: 2405,
        replayed: false,
        transaction: {
          movementPk: m,
          paymentStatus: 'refunded',
          paymentTransactionAmount: 2405,
          paymentTransactionAmountRefunded: 2405,
          paymentTransactionAmountAvailable: 0,
          paymentTransactionAmountAvailableHumanReadable: 'R$ 0,00',
          refundable: false,
        },
      });
      expect(await walletBalance(t, 'motorista@move.com.br')).toBe(before + 2405);
      const again = await refund(sol, m);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('NOT_REFUNDABLE');
    });

    it('partial refunds, when they add up to the amount, show partial_refund then refunded; one above what remains is refused', async () => {
      const m = await aWalletRecharge();
      const first = await refund(sol, m, 1000);
      expect(first.json().transaction).toMatchObject({
        paymentStatus: 'partial_refund',
        paymentTransactionAmountRefunded: 1000,
        paymentTransactionAmountAvailable: 1405,
        paymentTransactionAmountRefundedHumanReadable: 'R$ 10,00',
        paymentTransactionAmountAvailableHumanReadable: 'R$ 14,05',
        refundable: true,
      });
      const over = await refund(sol, m, 1406);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        code: 'REFUND_TOO_LARGE',
        message: financialMessages.partialTooLarge,
        fields: { partialAmount: financialMessages.partialTooLarge },
      });
      const rest = await refund(sol, m, 1405);
      expect(rest.json().transaction).toMatchObject({ paymentStatus: 'refunded', paymentTransactionAmountRefunded: 2405 });
      expect((await refundsOf(m)).map((r) => r.amount)).toEqual([1000, 1405]);
    });

    it('the same Idempotency-Key, when sent again (a retry, a double click), answers the first refund and refunds nothing more', async () => {
      const m = await aWalletRecharge();
      const key = 'c5a1b6f2-0d7e-4c44-9b1a-2f6d7e3a9c10';
      const first = await refund(sol, m, 500, key);
      const retry = await refund(sol, m, 500, key);
      expect(first.statusCode).toBe(200);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ refundPk: first.json().refundPk, refundedAmount: 500, replayed: true });
      expect(first.json().replayed).toBe(false);
      expect((await refundsOf(m)).map((r) => r.amount)).toEqual([500]);
      // The key names that refund only: another amount or another movement is refused.
      expect((await refund(sol, m, 600, key)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      const other = await aWalletRecharge();
      const reused = await refund(sol, other, 500, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await refundsOf(other)).toEqual([]);
      // A double click: two requests with one key at the same moment make one refund.
      const twin = await Promise.all([refund(sol, m, 300, 'double-click-1'), refund(sol, m, 300, 'double-click-1')]);
      expect(twin.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(twin.map((r) => r.json().replayed).sort()).toEqual([false, true]);
      expect((await refundsOf(m)).map((r) => r.amount)).toEqual([500, 300]);
      expect(await movement(m)).toMatchObject({ refunded_amount: 800, payment_status: 'approved' });
    });

    it('two partial refunds, when they arrive at once and together exceed the amount, are one made and one refused', async () => {
      const m = await aWalletRecharge();
      const before = (await walletBalance(t, 'motorista@move.com.br'))!;
      // 1500 + 1500 = 3000 > 2405: whichever comes second finds only 905 left.
      const answers = await Promise.all([refund(sol, m, 1500, 'a-1500'), refund(sol, m, 1500, 'b-1500')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().code).toBe('REFUND_TOO_LARGE');
      expect(await movement(m)).toMatchObject({ refunded_amount: 1500, payment_status: 'approved' });
      expect(await walletBalance(t, 'motorista@move.com.br')).toBe(before + 1500);
      // The refused request left its key free: retried with the right amount it goes through.
      const refused = answers.find((r) => r.statusCode === 400)!;
      const key = refused === answers[0] ? 'a-1500' : 'b-1500';
      expect((await refund(sol, m, 905, key)).json().transaction).toMatchObject({ paymentStatus: 'refunded' });
    });

    it('a bill that is not paid, when refunded, answers 409 NOT_REFUNDABLE', async () => {
      const pk = await aTransaction(t, { idTag: '04B2C3D4E5', energyWh: 10_000, minutes: 40 });
      await t.app.services.get('billing').processQueue([pk]);
      const bill = (await billOf(t, pk))!;
      expect(bill.payment_status).toBe('pending');
      const res = await refund(sol, Number(bill.movement_pk));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NOT_REFUNDABLE', message: financialMessages.refundNotApproved });
    });

    it('a manual approval, when refunded, is recorded without touching a wallet', async () => {
      const { movementPk } = await aManualRecharge();
      const res = await refund(sol, movementPk, 405);
      expect(res.json().transaction).toMatchObject({ paymentStatus: 'partial_refund', paymentTransactionAmountAvailable: 2000 });
      expect(await refundsOf(movementPk)).toEqual([{ amount: 405, provider_reference: null }]);
      expect(await t.db.selectFrom('wallet_entries').select('amount').where('movement_pk', '=', movementPk).execute()).toEqual([]);
    });

    it('a deposit, when refunded, takes the money out of the wallet; without that money left it answers 409', async () => {
      const user = await userPk(t, 'julia.santos@move.com.br');
      const dep = await t.app.services.get('ledger').deposit({ userPk: user, amount: 1000, type: 'MANUAL_DASHBOARD' });
      const before = (await walletBalance(t, 'julia.santos@move.com.br'))!;
      const res = await refund(sol, Number(dep.movement_pk), 400);
      expect(res.json().transaction).toMatchObject({
        targetType: 'USER',
        paymentStatus: 'partial_refund',
        paymentTransactionAmountAvailable: 600,
      });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before - 400);
      // Spend the wallet: 600 is no longer there.
      await t.app.services.get('ledger').deposit({ userPk: user, amount: 1, type: 'MANUAL_DASHBOARD' });
      const spend = await t.db.transaction().execute(async (trx) => {
        const w = (await trx.selectFrom('wallets').select('balance').where('user_pk', '=', user).forUpdate().executeTakeFirstOrThrow())
          .balance;
        return Number(w);
      });
      expect(spend).toBeGreaterThan(0);
      const pk = await aTransaction(t, { idTag: '04B2C3D4E5', energyWh: 1_000, minutes: 10 });
      await t.app.services.get('billing').processQueue([pk]);
      // 1 kWh × 1,99 + 3,00 = 4,99, tax 0,2495 → 0,25: 5,24 paid from the 6,01 in the wallet, 0,77 left.
      expect(await billOf(t, pk)).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved', amount: 524 });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(77);
      const low = await refund(sol, Number(dep.movement_pk));
      expect(low.statusCode).toBe(409);
      expect(low.json().code).toBe('WALLET_BALANCE_LOW');
      expect(await movement(Number(dep.movement_pk))).toMatchObject({ refunded_amount: 400 });
    });

    it('a provider payment, when the provider is not configured, answers 503 and changes nothing (no refund, no key)', async () => {
      const user = await userPk(t, 'julia.santos@move.com.br');
      const { movement: m } = await t.app.services.get('ledger').recordProviderDeposit({
        userPk: user,
        amount: 2000,
        currency: 'BRL',
        type: 'MERCADO_PAGO_PIX',
        provider: 'mercado_pago',
        externalId: '1311772470',
        status: 'approved',
        detail: 'accredited',
        paidAt: new Date(),
      });
      const res = await refund(sol, Number(m.movement_pk), 500, 'mp-not-configured');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_NOT_CONFIGURED' });
      expect(res.json().message).toContain('MERCADO_PAGO');
      expect(await movement(Number(m.movement_pk))).toMatchObject({ payment_status: 'approved', refunded_amount: 0 });
      expect(await refundsOf(Number(m.movement_pk))).toEqual([]);
      expect(
        await t.db.selectFrom('refund_idempotency_keys').selectAll().where('idempotency_key', '=', 'mp-not-configured').execute(),
      ).toEqual([]);
    });

    it('a movement outside the caller’s networks, when refunded, answers 404 and is left alone', async () => {
      const m = await aWalletRecharge();
      expect((await refund(terpel, m)).statusCode).toBe(404);
      const solOnly = await aTransaction(t, { idTag: '04C3D4E5F6', station: 'SOL-BH-001', energyWh: 1_000 });
      await t.app.services.get('billing').processQueue([solOnly]);
      const bill = (await billOf(t, solOnly))!;
      expect(bill.payment_status).toBe('approved');
      const res = await refund(move, Number(bill.movement_pk));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(financialMessages.movementNotFound);
      expect(await movement(m)).toMatchObject({ refunded_amount: 0 });
      expect((await refund(sol, 2_000_000_000)).statusCode).toBe(404);
    });

    it('bad refund input, when sent, answers 400 with a field error', async () => {
      const m = await aWalletRecharge();
      for (const [partial, key, field] of [
        ['abc', undefined, 'partialAmount'],
        ['0', undefined, 'partialAmount'],
        ['-5', undefined, 'partialAmount'],
        ['12.5', undefined, 'partialAmount'],
        ['99999999999999999999', undefined, 'partialAmount'],
        [undefined, 'x'.repeat(101), 'idempotency-key'],
        [undefined, 'has space', 'idempotency-key'],
      ] as const) {
        const res = await refund(sol, m, partial, key);
        expect(res.statusCode, `${partial} ${key}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}), `${partial} ${key}`).toContain(field);
      }
      expect(await movement(m)).toMatchObject({ refunded_amount: 0 });
    });
  });

  describe('invoices after a refund', () => {
    it('an authorised invoice, when the recharge is refunded in full, is cancelled by the issuer (no invoice status shown)', async () => {
      const { movementPk } = await aManualRecharge();
      await drain();
      expect(await invoiceOf(movementPk)).toMatchObject({ state: 'AUTHORIZED' });
      expect(await row(movementPk)).toMatchObject({ nfeStatus: 'autorizado', nfeUrls: [expect.stringMatching(/^\/api\/nfe\/\d+\/pdf$/)] });
      await refund(sol, movementPk);
      expect(await invoiceOf(movementPk)).toMatchObject({ state: 'AUTHORIZED', pending_action: 'CANCEL' });
      await drain();
      expect(await invoiceOf(movementPk)).toMatchObject({ state: 'CANCELLED', pending_action: null });
      expect(await row(movementPk)).toMatchObject({ nfeStatus: null, nfeUrls: [], paymentStatus: 'refunded' });
    });

    it('an authorised invoice, when the recharge is refunded in part, is replaced by one for the amount kept', async () => {
      const { movementPk } = await aManualRecharge();
      await drain();
      const before = await invoiceOf(movementPk);
      await refund(sol, movementPk, 1000);
      expect(await invoiceOf(movementPk)).toMatchObject({ pending_action: 'CORRECT' });
      await drain();
      const after = await invoiceOf(movementPk);
      expect(after).toMatchObject({ state: 'AUTHORIZED', pending_action: null, replaces_number: before.number });
      expect(Number(after.number)).toBeGreaterThan(Number(before.number));
      expect(after.access_key).not.toBe(before.access_key);
      expect(await row(movementPk)).toMatchObject({ nfeStatus: 'autorizado', paymentStatus: 'partial_refund' });
    });

    it('an invoice not issued yet, when the recharge is refunded in full, is cancelled at once', async () => {
      const { movementPk } = await aManualRecharge();
      expect(await invoiceOf(movementPk)).toMatchObject({ state: 'PROCESSING', issuer_ref: null });
      await refund(sol, movementPk);
      expect(await invoiceOf(movementPk)).toMatchObject({ state: 'CANCELLED' });
      expect((await movement(movementPk)).invoice_state).toBe('CANCELLED');
    });
  });

  describe('invoice resend', () => {
    it('an invoice refused for the missing CPF, when resent after the CPF is fixed, is authorised', async () => {
      await t.db.updateTable('users').set({ doc_number: null, doc_type: null }).where('email', '=', 'julia.santos@move.com.br').execute();
      const { movementPk } = await aManualRecharge();
      await drain();
      expect(await row(movementPk)).toMatchObject({ nfeStatus: 'erro_autorizacao', nfeResendable: true });
      await t.db
        .updateTable('users')
        .set({ doc_number: '39053344705', doc_type: 'CPF' })
        .where('email', '=', 'julia.santos@move.com.br')
        .execute();
      const res = await resend(sol, movementPk);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: financialMessages.resendSent, nfeStatus: 'processando_autorizacao' });
      await drain();
      expect(await row(movementPk)).toMatchObject({ nfeStatus: 'autorizado', nfeResendable: false });
      const again = await resend(sol, movementPk);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVOICE_NOT_RESENDABLE');
      expect((await resend(terpel, movementPk)).statusCode).toBe(404);
    });

    it('a deposit, when its invoice is resent, answers 409 NOT_A_RECHARGE; an unpaid recharge 409 NOT_PAID', async () => {
      const dep = await t.app.services
        .get('ledger')
        .deposit({ userPk: await userPk(t, 'julia.santos@move.com.br'), amount: 100, type: 'MANUAL_DASHBOARD' });
      const res = await resend(sol, Number(dep.movement_pk));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NOT_A_RECHARGE', message: financialMessages.resendNotRecharge });
      const pk = await aTransaction(t, { idTag: '1A2B3C4D', energyWh: 10_000 });
      await t.app.services.get('billing').processQueue([pk]);
      const unpaid = await resend(sol, Number((await billOf(t, pk))!.movement_pk));
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().code).toBe('NOT_PAID');
    });
  });

  it('the ledger, after every scenario, balances: each movement’s entries sum to zero and each wallet is the sum of its entries', async () => {
    expect(await ledgerImbalances(t.db)).toEqual([]);
    const wallets = await t.db
      .selectFrom('wallets as w')
      .select((eb) => [
        'w.user_pk',
        'w.balance',
        eb
          .selectFrom('wallet_entries as e')
          .whereRef('e.user_pk', '=', 'w.user_pk')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('e.amount'), e.lit(0)).as('s'))
          .as('sum'),
      ])
      .execute();
    for (const w of wallets) expect(Number(w.sum), `wallet of user ${w.user_pk}`).toBe(Number(w.balance));
  });
});
