// @postgres concurrency: two wallet debits at once never spend the same money (row lock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { transactionMessages } from '@recarga/contracts/transactions';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aStatus, aTransaction, billOf, connectorOf, stationOf, walletBalance } from '../../../test/helpers/transaction-builders';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { userPk as userPkOf } from '../../../test/helpers/station-builders';

const ALL = [roles.financialIndicators, roles.paymentApproval, roles.invoice];

describe('payments: pricing after a stop, manual approval, idle cancel, wallet, sandbox provider, refunds', () => {
  let t: TestApp;
  let finance: string;
  let financePk: number;
  let terpel: string;

  const post = (token: string, url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const del = (token: string, url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
  const row = async (pk: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/transaction?searchInput=${pk}&fromDate=${new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10)}`,
        headers: bearer(finance),
      })
    ).json().list[0];
  const price = async (pk: number) => {
    await t.app.services.get('billing').processQueue([pk]);
    await t.app.services.get('billing').finalizeIdle();
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.get('invoices').setAutomatic(false);
    ({ token: finance, userPk: financePk } = await aUserWith(t, { tenant: 'sol', roles: ALL }));
    terpel = (await aUserWith(t, { tenant: 'terpel', roles: ALL })).token;
  });
  afterAll(() => t.close());

  describe('pricing and the wallet', () => {
    it('a stopped recharge of a driver whose wallet holds enough is priced and paid from the wallet at once', async () => {
      const before = (await walletBalance(t, 'motorista@move.com.br'))!;
      const pk = await aTransaction(t, { idTag: '04A1B2C3D4', energyWh: 10_000, minutes: 40 });
      await price(pk);
      // 10 kWh × 1,99 = 19,90 + 3,00 = 22,90; tax 5 % = 1,145 → 1,15; total 24,05
      const bill = await billOf(t, pk);
      expect(bill).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved', amount: 2405, provider: 'wallet', currency: 'BRL' });
      expect(await walletBalance(t, 'motorista@move.com.br')).toBe(before - 2405);
      const entries = await t.db.selectFrom('wallet_entries').selectAll().where('movement_pk', '=', bill!.movement_pk).execute();
      expect(entries).toEqual([expect.objectContaining({ kind: 'DEBIT', amount: -2405, balance_after: before - 2405 })]);
      expect(await t.db.selectFrom('billing_queue').selectAll().where('transaction_pk', '=', pk).execute()).toEqual([]);
    });

    it('with an insufficient balance the bill stays pending (WALLET) and a wallet checkout answers 409 until a deposit covers it', async () => {
      const user = await userPkOf(t, 'pedro.lima@sol.com.br'); // wallet R$ 50,00
      const pk = await aTransaction(t, { idTag: '04C3D4E5F6', station: 'SOL-BH-001', energyWh: 30_000 });
      await price(pk);
      // 30 kWh × 2,29 = 68,70; tax 3,435 → 3,44; total 72,14 > 50,00
      expect(await billOf(t, pk)).toMatchObject({
        payment_type: 'WALLET',
        payment_status: 'pending',
        amount: 7214,
        payment_status_detail: 'Insufficient wallet balance.',
      });
      expect(await walletBalance(t, 'pedro.lima@sol.com.br')).toBe(5000);
      const refused = await post(finance, `/api/transaction/${pk}/checkout`, { payment_type: 'WALLET' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('INSUFFICIENT_BALANCE');
      await t.app.services.get('ledger').deposit({ userPk: user, amount: 3000, type: 'MANUAL_DASHBOARD', actorUserPk: financePk });
      const ok = await post(finance, `/api/transaction/${pk}/checkout`, { payment_type: 'WALLET' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ paymentStatus: 'approved', amount: 7214 });
      expect(await walletBalance(t, 'pedro.lima@sol.com.br')).toBe(8000 - 7214);
      expect(await row(pk)).toMatchObject({ revenueStatus: 'PAID', paymentType: 'WALLET' });
    });

    it('two concurrent wallet debits never spend the same money twice (row lock)', async () => {
      const user = await userPkOf(t, 'julia.santos@move.com.br');
      await t.app.services.get('ledger').deposit({ userPk: user, amount: 3000, type: 'MANUAL_DASHBOARD' });
      await t.db.updateTable('wallets').set({ balance: 0 }).where('user_pk', '=', user).execute();
      await t.db.deleteFrom('wallet_entries').where('user_pk', '=', user).execute();
      const a = await aTransaction(t, { idTag: '04B2C3D4E5', energyWh: 5000 });
      const b = await aTransaction(t, { idTag: '04B2C3D4E5', energyWh: 5000 });
      await price(a);
      await price(b);
      await t.app.services.get('ledger').deposit({ userPk: user, amount: 1500, type: 'MANUAL_DASHBOARD' }); // covers one (13,60), not two
      const results = await Promise.all([a, b].map((pk) => post(finance, `/api/transaction/${pk}/checkout`, { payment_type: 'WALLET' })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(1500 - 1360);
      await t.db.deleteFrom('wallet_entries').where('user_pk', '=', user).execute();
      await t.db.deleteFrom('wallets').where('user_pk', '=', user).execute();
    });

    it('a station without payment, a free-recharge tag or zero energy priced at zero is PRICELESS with no bill', async () => {
      const noPayment = await aTransaction(t, { idTag: '1A2B3C4D', station: 'MOVE-CWB-001' });
      const free = await aTransaction(t, { idTag: '5E6F7A8B' });
      await price(noPayment);
      await price(free);
      expect(await billOf(t, noPayment)).toBeUndefined();
      expect(await billOf(t, free)).toBeUndefined();
      expect(await row(noPayment)).toMatchObject({ revenueStatus: 'PRICELESS', priced: true, hasPayment: false, income: 0 });
      expect(await row(free)).toMatchObject({ revenueStatus: 'PRICELESS', hasPayment: false });
    });

    it('a crash between the stop and the pricing loses nothing: the queue entry stays until the job prices it', async () => {
      const pk = await aTransaction(t, { idTag: '1A2B3C4D' });
      expect(await t.db.selectFrom('billing_queue').select('transaction_pk').where('transaction_pk', '=', pk).execute()).toHaveLength(1);
      await t.app.services.get('billing').reconcile();
      expect(await t.db.selectFrom('transaction_billing').select('total').where('transaction_pk', '=', pk).executeTakeFirst()).toEqual({
        total: 2405,
      });
      expect(await billOf(t, pk)).toMatchObject({ payment_status: 'pending', payment_type: 'MANUAL_DASHBOARD', user_pk: null });
    });
  });

  describe('manual approval', () => {
    it('POST transaction/{id}/pay records MANUAL_DASHBOARD (or the given type) approved with the paid time and external id', async () => {
      const pk = await aTransaction(t, { idTag: '1A2B3C4D' });
      await price(pk);
      const paidAt = new Date(Date.now() - 3600_000).toISOString();
      const res = await post(finance, `/api/transaction/${pk}/pay`, {
        paid_timestamp: paidAt,
        payment_type: 'MANUAL_DASHBOARD',
        payment_external_id: 'REC-42',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(transactionMessages.confirmSuccess);
      expect(res.json().transaction).toMatchObject({
        id: pk,
        isPaid: true,
        revenueStatus: 'PAID',
        paymentType: 'MANUAL_DASHBOARD',
        paidTimestamp: paidAt,
        paidError: 'NoError',
      });
      expect(await billOf(t, pk)).toMatchObject({
        provider: 'manual',
        external_id: 'REC-42',
        actor_user_pk: financePk,
        payment_status: 'approved',
      });
      const again = await post(finance, `/api/transaction/${pk}/pay`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_PAID');
    });

    it('pay prices a stopped recharge the queue has not reached; running, priceless and future paid times are refused', async () => {
      const pk = await aTransaction(t, { idTag: '1A2B3C4D' });
      const res = await post(finance, `/api/transaction/${pk}/pay`, { payment_type: 'PAGBANK_CARD' });
      expect(res.statusCode).toBe(200);
      expect(res.json().transaction).toMatchObject({ paymentType: 'PAGBANK_CARD', isPaid: true, income: 2405 });
      const running = await aTransaction(t, { idTag: '1A2B3C4D', connectorId: 2, minutes: null });
      expect((await post(finance, `/api/transaction/${running}/pay`, {})).json().code).toBe('RUNNING');
      const free = await aTransaction(t, { idTag: '5E6F7A8B' });
      expect((await post(finance, `/api/transaction/${free}/pay`, {})).json()).toMatchObject({ code: 'PRICELESS' });
      const other = await aTransaction(t, { idTag: '1A2B3C4D' });
      const future = await post(finance, `/api/transaction/${other}/pay`, {
        paid_timestamp: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().fields.paid_timestamp).toBeDefined();
      expect((await post(finance, `/api/transaction/${other}/pay`, { payment_type: 'WALLET' })).statusCode).toBe(400);
    });

    it('approval needs /transactions/{id}/payment/edit and the role DASH_PAYMENT_APPROVAL', async () => {
      const pk = await aTransaction(t, { idTag: '1A2B3C4D' });
      const operator = await loginAs(t.app, demo.operator); // role, but not the route
      expect((await post(operator, `/api/transaction/${pk}/pay`, {})).statusCode).toBe(403);
      const noRole = (await aUserWith(t, { tenant: 'sol', roles: [roles.financialIndicators] })).token;
      expect((await post(noRole, `/api/transaction/${pk}/pay`, {})).statusCode).toBe(403);
      expect((await post(noRole, '/api/transaction/confirm_payments', { transaction_pks: [pk] })).statusCode).toBe(403);
    });

    it('confirm_payments with no transaction answers 400 with the spec message', async () => {
      for (const payload of [{ transaction_pks: [] }, {}]) {
        const res = await post(finance, '/api/transaction/confirm_payments', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Must select at least one transaction to perform action!');
      }
    });

    it("confirm_payments approves every listed recharge; one already paid refuses the whole batch (409) and another tenant's id is 404", async () => {
      const a = await aTransaction(t, { idTag: '1A2B3C4D' });
      const b = await aTransaction(t, { idTag: '04B2C3D4E5', station: 'MOVE-SP-002' });
      const paid = await aTransaction(t, { idTag: '1A2B3C4D' });
      await post(finance, `/api/transaction/${paid}/pay`, {});
      const refused = await post(finance, '/api/transaction/confirm_payments', {
        transaction_pks: [a, b, paid],
        payment_type: 'MANUAL_DASHBOARD',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().fields).toEqual({ [String(paid)]: 'Only recharges that are not paid can be approved.' });
      expect((await row(a)).isPaid).toBe(false);
      const terpelTx = await aTransaction(t, { idTag: '04D4E5F6A7', station: 'TERPEL-BOG-001' });
      expect((await post(finance, '/api/transaction/confirm_payments', { transaction_pks: [a, terpelTx] })).statusCode).toBe(404);
      expect((await post(terpel, '/api/transaction/confirm_payments', { transaction_pks: [a] })).statusCode).toBe(404);
      const ok = await post(finance, '/api/transaction/confirm_payments', {
        transaction_pks: [a, b],
        paid_timestamp: new Date().toISOString(),
        payment_type: 'MANUAL_DASHBOARD',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Payments successfully confirmed!', transaction_pks: [a, b].sort((x, y) => x - y) });
      expect((await row(a)).isPaid).toBe(true);
      expect(await row(b)).toMatchObject({ isPaid: true, paymentType: 'MANUAL_DASHBOARD' });
    });
  });

  describe('idle payment', () => {
    /** A recharge on MOVE-SP-001 connector 2 whose vehicle stayed `idleMinutes` after the stop. */
    let slot = 0;
    async function idleRecharge(idleMinutes: number, idTag = '1A2B3C4D') {
      const connectorPk = await connectorOf(t, 'MOVE-SP-001', 2);
      // Each recharge in its own 2-hour window, so status histories do not mix.
      const start = new Date(Date.now() - (10 + 2 * slot++) * 3600_000);
      await aStatus(t, connectorPk, 'Charging', new Date(start.getTime() + 1000));
      await aStatus(t, connectorPk, 'Finishing', new Date(start.getTime() + 30 * 60_000));
      await aStatus(t, connectorPk, 'Available', new Date(start.getTime() + (30 + idleMinutes) * 60_000));
      const pk = await aTransaction(t, { idTag, connectorId: 2, start, minutes: 30 });
      await price(pk);
      return pk;
    }

    it('with an idle price, 21 idle minutes give an idle bill that DELETE cancel-idle-payment cancels (204)', async () => {
      const sp1 = await stationOf(t, 'MOVE-SP-001');
      await t.db.insertInto('idle_pricing').values({ charge_box_pk: sp1.charge_box_pk, money_per_minute: 50, grace_minutes: 0 }).execute();
      const pk = await idleRecharge(21);
      expect(await row(pk)).toMatchObject({ idleDuration: 21 * 60, moneyIdlePaymentTransactionAmount: 1050, canCancelIdlePayment: true });
      expect(await billOf(t, pk, true)).toMatchObject({ is_idle_payment: true, payment_status: 'pending', amount: 1050 });
      const res = await del(finance, `/api/cancel-idle-payment/transaction/${pk}`);
      expect(res.statusCode).toBe(204);
      expect(await row(pk)).toMatchObject({ idlePaymentCanceled: true, canCancelIdlePayment: false });
      expect(await billOf(t, pk, true)).toMatchObject({ payment_status: 'cancelled' });
      expect((await del(finance, `/api/cancel-idle-payment/transaction/${pk}`)).json().code).toBe('IDLE_ALREADY_CANCELED');
    });

    it('19 idle minutes: 409 IDLE_TOO_SHORT; no idle price: 409 NO_IDLE_AMOUNT; paid from the wallet: 409 IDLE_PAID', async () => {
      const short = await idleRecharge(19);
      const r1 = await del(finance, `/api/cancel-idle-payment/transaction/${short}`);
      expect(r1.statusCode).toBe(409);
      expect(r1.json()).toMatchObject({
        code: 'IDLE_TOO_SHORT',
        message: 'The idle payment can be cancelled only when the idle time exceeds 20 minutes.',
      });
      const walletPaid = await idleRecharge(25, '04A1B2C3D4');
      expect(await billOf(t, walletPaid, true)).toMatchObject({ payment_status: 'approved', payment_type: 'WALLET' });
      expect((await del(finance, `/api/cancel-idle-payment/transaction/${walletPaid}`)).json().code).toBe('IDLE_PAID');
      await t.db.deleteFrom('idle_pricing').execute();
      const noPrice = await idleRecharge(40);
      expect(await row(noPrice)).toMatchObject({
        idleDuration: 40 * 60,
        moneyIdlePaymentTransactionAmount: 0,
        canCancelIdlePayment: false,
      });
      const r2 = await del(finance, `/api/cancel-idle-payment/transaction/${noPrice}`);
      expect(r2.statusCode).toBe(409);
      expect(r2.json()).toMatchObject({ code: 'NO_IDLE_AMOUNT', message: 'There is no idle amount to cancel.' });
    });

    it('cancel needs /cancel-idle-payment; another tenant gets 404', async () => {
      const operator = await loginAs(t.app, demo.operator);
      expect((await del(operator, '/api/cancel-idle-payment/transaction/1')).statusCode).toBe(403);
      const pk = await aTransaction(t, { idTag: '1A2B3C4D' });
      expect((await del(terpel, `/api/cancel-idle-payment/transaction/${pk}`)).statusCode).toBe(404);
    });
  });

  describe('sandbox provider and checkout', () => {
    it('outcomes are decided by the card token or the amount: rejected keeps history and a new bill, in_process settles to approved', async () => {
      const pk = await aTransaction(t, { idTag: '04B2C3D4E5', station: 'MOVE-SP-002' });
      await price(pk);
      expect(await billOf(t, pk)).toMatchObject({ payment_type: 'SANDBOX_CARD', payment_status: 'pending' });
      const rejected = await post(finance, `/api/transaction/${pk}/checkout`, { payment_type: 'SANDBOX_CARD', card_token: 'tok_rejected' });
      expect(rejected.json()).toMatchObject({ paymentStatus: 'rejected', paymentStatusDetail: 'cc_rejected_insufficient_amount' });
      expect(await row(pk)).toMatchObject({
        revenueStatus: 'UNPAID',
        paymentStatus: 'rejected',
        paidError: 'cc_rejected_insufficient_amount',
      });
      const inProcess = await post(finance, `/api/transaction/${pk}/checkout`, {
        payment_type: 'SANDBOX_CARD',
        card_token: 'tok_in_process',
      });
      expect(inProcess.json()).toMatchObject({ paymentStatus: 'in_process' });
      expect((await post(finance, `/api/transaction/${pk}/checkout`, { payment_type: 'SANDBOX_CARD' })).json().code).toBe('NOT_PAYABLE');
      expect((await post(finance, `/api/transaction/${pk}/pay`, {})).json().code).toBe('PAYMENT_IN_PROCESS');
      expect(await t.app.services.get('ledger').settleInProcess()).toBe(1);
      expect(await row(pk)).toMatchObject({ revenueStatus: 'PAID', paymentType: 'SANDBOX_CARD', paymentStatus: 'approved' });
      const movements = await t.db
        .selectFrom('financial_movements')
        .select('payment_status')
        .where('transaction_pk', '=', pk)
        .orderBy('movement_pk')
        .execute();
      expect(movements.map((m) => m.payment_status)).toEqual(['rejected', 'approved']);
    });

    it('without a token the amount decides: …01 rejected, …02 in process, else approved', async () => {
      const sandbox = t.app.services.get('paymentProviders').of('SANDBOX_CARD')!;
      const outcome = async (amount: number) =>
        (await sandbox.charge({ amount, currency: 'BRL', reference: 'x', description: 'x', payer: { userPk: null, email: null } })).status;
      expect(await outcome(1001)).toBe('rejected');
      expect(await outcome(1002)).toBe('in_process');
      expect(await outcome(1000)).toBe('approved');
    });

    it('an unconfigured provider says so (503) and leaves the bill pending', async () => {
      const pk = await aTransaction(t, { idTag: '04B2C3D4E5', station: 'MOVE-SP-002' });
      await price(pk);
      const res = await post(finance, `/api/transaction/${pk}/checkout`, { payment_type: 'MERCADO_PAGO_CARD', card_token: 'x' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_NOT_CONFIGURED' });
      expect(res.json().message).toContain('MERCADO_PAGO_CARD');
      expect(await billOf(t, pk)).toMatchObject({ payment_status: 'pending' });
    });

    it("a driver pays their own recharge; somebody else's is 404", async () => {
      const driver = await userPkOf(t, 'julia.santos@move.com.br');
      const profile = await t.db
        .insertInto('access_profiles')
        .values({ name: 'app', tenant_pk: null, description: null })
        .returning('profile_pk')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('access_profile_entries')
        .values({ profile_pk: profile.profile_pk, route: '/', role_id: null, status: true })
        .execute();
      await t.db.updateTable('users').set({ profile_pk: profile.profile_pk }).where('user_pk', '=', driver).execute();
      const token = await loginAs(t.app, { email: 'julia.santos@move.com.br', password: 'Motorista@2026' });
      const own = await aTransaction(t, { idTag: '04B2C3D4E5' });
      const other = await aTransaction(t, { idTag: '1A2B3C4D' });
      await price(own);
      expect(
        (await post(token, `/api/transaction/${own}/checkout`, { payment_type: 'SANDBOX_CARD', card_token: 'tok_approved' })).json()
          .paymentStatus,
      ).toBe('approved');
      expect((await post(token, `/api/transaction/${other}/checkout`, { payment_type: 'SANDBOX_CARD' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/transaction', headers: bearer(token) })).statusCode).toBe(403);
    });
  });

  describe('refunds (ledger service)', () => {
    it('partial then total refund of a wallet payment credits the wallet back; over the remaining value is refused', async () => {
      const pk = await aTransaction(t, { idTag: '04A1B2C3D4' });
      await price(pk);
      const bill = (await billOf(t, pk))!;
      const balance = (await walletBalance(t, 'motorista@move.com.br'))!;
      const partial = await t.app.services.get('ledger').refund({ movementPk: bill.movement_pk, amount: 500, actorUserPk: financePk });
      expect(partial).toMatchObject({ payment_status: 'approved', refunded_amount: 500 });
      expect(await walletBalance(t, 'motorista@move.com.br')).toBe(balance + 500);
      await expect(
        t.app.services.get('ledger').refund({ movementPk: bill.movement_pk, amount: 1906, actorUserPk: financePk }),
      ).rejects.toMatchObject({
        status: 400,
        code: 'REFUND_TOO_LARGE',
        message: 'The partial amount cannot be greater than the remaining value.',
      });
      const total = await t.app.services.get('ledger').refund({ movementPk: bill.movement_pk, actorUserPk: financePk });
      expect(total).toMatchObject({ payment_status: 'refunded', refunded_amount: 2405 });
      expect(await walletBalance(t, 'motorista@move.com.br')).toBe(balance + 2405);
      const refunds = await t.db
        .selectFrom('payment_refunds')
        .select(['amount', 'actor_user_pk'])
        .where('movement_pk', '=', bill.movement_pk)
        .orderBy('refund_pk')
        .execute();
      expect(refunds).toEqual([
        { amount: 500, actor_user_pk: financePk },
        { amount: 1905, actor_user_pk: financePk },
      ]);
      await expect(
        t.app.services.get('ledger').refund({ movementPk: bill.movement_pk, amount: 1, actorUserPk: financePk }),
      ).rejects.toMatchObject({
        status: 409,
        code: 'NOT_REFUNDABLE',
      });
      expect(await row(pk)).toMatchObject({ paymentStatus: 'refunded', isPaid: false });
    });

    it('a pending bill cannot be refunded; a sandbox payment is refunded through the provider with its reference', async () => {
      const pending = await aTransaction(t, { idTag: '1A2B3C4D' });
      await price(pending);
      await expect(
        t.app.services.get('ledger').refund({ movementPk: (await billOf(t, pending))!.movement_pk, actorUserPk: null }),
      ).rejects.toMatchObject({ status: 409 });
      const card = await aTransaction(t, { idTag: '04B2C3D4E5', station: 'MOVE-SP-002' });
      await price(card);
      await post(finance, `/api/transaction/${card}/checkout`, { payment_type: 'SANDBOX_CARD', card_token: 'tok_approved' });
      const m = (await billOf(t, card))!;
      await t.app.services.get('ledger').refund({ movementPk: m.movement_pk, amount: 100, actorUserPk: financePk });
      const r = await t.db
        .selectFrom('payment_refunds')
        .select('provider_reference')
        .where('movement_pk', '=', m.movement_pk)
        .executeTakeFirstOrThrow();
      expect(r.provider_reference).toMatch(/^sbx_refund_/);
    });

    it('a deposit refund takes the money out of the wallet, refused when the balance no longer holds it', async () => {
      const user = await userPkOf(t, 'julia.santos@move.com.br');
      const dep = await t.app.services
        .get('ledger')
        .deposit({ userPk: user, amount: 1000, type: 'SANDBOX_CARD', cardToken: 'tok_approved' });
      expect(dep).toMatchObject({ target_type: 'USER', payment_status: 'approved', payment_type: 'SANDBOX_CARD' });
      const balance = (await walletBalance(t, 'julia.santos@move.com.br'))!;
      await t.app.services.get('ledger').refund({ movementPk: dep.movement_pk, amount: 400, actorUserPk: null });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(balance - 400);
      await t.db.updateTable('wallets').set({ balance: 100 }).where('user_pk', '=', user).execute();
      await expect(t.app.services.get('ledger').refund({ movementPk: dep.movement_pk, actorUserPk: null })).rejects.toMatchObject({
        status: 409,
        code: 'WALLET_BALANCE_LOW',
      });
    });
  });
});
