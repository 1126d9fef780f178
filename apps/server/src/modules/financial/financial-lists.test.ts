// @postgres planner: searches served by the pg_trgm indexes, which PGlite does not have.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialMessages, FINANCIAL_REPORT_FILE, TOTAL_ROWS_HEADER, XLSX_MEDIA_TYPE } from '@recarga/contracts/financial';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aTransaction, stationOf } from '../../../test/helpers/transaction-builders';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { tenantPk, userPk } from '../../../test/helpers/station-builders';
import { ledgerImbalances } from './repository';

const DAY = 86_400_000;
/** Midnight UTC of today, and a day of the past at an hour (UTC). */
const today = Math.floor(Date.now() / DAY) * DAY;
const at = (daysAgo: number, hour: number, minute = 0) => new Date(today - daysAgo * DAY + hour * 3_600_000 + minute * 60_000);
const ymd = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);

describe('financial movements: lists, summary, pickers, scope, permissions, Excel', () => {
  let t: TestApp;
  /** Operators with the monetization role: Sol (sees Move below it), Move; Sol without the role; Terpel (theme rule). */
  let sol: string;
  let move: string;
  let solNoRole: string;
  let terpel: string;
  let admin: string;
  const pk: Record<string, number> = {};
  const apiKey: Record<string, string> = {};

  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  /** The test window: the days 50 to 41 before today (UTC, whole days), before the demo data's history. */
  const win = `startDate=${ymd(50)}&endDate=${ymd(41)}&timeZone=UTC`;

  /** A recharge bill written straight into the ledger (manual approval or pending), at given times. */
  async function aBill(opts: {
    station: string;
    idTag?: string;
    amount: number;
    status: 'approved' | 'pending';
    created: Date;
    paid?: Date;
  }): Promise<number> {
    const tx = await aTransaction(t, {
      station: opts.station,
      idTag: opts.idTag ?? '1A2B3C4D',
      start: new Date(opts.created.getTime() - 3_600_000),
      minutes: 30,
    });
    // The stop queued the recharge for pricing; this test writes its bill itself.
    await t.db.deleteFrom('billing_queue').where('transaction_pk', '=', tx).execute();
    const s = await stationOf(t, opts.station);
    const tr = await t.db.selectFrom('transactions').select('user_pk').where('transaction_pk', '=', tx).executeTakeFirstOrThrow();
    const m = await t.db
      .insertInto('financial_movements')
      .values({
        tenant_pk: s.tenant_pk,
        target_type: 'TRANSACTION',
        transaction_pk: tx,
        user_pk: tr.user_pk,
        payment_type: 'MANUAL_DASHBOARD',
        payment_status: opts.status,
        payment_status_detail: null,
        amount: opts.amount,
        currency: s.tenant_pk === (await tenantPk(t, 'terpel')) ? 'COP' : 'BRL',
        provider: opts.status === 'approved' ? 'manual' : 'none',
        external_id: null,
        voucher_unit_pk: null,
        actor_user_pk: null,
        created_at: opts.created,
        paid_at: opts.paid ?? null,
        updated_at: opts.created,
      })
      .returning('movement_pk')
      .executeTakeFirstOrThrow();
    return Number(m.movement_pk);
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.get('invoices').setAutomatic(false);
    const mon = [roles.monetization];
    sol = (await aUserWith(t, { tenant: 'sol', roles: mon })).token;
    move = (await aUserWith(t, { tenant: 'move', roles: mon })).token;
    solNoRole = (await aUserWith(t, { tenant: 'sol', roles: [] })).token;
    terpel = (await aUserWith(t, { tenant: 'terpel', roles: [] })).token;
    admin = await loginAs(t.app, demo.admin);
    for (const alias of ['sol', 'move', 'terpel'])
      apiKey[alias] = (await t.db.selectFrom('tenants').select('api_key').where('alias', '=', alias).executeTakeFirstOrThrow()).api_key;

    // Inside the window (UTC days 50..41 ago):
    pk.r0 = await aBill({ station: 'MOVE-SP-001', amount: 1_00, status: 'approved', created: at(50, 1), paid: at(50, 1, 5) });
    pk.r1 = await aBill({
      station: 'MOVE-SP-001',
      idTag: '04B2C3D4E5',
      amount: 10_00,
      status: 'approved',
      created: at(50, 10),
      paid: at(42, 9),
    });
    pk.r2 = await aBill({ station: 'MOVE-SP-002', amount: 5_00, status: 'pending', created: at(45, 12) });
    const dep = await t.app.services
      .get('ledger')
      .deposit({ userPk: await userPk(t, 'motorista@move.com.br'), amount: 30_00, type: 'MANUAL_DASHBOARD' });
    await t.db
      .updateTable('financial_movements')
      .set({ created_at: at(44, 8), paid_at: at(44, 8) })
      .where('movement_pk', '=', dep.movement_pk)
      .execute();
    pk.dep1 = Number(dep.movement_pk);
    pk.r3 = await aBill({
      station: 'SOL-BH-001',
      idTag: '04C3D4E5F6',
      amount: 7_00,
      status: 'approved',
      created: at(43, 15),
      paid: at(43, 15, 5),
    });
    pk.r4 = await aBill({
      station: 'TERPEL-BOG-001',
      idTag: '3A4B5C6D',
      amount: 1_350_00,
      status: 'approved',
      created: at(42, 10),
      paid: at(42, 10),
    });
    // Local day 41 ago in São Paulo (UTC−3), the next UTC day: in the São Paulo window only.
    pk.r6 = await aBill({ station: 'MOVE-SP-002', amount: 2_00, status: 'approved', created: at(40, 2), paid: at(40, 2) });
    // Outside the window.
    pk.r5 = await aBill({ station: 'MOVE-SP-001', amount: 9_00, status: 'approved', created: at(60, 10), paid: at(60, 10) });
  });
  afterAll(() => t.close());

  it('the demo data, when seeded, has deposits in several states and a ledger that balances', async () => {
    const res = (await get(admin, `/gateway/transactions/deposits?startDate=${ymd(30)}&endDate=${ymd(0)}&timeZone=UTC`)).json();
    expect(res.content.map((r: { paymentStatus: string }) => r.paymentStatus).sort()).toEqual(
      ['approved', 'approved', 'cancelled', 'refunded', 'rejected'].sort(),
    );
    expect(await ledgerImbalances(t.db)).toEqual([]);
  });

  describe('lists', () => {
    it('the all-movements list, when asked by Sol in chronological order, holds Sol’s and Move’s movements of the period, newest first', async () => {
      const res = await get(sol, `/gateway/transactions?${win}&sort=createdTimestamp,DESC&searchTenantChildren=true`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r3, pk.dep1, pk.r2, pk.r1, pk.r0]);
      expect(body).toMatchObject({ totalElements: 5, page: 0, size: 10 });
    });

    it('the list, when ordered by financial movement, sorts by the paid time (unpaid ones at their creation)', async () => {
      const res = await get(sol, `/gateway/transactions?${win}&sort=paidTimestamp,DESC`);
      // Paid: r1 day 42 09:00, r3 day 43 15:05, dep1 day 44 08:00; r2 unpaid, created day 45; r0 paid day 50 01:05.
      expect(res.json().content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r1, pk.r3, pk.dep1, pk.r2, pk.r0]);
    });

    it('the period, when the order is by financial movement, selects by paid time', async () => {
      const q = `startDate=${ymd(43)}&endDate=${ymd(41)}&timeZone=UTC`;
      const created = (await get(sol, `/gateway/transactions?${q}&sort=createdTimestamp,DESC`)).json();
      const moved = (await get(sol, `/gateway/transactions?${q}&sort=paidTimestamp,DESC`)).json();
      expect(created.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r3]);
      expect(moved.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r1, pk.r3]);
      expect([created.totalElements, moved.totalElements]).toEqual([1, 2]);
    });

    it('a row, when it is a recharge, carries the spec’s fields with the amounts in minor units and human-readable', async () => {
      const row = (await get(sol, `/gateway/transactions?${win}&userEmailOrTransactionId=${pk.r1}`))
        .json()
        .content.find((r: { movementPk: number }) => r.movementPk === pk.r1);
      const tx = await t.db
        .selectFrom('financial_movements')
        .select('transaction_pk')
        .where('movement_pk', '=', pk.r1)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        movementPk: pk.r1,
        transactionPk: tx.transaction_pk,
        targetType: 'TRANSACTION',
        isIdlePayment: false,
        userFirstName: 'Júlia',
        userEmail: 'julia.santos@move.com.br',
        idTag: '04B2C3D4E5',
        paymentStatus: 'approved',
        paymentType: 'MANUAL_DASHBOARD',
        paidTimestamp: at(42, 9).toISOString(),
        createdTimestamp: at(50, 10).toISOString(),
        paymentTransactionAmount: 1000,
        paymentTransactionAmountRefunded: 0,
        paymentTransactionAmountAvailable: 1000,
        paymentTransactionAmountHumanReadable: 'R$ 10,00',
        paymentTransactionAmountAvailableHumanReadable: 'R$ 10,00',
        tenantName: 'Move Eletropostos',
        tenantAlias: 'move',
        chargeBoxId: 'MOVE-SP-001',
        nfeStatus: null,
        nfeUrls: [],
        composition: null,
        moneyCoin: 'BRL',
        refundable: true,
        nfeResendable: false,
      });
      expect(row.stopTimestamp).toBe(new Date(at(50, 10).getTime() - 3_600_000 + 30 * 60_000).toISOString());
    });

    it('a deposit row, when listed, has no recharge, station or composition', async () => {
      const res = await get(move, `/gateway/transactions/deposits?${win}`);
      expect(res.json()).toMatchObject({ totalElements: 1 });
      expect(res.json().content[0]).toMatchObject({
        movementPk: pk.dep1,
        targetType: 'USER',
        transactionPk: null,
        chargeBoxId: null,
        composition: null,
        userEmail: 'motorista@move.com.br',
        paymentTransactionAmountHumanReadable: 'R$ 30,00',
      });
    });

    it('the recharges and deposits tabs, when asked, split the movements by target', async () => {
      const recharges = (await get(sol, `/gateway/transactions/recharges?${win}`)).json();
      const deposits = (await get(sol, `/gateway/transactions/deposits?${win}`)).json();
      expect(recharges.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r3, pk.r2, pk.r1, pk.r0]);
      expect(deposits.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.dep1]);
      expect([recharges.totalElements, deposits.totalElements]).toEqual([4, 1]);
    });

    it('pages, when asked zero-based with a size, cut the same order', async () => {
      const p0 = (await get(sol, `/gateway/transactions?${win}&size=2&page=0`)).json();
      const p2 = (await get(sol, `/gateway/transactions?${win}&size=2&page=2`)).json();
      expect(p0.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r3, pk.dep1]);
      expect(p2.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r0]);
      expect(p2).toMatchObject({ totalElements: 5, page: 2, size: 2 });
    });

    it('the charge-box filter, when given an OCPP identity, keeps that station’s recharges', async () => {
      const res = (await get(sol, `/gateway/transactions?${win}&chargeBoxId=MOVE-SP-001`)).json();
      expect(res.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r1, pk.r0]);
      expect(res.totalElements).toBe(2);
      const other = await get(sol, `/gateway/transactions?${win}&chargeBoxId=TERPEL-BOG-001`);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('CHARGE_BOX_NOT_FOUND');
    });

    it('the search, when given an id or a part of an e-mail, finds movements by movement id, recharge id or customer e-mail', async () => {
      const byMovement = (await get(sol, `/gateway/transactions?${win}&userEmailOrTransactionId=${pk.r2}`)).json();
      expect(byMovement.content.map((r: { movementPk: number }) => r.movementPk)).toContain(pk.r2);
      const tx = (
        await t.db.selectFrom('financial_movements').select('transaction_pk').where('movement_pk', '=', pk.r3).executeTakeFirstOrThrow()
      ).transaction_pk!;
      const byRecharge = (await get(sol, `/gateway/transactions?${win}&userEmailOrTransactionId=${tx}`)).json();
      expect(byRecharge.content.map((r: { movementPk: number }) => r.movementPk)).toContain(pk.r3);
      const byEmail = (await get(sol, `/gateway/transactions?${win}&userEmailOrTransactionId=%20MOTORISTA@move`)).json();
      expect(byEmail.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.dep1]);
      const wildcard = (await get(sol, `/gateway/transactions?${win}&userEmailOrTransactionId=%25`)).json();
      expect(wildcard.totalElements).toBe(0);
    });

    it('an e-mail search, when it matches several customers, merges their movements in order and pages them', async () => {
      // '@move.com.br' matches Júlia (r1: created day 50 10:00, paid day 42 09:00) and the Move
      // driver (dep1: created and paid day 44 08:00), each read from their own index range.
      const q = `${win}&userEmailOrTransactionId=@move.com.br`;
      const ids = (body: { content: { movementPk: number }[] }) => body.content.map((r) => r.movementPk);
      const desc = (await get(sol, `/gateway/transactions?${q}&sort=createdTimestamp,DESC`)).json();
      expect(ids(desc)).toEqual([pk.dep1, pk.r1]);
      expect(desc.totalElements).toBe(2);
      expect(ids((await get(sol, `/gateway/transactions?${q}&sort=createdTimestamp,ASC`)).json())).toEqual([pk.r1, pk.dep1]);
      expect(ids((await get(sol, `/gateway/transactions?${q}&sort=paidTimestamp,DESC`)).json())).toEqual([pk.r1, pk.dep1]);
      expect(ids((await get(sol, `/gateway/transactions?${q}&sort=createdTimestamp,DESC&size=1&page=1`)).json())).toEqual([pk.r1]);
      // 10,00 + 30,00.
      expect((await get(sol, `/gateway/transactions/summary?${q}`)).json()).toMatchObject({ totalElements: 2, totalValue: 4000 });
      // The same days in São Paulo (UTC−3): r1 (day 50 10:00 UTC) lies in the first, partial UTC day,
      // read from the rows; dep1 (day 44) in a whole day, read from the customers' roll-up.
      const sp = `startDate=${ymd(50)}&endDate=${ymd(41)}&timeZone=America/Sao_Paulo&userEmailOrTransactionId=@move.com.br`;
      expect((await get(sol, `/gateway/transactions?${sp}`)).json().totalElements).toBe(2);
      expect((await get(sol, `/gateway/transactions/summary?${sp}`)).json()).toMatchObject({
        totalTransactions: 2,
        totalTransaction: 1,
        totalUser: 1,
        totalValue: 4000,
      });
      // Júlia alone: r1 among the recharges, nothing among the deposits.
      const julia = `${win}&userEmailOrTransactionId=julia`;
      expect((await get(sol, `/gateway/transactions/recharges?${julia}`)).json()).toMatchObject({ totalElements: 1 });
      expect((await get(sol, `/gateway/transactions/deposits?${julia}`)).json()).toMatchObject({ totalElements: 0 });
      expect((await get(sol, `/gateway/transactions/summary?${julia}`)).json()).toMatchObject({ totalTransactions: 1, totalValue: 1000 });
    });

    it('an empty period, when listed, answers no rows and a count of 0', async () => {
      const res = (await get(sol, `/gateway/transactions?startDate=${ymd(90)}&endDate=${ymd(89)}`)).json();
      expect(res).toEqual({ content: [], totalElements: 0, page: 0, size: 10 });
    });

    it('one movement, when asked by id in scope, answers its row; outside the scope 404', async () => {
      expect((await get(move, `/gateway/transactions/${pk.r1}`)).json()).toMatchObject({ movementPk: pk.r1 });
      expect((await get(move, `/gateway/transactions/${pk.r3}`)).statusCode).toBe(404);
      expect((await get(sol, `/gateway/transactions/${pk.r4}`)).statusCode).toBe(404);
    });
  });

  describe('summary', () => {
    it('the summary, when asked for the window in UTC, counts and adds the movements of whole days (hand-computed)', async () => {
      const res = await get(sol, `/gateway/transactions/summary?${win}&sort=createdTimestamp,ASC`);
      expect(res.statusCode).toBe(200);
      // r0 1,00 + r1 10,00 + r2 5,00 + dep1 30,00 + r3 7,00 = 53,00; recharges 23,00; deposits 30,00.
      expect(res.json()).toEqual({
        totalTransactions: 5,
        totalElements: 5,
        totalTransaction: 4,
        totalUser: 1,
        moneyCoin: 'BRL',
        totalValue: 5300,
        totalValueHumanReadable: 'R$ 53,00',
        totalTransactionValue: 2300,
        totalTransactionValueHumanReadable: 'R$ 23,00',
        totalUserValue: 3000,
        totalUserValueHumanReadable: 'R$ 30,00',
        // Completed: everything approved (r2 is pending): 53,00 − 5,00; pending: r2's 5,00; nothing refunded.
        paidValue: 4800,
        pendingValue: 500,
        refundedValue: 0,
        byCurrency: [
          {
            moneyCoin: 'BRL',
            totalTransactions: 5,
            totalValue: 5300,
            totalValueHumanReadable: 'R$ 53,00',
            totalTransactionValue: 2300,
            totalUserValue: 3000,
            completedValue: 4800,
            refundedValue: 0,
            pendingValue: 500,
          },
        ],
      });
    });

    it('the summary, when the days are São Paulo’s (UTC−3), reads the partial UTC days at the edges from the rows', async () => {
      const sp = `startDate=${ymd(50)}&endDate=${ymd(41)}&timeZone=America/Sao_Paulo`;
      const res = (await get(sol, `/gateway/transactions/summary?${sp}`)).json();
      // r0 (day 50 01:00 UTC = day 51 22:00 local) leaves; r6 (day 40 02:00 UTC = day 41 23:00 local) comes in:
      // 10,00 + 5,00 + 30,00 + 7,00 + 2,00 = 54,00.
      expect(res).toMatchObject({ totalTransactions: 5, totalTransaction: 4, totalUser: 1, totalValue: 5400 });
      const list = (await get(sol, `/gateway/transactions?${sp}`)).json();
      expect(list.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r6, pk.r3, pk.dep1, pk.r2, pk.r1]);
      // The same with the browser's offset header instead of the zone name.
      const byHeader = (
        await get(sol, `/gateway/transactions/summary?startDate=${ymd(50)}&endDate=${ymd(41)}`, { 'x-timezone-offset': '180' })
      ).json();
      expect(byHeader.totalValue).toBe(5400);
    });

    it('the summary, when asked by the administrator, lists every currency of the networks', async () => {
      const res = (await get(admin, `/gateway/transactions/summary?${win}`)).json();
      expect(res.moneyCoin).toBe('BRL');
      expect(res.totalValue).toBe(5300);
      expect(res.byCurrency.map((c: { moneyCoin: string; totalValue: number }) => [c.moneyCoin, c.totalValue])).toEqual([
        ['BRL', 5300],
        ['COP', 135000],
      ]);
      expect(res.totalTransactions).toBe(6);
    });

    it('the roll-up, when movements change (refund, time, status), still equals the rows', async () => {
      // A refund of 4,00 of r1 and r2 paid: completed grows by 5,00 − 4,00.
      await t.app.services.get('ledger').refund({ movementPk: pk.r1, amount: 400, actorUserPk: null });
      await t.db
        .updateTable('financial_movements')
        .set({ payment_status: 'approved', paid_at: at(45, 13), provider: 'manual' })
        .where('movement_pk', '=', pk.r2)
        .execute();
      const res = (await get(sol, `/gateway/transactions/summary?${win}`)).json();
      expect(res.byCurrency[0]).toMatchObject({ totalValue: 5300, completedValue: 4900, refundedValue: 400, pendingValue: 0 });
      // Paid 49,00 + refunded 4,00 + pending 0 = the total 53,00 (nothing refused in this window).
      expect(res).toMatchObject({ totalValue: 5300, paidValue: 4900, refundedValue: 400, pendingValue: 0 });
      const rolled = await t.db
        .selectFrom('financial_daily')
        .select((eb) => [
          eb.fn.sum<number>('amount').as('a'),
          eb.fn.sum<number>('completed').as('c'),
          eb.fn.sum<number>('movements').as('n'),
          eb.fn.sum<number>('refunded').as('r'),
          eb.fn.sum<number>('pending').as('p'),
        ])
        .where('kind', '=', 'C')
        .executeTakeFirstOrThrow();
      const raw = await t.db
        .selectFrom('financial_movements')
        .select((eb) => [
          eb.fn.sum<number>('amount').as('a'),
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .sum<number>(eb.case().when('payment_status', 'in', ['approved', 'refunded']).then(eb.ref('amount')).else(0).end())
            .as('kept'),
          eb.fn
            .sum<number>(eb.case().when('payment_status', 'in', ['approved', 'refunded']).then(eb.ref('refunded_amount')).else(0).end())
            .as('ref'),
          eb.fn
            .sum<number>(eb.case().when('payment_status', 'in', ['in_process', 'pending']).then(eb.ref('amount')).else(0).end())
            .as('pend'),
        ])
        .executeTakeFirstOrThrow();
      expect([Number(rolled.a), Number(rolled.n), Number(rolled.c)]).toEqual([
        Number(raw.a),
        Number(raw.n),
        Number(raw.kept) - Number(raw.ref),
      ]);
      expect([Number(rolled.r), Number(rolled.p)]).toEqual([Number(raw.ref), Number(raw.pend)]);
    });

    it('the roll-ups rebuilt from the movements (financial_daily_rebuild, after a bulk load without triggers) equal those the triggers kept, per customer too', async () => {
      const snapshot = async () => ({
        daily: await t.db
          .selectFrom('financial_daily')
          .selectAll()
          .orderBy(sql`tenant_pk, kind, day, target_type, currency`)
          .execute(),
        station: await t.db
          .selectFrom('financial_daily_station')
          .selectAll()
          .orderBy(sql`charge_box_pk, kind, day, tenant_pk, target_type, currency`)
          .execute(),
        user: await t.db
          .selectFrom('financial_daily_user')
          .selectAll()
          .orderBy(sql`user_pk, kind, day, tenant_pk, target_type, currency`)
          .execute(),
      });
      // Rows whose movements have all gone (count 0) are left by the triggers; the rebuild has none.
      const live = (s: Awaited<ReturnType<typeof snapshot>>) => ({
        daily: s.daily.filter((r) => Number(r.movements) !== 0),
        station: s.station.filter((r) => Number(r.movements) !== 0),
        user: s.user.filter((r) => Number(r.movements) !== 0),
      });
      const kept = live(await snapshot());
      expect(kept.daily.length).toBeGreaterThan(0);
      expect(kept.station.length).toBeGreaterThan(0);
      expect(kept.user.length).toBeGreaterThan(0);

      await sql`select financial_daily_rebuild()`.execute(t.db);

      expect(await snapshot()).toEqual(kept);
    });
  });

  describe('tenants and child tenants', () => {
    it('Move’s operator, when listing, sees Move’s movements only', async () => {
      const res = (await get(move, `/gateway/transactions?${win}`)).json();
      expect(res.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.dep1, pk.r2, pk.r1, pk.r0]);
    });

    it('the tenant selector, when it names a child with or without its children, narrows the list', async () => {
      const child = (await get(sol, `/gateway/transactions?${win}&tenantApiKey=${apiKey.move}&searchTenantChildren=true`)).json();
      expect(child.totalElements).toBe(4);
      const own = (await get(sol, `/gateway/transactions?${win}&tenantApiKey=${apiKey.sol}&searchTenantChildren=false`)).json();
      expect(own.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r3]);
    });

    it('a tenant outside the scope, when named, answers 404 TENANT_NOT_FOUND', async () => {
      for (const url of [
        `/gateway/transactions?tenantApiKey=${apiKey.terpel}`,
        `/gateway/transactions/summary?tenantApiKey=${apiKey.terpel}`,
      ]) {
        const res = await get(sol, url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'TENANT_NOT_FOUND', message: financialMessages.tenantNotFound });
      }
    });

    it('GET /gateway/tenants, when asked by Sol, lists Sol and Move with their api keys', async () => {
      const res = (await get(sol, '/gateway/tenants?searchTenantChildren=true')).json();
      expect(res.content.map((r: { alias: string }) => r.alias)).toEqual(['sol', 'move']);
      expect(res.content[1]).toMatchObject({ apiKey: apiKey.move, moneyCoin: 'BRL', name: 'Move Eletropostos' });
      expect((await get(move, '/gateway/tenants')).json().content.map((r: { alias: string }) => r.alias)).toEqual(['move']);
    });

    it('GET /gateway/chargeboxes, when searched, lists the stations of the chosen tenants', async () => {
      const all = (await get(sol, `/gateway/chargeboxes?tenantApiKey=${apiKey.sol}&searchTenantChildren=true`)).json();
      expect(all.content.map((r: { ocppChargeBoxId: string }) => r.ocppChargeBoxId)).toEqual(
        expect.arrayContaining(['MOVE-SP-001', 'SOL-BH-001']),
      );
      expect(all.content.map((r: { ocppChargeBoxId: string }) => r.ocppChargeBoxId)).not.toContain('TERPEL-BOG-001');
      const own = (await get(sol, `/gateway/chargeboxes?tenantApiKey=${apiKey.sol}&searchTenantChildren=false`)).json();
      expect(own.content.map((r: { ocppChargeBoxId: string }) => r.ocppChargeBoxId)).toEqual(['SOL-BH-001', 'SOL-RJ-001']);
      const found = (await get(sol, '/gateway/chargeboxes?search=sp-00')).json();
      expect(found.content.every((r: { ocppChargeBoxId: string }) => r.ocppChargeBoxId.startsWith('MOVE-SP-00'))).toBe(true);
      expect(found.content[0]).toMatchObject({ chargeBoxCode: found.content[0].ocppChargeBoxId });
    });

    it('a station owner, when listing, sees the recharges of the stations they own only (no deposits), counted from the stations’ roll-up', async () => {
      const owner = await aUserWith(t, { tenant: 'move', roles: [roles.monetization, roles.stationOwner] });
      const station = await stationOf(t, 'MOVE-SP-002');
      await t.db
        .insertInto('station_user_bindings')
        .values({ charge_box_pk: station.charge_box_pk, user_pk: owner.userPk, owner: true })
        .execute();
      const res = (await get(owner.token, `/gateway/transactions?${win}`)).json();
      expect(res.content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r2]);
      expect(res.totalElements).toBe(1);
      const sp = (
        await get(owner.token, `/gateway/transactions/summary?startDate=${ymd(50)}&endDate=${ymd(41)}&timeZone=America/Sao_Paulo`)
      ).json();
      // r2 5,00 and r6 2,00 (MOVE-SP-002, inside the São Paulo days).
      expect(sp).toMatchObject({ totalTransactions: 2, totalUser: 0, totalValue: 700 });
      expect((await get(owner.token, `/gateway/transactions/${pk.r1}`)).statusCode).toBe(404);
      expect((await get(owner.token, `/gateway/transactions/${pk.dep1}`)).statusCode).toBe(404);
      const boxes = (await get(owner.token, '/gateway/chargeboxes')).json();
      expect(boxes.content.map((r: { ocppChargeBoxId: string }) => r.ocppChargeBoxId)).toEqual(['MOVE-SP-002']);
    });

    it('the Terpel operator, when the theme is Terpel, reaches the financial calls without the monetization role and sees Terpel only', async () => {
      const res = await get(terpel, `/gateway/transactions?${win}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().content.map((r: { movementPk: number }) => r.movementPk)).toEqual([pk.r4]);
      expect(res.json().content[0]).toMatchObject({ moneyCoin: 'COP', paymentTransactionAmountHumanReadable: '$ 1.350' });
    });
  });

  describe('permissions and bad input', () => {
    it('every financial call, when the caller lacks DASH_CVE_PRO_MONETIZATION_CONFIG, answers 403; without a session 401', async () => {
      for (const [method, url] of [
        ['GET', '/gateway/transactions/summary'],
        ['GET', '/gateway/transactions'],
        ['GET', '/gateway/transactions/recharges'],
        ['GET', '/gateway/transactions/deposits'],
        ['GET', `/gateway/transactions/${pk.r1}`],
        ['GET', '/gateway/tenants'],
        ['GET', '/gateway/chargeboxes'],
        ['POST', `/gateway/transactions/${pk.r1}/payments/refunds`],
        ['POST', `/gateway/transactions/${pk.r1}/nfes/resends`],
      ] as const) {
        expect((await t.app.inject({ method, url, headers: bearer(solNoRole) })).statusCode, url).toBe(403);
        expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      }
      const owner = await loginAs(t.app, demo.owner);
      expect((await get(owner, '/gateway/transactions')).statusCode).toBe(403);
    });

    it('bad query values, when sent, answer 400 with a field error, never 500', async () => {
      const cases: [string, string][] = [
        [`startDate=${ymd(400)}&endDate=${ymd(0)}`, 'endDate'],
        [`startDate=${ymd(0)}&endDate=${new Date(today + 3 * DAY).toISOString().slice(0, 10)}`, 'endDate'],
        [`startDate=${new Date(today + 2 * DAY).toISOString().slice(0, 10)}`, 'startDate'],
        [`startDate=${ymd(3)}&endDate=${ymd(5)}`, 'endDate'],
        ['startDate=2026-02-30', 'startDate'],
        ['startDate=yesterday', 'startDate'],
        ['page=-1', 'page'],
        ['size=1000', 'size'],
        ['sort=amount,DESC', 'sort'],
        ['searchTenantChildren=maybe', 'searchTenantChildren'],
        ['userEmailOrTransactionId=a%00b', 'userEmailOrTransactionId'],
        ['timeZone=Mars/Olympus', 'timeZone'],
        [`userEmailOrTransactionId=${'x'.repeat(300)}`, 'userEmailOrTransactionId'],
      ];
      for (const [q, field] of cases) {
        for (const path of ['/gateway/transactions', '/gateway/transactions/summary']) {
          const res = await get(sol, `${path}?${q}`);
          expect(res.statusCode, `${path}?${q}`).toBe(400);
          expect(Object.keys(res.json().fields ?? {}), `${path}?${q}`).toContain(field);
        }
      }
      // 365 days pass, 366 do not.
      expect((await get(sol, `/gateway/transactions?startDate=${ymd(364)}&endDate=${ymd(0)}&timeZone=UTC`)).statusCode).toBe(200);
      expect((await get(sol, `/gateway/transactions?startDate=${ymd(365)}&endDate=${ymd(0)}&timeZone=UTC`)).json().fields).toEqual({
        endDate: financialMessages.rangeTooLong,
      });
      expect((await get(sol, '/gateway/transactions', { 'x-timezone-offset': 'abc' })).statusCode).toBe(400);
    });

    it('ids, when above int4 or not numbers, answer 400 with a field error; a search of a huge number finds nothing', async () => {
      for (const id of ['2147483648', '99999999999', 'abc', '0', '-1']) {
        const res = await get(sol, `/gateway/transactions/${id}`);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().fields, id).toHaveProperty('id');
        expect(
          (await t.app.inject({ method: 'POST', url: `/gateway/transactions/${id}/payments/refunds`, headers: bearer(sol) })).statusCode,
        ).toBe(400);
        expect(
          (await t.app.inject({ method: 'POST', url: `/gateway/transactions/${id}/nfes/resends`, headers: bearer(sol) })).statusCode,
        ).toBe(400);
      }
      const res = await get(sol, `/gateway/transactions?${win}&userEmailOrTransactionId=99999999999`);
      expect(res.statusCode).toBe(200);
      expect(res.json().totalElements).toBe(0);
    });
  });

  describe('Excel', () => {
    it('the list, when asked as a spreadsheet, streams every filtered row with X-Total-Rows and the fixed file name', async () => {
      const res = await get(sol, `/gateway/transactions?${win}&size=2`, { accept: XLSX_MEDIA_TYPE });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX_MEDIA_TYPE);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${FINANCIAL_REPORT_FILE}"`);
      expect(res.headers[TOTAL_ROWS_HEADER.toLowerCase()]).toBe('5');
      expect(res.headers['content-length']).toBeUndefined();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Movimentações financeiras');
      expect(sheet.rowCount).toBe(6);
      const ids = [2, 3, 4, 5, 6].map((i) => sheet.getRow(i).getCell(2).value);
      expect(ids).toEqual([pk.r3, pk.dep1, pk.r2, pk.r1, pk.r0]);
      expect(sheet.getRow(3).getCell(1).value).toBe('Depósito');
      expect(sheet.getRow(3).getCell(13).value).toBe(30);
      const viaQuery = await get(sol, `/gateway/transactions/deposits?${win}&format=xlsx`);
      expect(viaQuery.headers[TOTAL_ROWS_HEADER.toLowerCase()]).toBe('1');
    });

    it('the spreadsheet, when its filter is invalid, answers an error, not a file', async () => {
      const res = await get(sol, `/gateway/transactions?startDate=${ymd(500)}&format=xlsx`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
    });
  });

  it('the ledger, after these scenarios, balances: every movement’s entries sum to zero', async () => {
    expect(await ledgerImbalances(t.db)).toEqual([]);
  });
});
