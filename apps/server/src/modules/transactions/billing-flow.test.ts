import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedStation } from '@recarga/simulator/station';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { eventually, ocppUrl } from '../../../test/ocpp/ocpp-helpers';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { aTransaction, billOf, walletBalance } from '../../../test/helpers/transaction-builders';

describe('full flow over OCPP: a simulated station charges, the recharge is priced, the wallet pays, the invoice is issued', () => {
  let t: TestApp;
  let url: string;
  let sim: SimulatedStation;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_HEARTBEAT_INTERVAL: '120' } });
    url = await t.listen();
  });
  afterAll(async () => {
    await sim?.stop().catch(() => undefined);
    await t.close();
  });

  it('MOVE-SP-001 session by the demo driver: priced from the station settings, wallet debited, invoice authorised with a PDF', async () => {
    // Arrange
    const finance = (await aUserWith(t, { tenant: 'move', roles: [roles.financialIndicators, roles.paymentApproval, roles.invoice] }))
      .token;
    const balance = (await walletBalance(t, 'motorista@move.com.br'))!;
    sim = new SimulatedStation({
      url: ocppUrl(url),
      chargeBoxId: 'MOVE-SP-001',
      connectors: 2,
      idTags: ['04A1B2C3D4'],
      meterIntervalSec: 0.3,
      powerKw: 22,
      seed: 7,
    });
    await sim.start();

    // Act
    const started = await sim.plugIn(1, '04A1B2C3D4');
    expect(started.accepted).toBe(true);
    const transactionPk = (started as { transactionId: number }).transactionId;
    await new Promise((r) => setTimeout(r, 1500));
    await sim.unplug(1);

    // Assert: priced right after the stop's commit, from the station's payment settings
    const billing = await eventually(
      () => t.db.selectFrom('transaction_billing').selectAll().where('transaction_pk', '=', transactionPk).executeTakeFirst(),
      10_000,
    );
    const tx = await t.db.selectFrom('transactions').selectAll().where('transaction_pk', '=', transactionPk).executeTakeFirstOrThrow();
    expect(Number(tx.energy_wh)).toBeGreaterThan(0);
    // The simulator's energy depends on timing, so this flow checks that the composition adds up
    // and is what everyone shows; the hand-priced figures are the next test's.
    const total = Number(billing.total);
    expect(billing).toMatchObject({ start_fee: 300, operational_fee: 0, voucher_discount: 0, has_payment: true });
    expect(Number(billing.energy_amount)).toBeGreaterThan(0);
    expect(total).toBe(300 + Number(billing.energy_amount) + Number(billing.tax));

    // The driver's wallet paid it
    const bill = await t.db
      .selectFrom('financial_movements')
      .selectAll()
      .where('transaction_pk', '=', transactionPk)
      .executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved', amount: total, target_type: 'TRANSACTION' });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(balance - total);

    // The invoice walks PROCESSING → AUTHORIZED on its own (local issuer, invoice job)
    await eventually(
      async () =>
        (await t.db.selectFrom('invoices').select('state').where('transaction_pk', '=', transactionPk).executeTakeFirst())?.state ===
        'AUTHORIZED',
      15_000,
    );
    const pdf = await t.app.inject({ method: 'GET', url: `/api/nfe/${transactionPk}/pdf`, headers: bearer(finance) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    // Idle time is final once the connector reported Available
    await eventually(
      async () =>
        (await t.db.selectFrom('transaction_billing').select('idle_final').where('transaction_pk', '=', transactionPk).executeTakeFirst())
          ?.idle_final,
      10_000,
    );

    // The list shows it paid with its invoice and the detail has the power series
    const row = (
      await t.app.inject({ method: 'GET', url: `/api/transaction?searchInput=${transactionPk}`, headers: bearer(finance) })
    ).json().list[0];
    expect(row).toMatchObject({
      id: transactionPk,
      revenueStatus: 'PAID',
      isPaid: true,
      paymentType: 'WALLET',
      income: total,
      nfeStatus: 'AUTORIZADO',
      nfeUrl: `/api/nfe/${transactionPk}/pdf`,
    });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/transaction/${transactionPk}`, headers: bearer(finance) })).json();
    expect(detail.values['Power.Active.Import'].length).toBeGreaterThan(0);
    expect(detail.transaction.composition.total).toBe(total);
  });

  it('a stopped 12.5 kWh recharge on MOVE-SP-001 is priced from the station settings to the hand-worked figures', async () => {
    // Arrange: MOVE-SP-001 charges R$ 1.99/kWh plus R$ 3.00 per recharge, 5 % tax; energy costs R$ 0.89/kWh
    const transactionPk = await aTransaction(t, { station: 'MOVE-SP-001', idTag: '04A1B2C3D4', energyWh: 12_500, minutes: 40 });

    // Act
    await t.app.services.get('billing').processQueue([transactionPk]);

    // Assert
    // energy: 12.5 kWh × R$ 1.99 = R$ 24.875 → R$ 24.88 (half-up)
    // subtotal: R$ 3.00 + R$ 24.88 = R$ 27.88; tax: 5 % × R$ 27.88 = R$ 1.394 → R$ 1.39
    // total: R$ 27.88 + R$ 1.39 = R$ 29.27; cost: 12.5 kWh × R$ 0.89 = R$ 11.125 → R$ 11.13
    const billing = await t.db
      .selectFrom('transaction_billing')
      .selectAll()
      .where('transaction_pk', '=', transactionPk)
      .executeTakeFirstOrThrow();
    expect(billing).toMatchObject({
      start_fee: 300,
      energy_amount: 2488,
      operational_fee: 0,
      voucher_discount: 0,
      tax: 139,
      total: 2927,
      cost: 1113,
      has_payment: true,
    });
    expect(await billOf(t, transactionPk)).toMatchObject({ amount: 2927, currency: 'BRL', target_type: 'TRANSACTION' });
  });
});
