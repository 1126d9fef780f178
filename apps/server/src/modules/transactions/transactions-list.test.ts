// @postgres write-pool, cursor, planner: the list with jit off and prepared statements; spreadsheet and meter-value exports streamed.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { transactionMessages } from '@recarga/contracts/transactions';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aStatus, aTransaction, connectorOf, stationOf } from '../../../test/helpers/transaction-builders';
import { aUserWith } from '../../../test/helpers/dashboard-users';

const XLSX_MAGIC = 'PK';

describe('transactions list, detail and exports', () => {
  let t: TestApp;
  let finance: string; // sol: finance routes + FIN + payment + invoice
  let operator: string; // demo operator (sol): /transactions, payment capability, no FIN
  let finOnly: string; // sol: FIN without invoice or payment capability
  let restricted: string; // sol: DASH_DISABLE_TRANSACTION_OPTIONS
  let terpel: string; // another tenant with every capability
  let tx: { paid: number; unpaid: number; running: number; free: number; terpel: number; old: number };

  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.get('invoices').setAutomatic(false);
    const all = [roles.financialIndicators, roles.paymentApproval, roles.invoice];
    finance = (await aUserWith(t, { tenant: 'sol', roles: all })).token;
    finOnly = (await aUserWith(t, { tenant: 'sol', roles: [roles.financialIndicators] })).token;
    restricted = (await aUserWith(t, { tenant: 'sol', roles: [...all, roles.disableTransactionOptions] })).token;
    terpel = (await aUserWith(t, { tenant: 'terpel', roles: all })).token;
    operator = await loginAs(t.app, demo.operator);
    const now = Date.now();
    tx = {
      // The demo driver has a wallet: priced, paid by wallet.
      paid: await aTransaction(t, { idTag: '04A1B2C3D4', start: new Date(now - 5 * 3600_000), minutes: 65, energyWh: 12_345 }),
      // Júlia has no wallet: pending.
      unpaid: await aTransaction(t, {
        idTag: '04B2C3D4E5',
        station: 'MOVE-SP-002',
        connectorId: 1,
        start: new Date(now - 4 * 3600_000),
        minutes: 30,
        energyWh: 5000,
      }),
      running: await aTransaction(t, { idTag: '1A2B3C4D', station: 'MOVE-RJ-001', start: new Date(now - 20 * 60_000), minutes: null }),
      // A free-recharge card: PRICELESS.
      free: await aTransaction(t, { idTag: '5E6F7A8B', start: new Date(now - 3 * 3600_000), minutes: 20, energyWh: 3000 }),
      terpel: await aTransaction(t, {
        idTag: '04D4E5F6A7',
        station: 'TERPEL-BOG-001',
        start: new Date(now - 2 * 3600_000),
        minutes: 40,
        energyWh: 8000,
      }),
      old: await aTransaction(t, { idTag: '1A2B3C4D', start: new Date(now - 10 * 86_400_000), minutes: 30 }),
    };
    await t.app.services.get('billing').processQueue();
  });
  afterAll(() => t.close());

  it('list, default range: the recharges of the last 2 days in the scope, newest first, with the row fields of 001 §3', async () => {
    const res = await get(finance, '/api/transaction?page=1&size=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.list.map((r: { id: number }) => r.id)).toEqual([tx.running, tx.free, tx.unpaid, tx.paid]);
    expect(body).toMatchObject({ count: 4, limited: false });
    const paid = body.list.find((r: { id: number }) => r.id === tx.paid);
    expect(Object.keys(paid).sort()).toEqual(
      [
        'id',
        'chargeBoxDescription',
        'chargeBoxId',
        'chargeBoxPk',
        'connectorId',
        'connectorPk',
        'userName',
        'ocppIdTag',
        'userTenantAlias',
        'stationTenantAlias',
        'startTimestamp',
        'stopTimestamp',
        'durationHumanReadable',
        'durationTime',
        'nfeStatus',
        'nfeStatusFinancial',
        'nfeUrl',
        'paymentType',
        'voucherUnitPk',
        'transactionAmount',
        'transactionAmountHumanReadable',
        'income',
        'incomeHumanReadable',
        'energyWh',
        'energyHumanReadable',
        'hasPayment',
        'isPaid',
        'revenueStatus',
        'paymentStatus',
        'paidTimestamp',
        'paidError',
        'priced',
        'autonomy',
        'stopReason',
        'stopEventActor',
        'closedBy',
        'closedAt',
        'stationOnline',
        'feedbackStars',
        'feedbackDescription',
        'idleDuration',
        'idleDurationHumanReadable',
        'moneyIdlePaymentTransactionAmount',
        'moneyIdlePaymentTransactionAmountHumanReadable',
        'idlePaymentCanceled',
        'canCancelIdlePayment',
        'currency',
      ].sort(),
    );
    // 12.345 kWh × R$ 1,99 = 24,57 + R$ 3,00 start = 27,57; 5 % tax 1,38 → R$ 28,95
    expect(paid).toMatchObject({
      chargeBoxId: 'MOVE-SP-001',
      connectorId: 1,
      userName: 'Marcos Silva',
      ocppIdTag: '04A1B2C3D4',
      userTenantAlias: 'move',
      stationTenantAlias: 'move',
      durationHumanReadable: '1h 05min',
      durationTime: 3900,
      energyWh: 12_345,
      energyHumanReadable: '12,35 kWh',
      income: 2895,
      incomeHumanReadable: 'R$ 28,95',
      transactionAmount: 2895,
      hasPayment: true,
      isPaid: true,
      revenueStatus: 'PAID',
      paymentStatus: 'approved',
      paymentType: 'WALLET',
      paidError: 'NoError',
      autonomy: 80.2,
      nfeStatus: 'PROCESSANDO_AUTORIZACAO',
      nfeStatusFinancial: 'processando_autorizacao',
      currency: 'BRL',
    });
    expect(body.list.find((r: { id: number }) => r.id === tx.unpaid)).toMatchObject({
      revenueStatus: 'UNPAID',
      isPaid: false,
      paymentStatus: 'pending',
      paidError: null,
    });
    expect(body.list.find((r: { id: number }) => r.id === tx.free)).toMatchObject({
      revenueStatus: 'PRICELESS',
      income: 0,
      hasPayment: false,
    });
    expect(body.list.find((r: { id: number }) => r.id === tx.running)).toMatchObject({
      stopTimestamp: null,
      priced: false,
      revenueStatus: 'PRICELESS',
    });
  });

  it('list: a trailing slash is tolerated and the time zone shapes the default range', async () => {
    const res = await get(finance, '/api/transaction/?timeZone=America/Sao_Paulo');
    expect(res.statusCode).toBe(200);
    const { fromDate, toDate } = res.json();
    expect(new Date(toDate).getTime() - new Date(fromDate).getTime()).toBe(3 * 86_400_000);
    expect(new Date(fromDate).getUTCHours()).toBe(3); // local midnight in Brasília = 03:00 UTC
    const viaHeader = await get(finance, '/api/transaction/', { 'x-timezone-offset': '180' });
    expect(viaHeader.json().fromDate).toBe(fromDate);
  });

  it('list, operator without DASH_FINANCIAL_INDICATORS: income fields are absent; the admin-like finance user sees them', async () => {
    const res = await get(operator, '/api/transaction');
    expect(res.statusCode).toBe(200);
    const row = res.json().list.find((r: { id: number }) => r.id === tx.paid);
    for (const k of [
      'income',
      'incomeHumanReadable',
      'transactionAmount',
      'transactionAmountHumanReadable',
      'moneyIdlePaymentTransactionAmount',
    ]) {
      expect(row).not.toHaveProperty(k);
    }
    expect(row).toMatchObject({ revenueStatus: 'PAID', energyHumanReadable: '12,35 kWh' });
  });

  it('list, FIN role without invoice or payment capability: income fields are removed too', async () => {
    const row = (await get(finOnly, '/api/transaction')).json().list.find((r: { id: number }) => r.id === tx.paid);
    expect(row).not.toHaveProperty('income');
    expect(row).not.toHaveProperty('transactionAmount');
  });

  it("list, another tenant: its own recharges only; the other tenant's detail, export rows and payment are 404 or absent", async () => {
    const res = (await get(terpel, '/api/transaction')).json();
    expect(res.list.map((r: { id: number }) => r.id)).toEqual([tx.terpel]);
    expect(res.list[0]).toMatchObject({ currency: 'COP', stationTenantAlias: 'terpel' });
    expect((await get(terpel, `/api/transaction/${tx.paid}`)).statusCode).toBe(404);
    expect((await get(finance, `/api/transaction/${tx.terpel}`)).statusCode).toBe(404);
    expect((await get(terpel, `/api/report/xlsx/transactions/${tx.paid}/meter-values`)).statusCode).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: `/api/transaction/${tx.unpaid}/pay`, headers: bearer(terpel), payload: {} });
    expect(pay.statusCode).toBe(404);
    expect((await get(finance, `/api/transaction?searchInput=${tx.terpel}`)).json().count).toBe(0);
  });

  it('list filters: station, tag, revenue status, search by id or station name', async () => {
    const sp2 = await stationOf(t, 'MOVE-SP-002');
    expect((await get(finance, `/api/transaction?chargeBoxPK=${sp2.charge_box_pk}`)).json().list.map((r: { id: number }) => r.id)).toEqual([
      tx.unpaid,
    ]);
    expect((await get(finance, '/api/transaction?userOcppTag=04a1b2c3d4')).json().list.map((r: { id: number }) => r.id)).toEqual([tx.paid]);
    expect((await get(finance, '/api/transaction?paymentStatus=PAID')).json().list.map((r: { id: number }) => r.id)).toEqual([tx.paid]);
    expect((await get(finance, '/api/transaction?paymentStatus=UNPAID')).json().list.map((r: { id: number }) => r.id)).toEqual([tx.unpaid]);
    expect((await get(finance, '/api/transaction?paymentStatus=PRICELESS')).json().list.map((r: { id: number }) => r.id)).toEqual([
      tx.running,
      tx.free,
    ]);
    expect((await get(finance, '/api/transaction?paymentStatus=')).json().count).toBe(4);
    expect((await get(finance, `/api/transaction?searchInput=${tx.unpaid}`)).json().list.map((r: { id: number }) => r.id)).toEqual([
      tx.unpaid,
    ]);
    expect((await get(finance, '/api/transaction?searchInput=eldorado')).json().list.map((r: { id: number }) => r.id)).toEqual([tx.unpaid]);
    expect((await get(finance, '/api/transaction?searchInput=copacabana')).json().list.map((r: { id: number }) => r.id)).toEqual([
      tx.running,
    ]);
  });

  it('list: the revenue-status filter needs DASH_FINANCIAL_INDICATORS (403); the tag filter is refused with DASH_DISABLE_TRANSACTION_OPTIONS (403)', async () => {
    const r1 = await get(operator, '/api/transaction?paymentStatus=PAID');
    expect(r1.statusCode).toBe(403);
    expect(r1.json().code).toBe('REVENUE_FILTER_NOT_ALLOWED');
    const r2 = await get(restricted, '/api/transaction?userOcppTag=04A1B2C3D4');
    expect(r2.statusCode).toBe(403);
    expect(r2.json()).toMatchObject({ code: 'TRANSACTION_OPTION_DISABLED', message: transactionMessages.disabledOption });
    expect((await get(restricted, '/api/transaction')).statusCode).toBe(200);
  });

  it('list, date range: a chosen range is applied; future, reversed, 365 days or more, or malformed dates answer 400 with field errors', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ok = (await get(finance, `/api/transaction?fromDate=${day(-11)}&toDate=${day(-9)}`)).json();
    expect(ok.list.map((r: { id: number }) => r.id)).toEqual([tx.old]);
    const future = await get(finance, `/api/transaction?fromDate=${day(-1)}&toDate=${day(1)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.toDate).toBe('The date range may not go beyond today.');
    const reversed = await get(finance, `/api/transaction?fromDate=${day(-1)}&toDate=${day(-3)}`);
    expect(reversed.json().fields.toDate).toBe('The end date must not be before the start date.');
    const tooLong = await get(finance, `/api/transaction?fromDate=${day(-365)}&toDate=${day(0)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.toDate).toBe('The date range must be under 365 days.');
    expect((await get(finance, `/api/transaction?fromDate=${day(-364)}&toDate=${day(0)}`)).statusCode).toBe(200);
    const bad = await get(finance, '/api/transaction?fromDate=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.fromDate).toMatch(/Invalid date/);
    expect((await get(finance, '/api/transaction?timeZone=Mars/Olympus')).json().fields.timeZone).toMatch(/Unknown time zone/);
  });

  it('list, headerOrderList: key:direction pairs sort in SQL; unknown keys, bad directions and income without the role answer 400', async () => {
    const asc = (await get(finance, '/api/transaction?headerOrderList=startTimestamp:asc')).json().list.map((r: { id: number }) => r.id);
    expect(asc).toEqual([tx.paid, tx.unpaid, tx.free, tx.running]);
    const byIncome = (await get(finance, '/api/transaction?headerOrderList=income:desc;id:asc'))
      .json()
      .list.map((r: { id: number }) => r.id);
    expect(byIncome[0]).toBe(tx.paid);
    const byStation = (await get(finance, '/api/transaction?headerOrderList=chargeBoxDescription:asc'))
      .json()
      .list.map((r: { chargeBoxId: string }) => r.chargeBoxId);
    expect(byStation).toEqual(['MOVE-RJ-001', 'MOVE-SP-001', 'MOVE-SP-001', 'MOVE-SP-002']);
    for (const bad of ['nope:asc', 'id:up', 'id:asc:x']) {
      const res = await get(finance, `/api/transaction?headerOrderList=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('headerOrderList');
    }
    expect((await get(operator, '/api/transaction?headerOrderList=income:desc')).statusCode).toBe(400);
  });

  it('detail: meter values by measurand (power in W) and the transaction with income, hasPayment, isPaid and its composition', async () => {
    const connectorPk = await connectorOf(t, 'MOVE-SP-001', 1);
    const start = (
      await t.db.selectFrom('transactions').select('start_timestamp').where('transaction_pk', '=', tx.paid).executeTakeFirstOrThrow()
    ).start_timestamp;
    await t.db
      .insertInto('meter_values')
      .values(
        [1, 2, 3].flatMap((i) => [
          {
            transaction_pk: tx.paid,
            connector_pk: connectorPk,
            value_timestamp: new Date(start.getTime() + i * 60_000),
            measurand: 'Power.Active.Import',
            unit: 'kW',
            value: String(7 + i / 10),
            phase: null,
            location: null,
            context: null,
            format: null,
            raw_value: null,
          },
          {
            transaction_pk: tx.paid,
            connector_pk: connectorPk,
            value_timestamp: new Date(start.getTime() + i * 60_000),
            measurand: 'Energy.Active.Import.Register',
            unit: 'Wh',
            value: String(1000 + i * 100),
            phase: null,
            location: null,
            context: null,
            format: null,
            raw_value: null,
          },
        ]),
      )
      .execute();
    const res = await get(finance, `/api/transaction/${tx.paid}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.values['Power.Active.Import'].map((p: { value: number }) => p.value)).toEqual([7100, 7200, 7300]);
    expect(body.units['Power.Active.Import']).toBe('W');
    expect(body.values['Energy.Active.Import.Register']).toHaveLength(3);
    expect(body.transaction).toMatchObject({ id: tx.paid, income: 2895, hasPayment: true, isPaid: true });
    expect(body.transaction.composition).toMatchObject({
      startFee: 300,
      energy: 2457,
      operationalFee: 0,
      voucherDiscount: 0,
      tax: 138,
      total: 2895,
    });
    expect(body.transaction.composition.tariff).toMatchObject({
      hasPayment: true,
      income: { type: 'KWH', perKwh: 199, perTransaction: 300 },
      taxFraction: 0.05,
    });
    expect(body.transaction.payments).toEqual([
      expect.objectContaining({ paymentType: 'WALLET', paymentStatus: 'approved', amount: 2895, isIdlePayment: false }),
    ]);
    const stripped = (await get(operator, `/api/transaction/${tx.paid}`)).json().transaction;
    expect(stripped).not.toHaveProperty('income');
    expect(stripped).not.toHaveProperty('composition');
    expect(stripped).toMatchObject({ hasPayment: true, isPaid: true });
    expect((await get(finance, '/api/transaction/999999')).statusCode).toBe(404);
  });

  it("payment types: the tenant's list, or the defaults with the configured providers", async () => {
    const res = await get(finance, '/api/payment/types');
    expect(res.statusCode).toBe(200);
    expect(res.json().payment_type_tenant_list.map((p: { payment_type: string }) => p.payment_type)).toEqual([
      'WALLET',
      'MANUAL_DASHBOARD',
      'VOUCHER',
      'SANDBOX_CARD',
    ]);
    const sol = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow()).tenant_pk;
    await t.db
      .insertInto('tenant_payment_types')
      .values([
        { tenant_pk: sol, payment_type: 'PAGBANK_CARD' },
        { tenant_pk: sol, payment_type: 'MERCADO_PAGO_PIX' },
      ])
      .execute();
    expect((await get(finance, '/api/payment/types')).json().payment_type_tenant_list).toEqual([
      { payment_type: 'MERCADO_PAGO_PIX' },
      { payment_type: 'PAGBANK_CARD' },
    ]);
    const terpelPk = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'terpel').executeTakeFirstOrThrow())
      .tenant_pk;
    expect((await get(finance, `/api/payment/types?tenantPk=${terpelPk}`)).statusCode).toBe(404);
  });

  it('Excel export: streamed .xlsx of the filtered list; refused (403) with DASH_DISABLE_TRANSACTION_OPTIONS and at the monthly report limit', async () => {
    const res = await get(finance, '/api/report/xlsx/transactions?paymentStatus=PAID');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe(XLSX_MAGIC);
    const disabled = await get(restricted, '/api/report/xlsx/transactions');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('TRANSACTION_OPTION_DISABLED');
    const bad = await get(finance, '/api/report/xlsx/transactions?fromDate=2020-01-01&toDate=2026-13-01');
    expect(bad.statusCode).toBe(400);
    await t.db.updateTable('tenants').set({ monthly_report_limit: 1 }).where('alias', '=', 'sol').execute();
    try {
      const limited = await get(finance, '/api/report/xlsx/transactions');
      expect(limited.statusCode).toBe(403);
      expect(limited.json().code).toBe('REPORT_LIMIT');
    } finally {
      await t.db.updateTable('tenants').set({ monthly_report_limit: null }).where('alias', '=', 'sol').execute();
    }
  });

  it("Excel export: headers, sheet and labels in the caller's language; numbers, money, durations and dates typed", async () => {
    const res = await get(finance, '/api/report/xlsx/transactions?timeZone=America/Sao_Paulo');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Recargas');
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 10)).toEqual([
      'Recarga',
      'Estação',
      'ChargeBox ID',
      'Conector',
      'Usuário',
      'Tag',
      'Início',
      'Fim',
      'Duração',
      'Energia (kWh)',
    ]);
    const column = (name: string) => headers.indexOf(name) + 1;
    let paid: ExcelJS.Row | undefined;
    let free: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(1).value === tx.paid) paid = row;
      if (row.getCell(1).value === tx.free) free = row;
    });
    // The paid recharge: 65 minutes, 12,345 Wh, paid from the wallet.
    // Stored as a time (65 min = 65/1440 of a day); the reader turns time-formatted cells into dates from 1899-12-30.
    expect(paid!.getCell(column('Duração')).value).toEqual(new Date(Date.UTC(1899, 11, 30, 1, 5, 0)));
    expect(paid!.getCell(column('Duração')).numFmt).toBe('[h]:mm:ss');
    expect(paid!.getCell(column('Energia (kWh)')).value).toBe(12.35);
    expect(paid!.getCell(column('Energia (kWh)')).numFmt).toBe('#,##0.00');
    expect(paid!.getCell(column('Início')).value).toBeInstanceOf(Date);
    expect(paid!.getCell(column('Início')).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(typeof paid!.getCell(column('Receita')).value).toBe('number');
    expect(paid!.getCell(column('Receita')).numFmt).toBe('"R$" #,##0.00');
    expect(paid!.getCell(column('Forma de pagamento')).value).toBe('Carteira');
    expect(paid!.getCell(column('Status do pagamento')).value).toBe('Pago');
    // A free-recharge card: the revenue status's label, not the code PRICELESS.
    expect(free!.getCell(column('Status do pagamento')).value).toBe('Sem cobrança');
  });

  it('Excel export, for a Terpel user: in Spanish', async () => {
    const res = await get(terpel, '/api/report/xlsx/transactions?timeZone=America/Bogota');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // A charging session is a "carga" in Colombian Spanish ("recarga" is a balance top-up).
    expect(wb.worksheets[0]!.name).toBe('Cargas');
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Carga', 'Estación', 'ChargeBox ID', 'Conector']);
  });

  it('meter-values export: .xlsx of the samples; a recharge longer than 5 hours answers 413 with the spec message', async () => {
    const res = await get(finance, `/api/report/xlsx/transactions/${tx.paid}/meter-values`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe(XLSX_MAGIC);
    const long = await aTransaction(t, { idTag: '1A2B3C4D', start: new Date(Date.now() - 7 * 3600_000), minutes: 5 * 60 + 1 });
    const tooBig = await get(finance, `/api/report/xlsx/transactions/${long}/meter-values`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: transactionMessages.fileTooLarge });
  });

  it('list, more than 10,000 matches: count and pages stop at 10,000 and the answer says limited', async () => {
    const station = await stationOf(t, 'SOL-BH-001');
    const connectorPk = await connectorOf(t, 'SOL-BH-001', 2);
    await sql`insert into transactions (charge_box_pk, connector_pk, tenant_pk, id_tag, id_tag_status, start_timestamp, start_value_wh, start_key)
      select ${station.charge_box_pk}, ${connectorPk}, ${station.tenant_pk}, 'CAPTAG', 'Accepted', now() - (g || ' seconds')::interval, 0, 'cap-' || g
        from generate_series(1, 10005) g`.execute(t.db);
    const res = (await get(finance, `/api/transaction?chargeBoxPK=${station.charge_box_pk}&size=100&page=100`)).json();
    expect(res).toMatchObject({ count: 10_000, limited: true });
    expect(res.list).toHaveLength(100);
    expect((await get(finance, `/api/transaction?chargeBoxPK=${station.charge_box_pk}&size=100&page=101`)).json().list).toHaveLength(0);
    const asc = (
      await get(finance, `/api/transaction?chargeBoxPK=${station.charge_box_pk}&headerOrderList=startTimestamp:asc&size=1`)
    ).json();
    // The capped set is the 10,000 most recent: ascending, its first row is the 10,000th most recent.
    const first = await t.db
      .selectFrom('transactions')
      .select('start_key')
      .where('transaction_pk', '=', asc.list[0].id)
      .executeTakeFirstOrThrow();
    expect(first.start_key).toBe('cap-10000');
  });

  it('idle fields: the idle time measured from the status history shows in the row', async () => {
    const connectorPk = await connectorOf(t, 'MOVE-SP-001', 2);
    const start = new Date(Date.now() - 2 * 3600_000);
    await aStatus(t, connectorPk, 'Charging', new Date(start.getTime() + 60_000));
    await aStatus(t, connectorPk, 'SuspendedEV', new Date(start.getTime() + 50 * 60_000));
    await aStatus(t, connectorPk, 'Finishing', new Date(start.getTime() + 60 * 60_000));
    await aStatus(t, connectorPk, 'Available', new Date(start.getTime() + 75 * 60_000));
    const pk = await aTransaction(t, { idTag: '1A2B3C4D', connectorId: 2, start, minutes: 60 });
    await t.app.services.get('billing').processQueue([pk]);
    await t.app.services.get('billing').finalizeIdle(connectorPk);
    const row = (await get(finance, `/api/transaction?searchInput=${pk}`)).json().list[0];
    expect(row).toMatchObject({
      idleDuration: 25 * 60,
      idleDurationHumanReadable: '25min',
      moneyIdlePaymentTransactionAmount: 0,
      canCancelIdlePayment: false,
    });
  });
});
