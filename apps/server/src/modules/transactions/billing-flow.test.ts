// @postgres write-pool: a live session billed in the background while the invoice step uses SKIP LOCKED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bootedStation, eventually, type StationClient } from '../../../test/ocpp/ocpp-helpers';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { walletBalance } from '../../../test/helpers/transaction-builders';
import { aTag } from '../../../test/helpers/station-builders';

describe('full flow over OCPP: a station charges, the recharge is priced, the wallet pays, the invoice is issued', () => {
  let t: TestApp;
  let url: string;
  let station: StationClient | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_HEARTBEAT_INTERVAL: '120' } });
    url = await t.listen();
  });
  afterAll(async () => {
    await station?.close({ force: true }).catch(() => undefined);
    await t.close();
  });

  it('MOVE-SP-001 session by the demo driver: priced from the station settings, wallet debited, invoice authorised with a PDF', async () => {
    // Arrange
    const finance = (await aUserWith(t, { tenant: 'move', roles: [roles.financialIndicators, roles.paymentApproval, roles.invoice] }))
      .token;
    const balance = (await walletBalance(t, 'motorista@move.com.br'))!;
    station = await bootedStation(url, 'MOVE-SP-001');
    const status = (status: string) =>
      station!.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status, timestamp: new Date().toISOString() });

    // Act: 12,500 Wh from meter 100,000 to 112,500 (fixed readings, so the price is a fixed figure)
    await status('Preparing');
    const started = (await station.call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      meterStart: 100_000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    const transactionPk = started.transactionId;
    await status('Charging');
    await station.call('MeterValues', {
      connectorId: 1,
      transactionId: transactionPk,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '106250', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    });
    await station.call('StopTransaction', {
      transactionId: transactionPk,
      idTag: '04A1B2C3D4',
      meterStop: 112_500,
      timestamp: new Date().toISOString(),
      reason: 'EVDisconnected',
    });
    await status('Finishing');
    await status('Available');

    // Assert: priced right after the stop's commit, from the station's payment settings
    const billing = await eventually(
      () => t.db.selectFrom('transaction_billing').selectAll().where('transaction_pk', '=', transactionPk).executeTakeFirst(),
      10_000,
    );
    const tx = await t.db.selectFrom('transactions').selectAll().where('transaction_pk', '=', transactionPk).executeTakeFirstOrThrow();
    expect(Number(tx.energy_wh)).toBe(12_500);
    // MOVE-SP-001 (demo seed): income R$ 1.99/kWh + R$ 3.00 per recharge, 5 % tax; cost R$ 0.89/kWh.
    //   energy  12.5 kWh × 199 = 2,487.5 → 2,488 (half up)
    //   tax     (300 + 2,488) × 0.05 = 139.4 → 139
    //   total   300 + 2,488 + 139 = 2,927
    //   cost    12.5 kWh × 89 = 1,112.5 → 1,113
    const expected = { total: 2927, energy: 2488, tax: 139, cost: 1113 };
    expect(billing).toMatchObject({
      total: expected.total,
      start_fee: 300,
      energy_amount: expected.energy,
      tax: expected.tax,
      cost: expected.cost,
      has_payment: true,
    });

    // The driver's wallet paid it
    const bill = await t.db
      .selectFrom('financial_movements')
      .selectAll()
      .where('transaction_pk', '=', transactionPk)
      .executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved', amount: expected.total, target_type: 'TRANSACTION' });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(balance - expected.total);

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
      income: expected.total,
      nfeStatus: 'AUTORIZADO',
      nfeUrl: `/api/nfe/${transactionPk}/pdf`,
    });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/transaction/${transactionPk}`, headers: bearer(finance) })).json();
    expect(detail.values['Power.Active.Import'].length).toBeGreaterThan(0);
    expect(detail.transaction.composition.total).toBe(expected.total);
  });

  it('a free-recharge card at the same station: the recharge is PRICELESS (0), the driver’s wallet untouched', async () => {
    // Arrange: a Move card of the demo driver, marked free recharge through the tag form.
    await aTag(t, { idTag: 'FREECARD01', ownerEmail: 'motorista@move.com.br' });
    const admin = (await aUserWith(t, { tenant: 'move', routes: ['/', '/ocpptags', '/ocpptags/edit/{id}'] })).token;
    const tag = await t.db
      .selectFrom('ocpp_tags')
      .select(['ocpp_tag_pk', 'tenant_pk'])
      .where('id_tag', '=', 'FREECARD01')
      .executeTakeFirstOrThrow();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/ocpptags/${tag.ocpp_tag_pk}/`,
      headers: bearer(admin),
      payload: { id_tag: 'FREECARD01', tenant_pk: tag.tenant_pk, isFreeRecharge: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = (await walletBalance(t, 'motorista@move.com.br'))!;
    await station?.close({ force: true }).catch(() => undefined);
    station = await bootedStation(url, 'MOVE-SP-001');

    // Act: 10 kWh that would cost the driver money on a normal card.
    const started = (await station.call('StartTransaction', {
      connectorId: 2,
      idTag: 'FREECARD01',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    await station.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag: 'FREECARD01',
      meterStop: 10_000,
      timestamp: new Date().toISOString(),
      reason: 'Local',
    });

    // Assert
    const billing = await eventually(
      () => t.db.selectFrom('transaction_billing').selectAll().where('transaction_pk', '=', started.transactionId).executeTakeFirst(),
      10_000,
    );
    expect(billing).toMatchObject({ total: 0, revenue_status: 'PRICELESS' });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(before);
  });
});
