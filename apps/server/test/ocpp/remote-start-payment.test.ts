// @postgres write-pool: a live session, then the background billing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { walletBalance } from '../helpers/transaction-builders';
import { bootedStation, eventually, iso, type StationClient } from './ocpp-helpers';

interface TaskRow {
  taskId: number;
  endTimestamp: string | null;
  taskDetail: { resultMap: Record<string, { status: string; response: string | null }> };
}

/**
 * Payment generation (001 §4): an administrator's remote start chooses how the recharge is billed.
 * MOVE-SP-001 (demo seed) charges R$ 1.99/kWh + R$ 3.00 per recharge + 5 % tax; the demo driver's
 * card 04A1B2C3D4 has a wallet that can pay.
 */
describe('remote start with a payment type', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let operator: string;
  let station: StationClient;
  let lastRemoteStart: { connectorId?: number; idTag?: string } | undefined;

  const finished = (taskId: number) =>
    eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/operations/tasks/?size=20', headers: bearer(admin) });
      const task = (res.json().tasks as TaskRow[]).find((x) => x.taskId === taskId);
      return task?.endTimestamp ? task : undefined;
    });

  /** The recharge the remote start leads to: 12,500 Wh from meter 100,000 to 112,500. */
  async function charge(meterStart: number) {
    const started = (await station.call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      meterStart,
      timestamp: iso(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    await station.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag: '04A1B2C3D4',
      meterStop: meterStart + 12_500,
      timestamp: iso(),
      reason: 'EVDisconnected',
    });
    return eventually(
      () => t.db.selectFrom('financial_movements').selectAll().where('transaction_pk', '=', started.transactionId).executeTakeFirst(),
      10_000,
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    [admin, operator] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator)]);
    station = await bootedStation(url, 'MOVE-SP-001');
    station.handle('RemoteStartTransaction', async ({ params }) => {
      lastRemoteStart = params as typeof lastRemoteStart;
      return { status: 'Accepted' };
    });
  });
  afterAll(async () => {
    await station.close({ force: true });
    await t.close();
  });

  it('MANUAL_DASHBOARD chosen: the recharge waits to be paid by hand and the driver’s wallet is left alone', async () => {
    const balance = (await walletBalance(t, 'motorista@move.com.br'))!;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operations/v1.6/remote_start_transaction/',
      headers: bearer(admin),
      payload: { chargePointSelectList: ['MOVE-SP-001'], connectorId: 1, idTag: '04A1B2C3D4', paymentType: 'MANUAL_DASHBOARD' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await finished(res.json().taskId)).taskDetail.resultMap['MOVE-SP-001']).toMatchObject({ response: 'Accepted' });
    expect(lastRemoteStart).toEqual({ connectorId: 1, idTag: '04A1B2C3D4' });

    const bill = await charge(100_000);

    // 12.5 kWh × 199 = 2,487.5 → 2,488; tax (300 + 2,488) × 5 % = 139.4 → 139; total 300 + 2,488 + 139 = 2,927
    expect(bill).toMatchObject({ payment_type: 'MANUAL_DASHBOARD', payment_status: 'pending', amount: 2927 });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(balance);
    const request = await t.db
      .selectFrom('remote_start_requests')
      .select(['payment_type', 'transaction_pk'])
      .where('task_pk', '=', res.json().taskId)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ payment_type: 'MANUAL_DASHBOARD', transaction_pk: bill.transaction_pk });
  });

  it('no payment type: the next recharge is billed as any other — the wallet pays', async () => {
    const balance = (await walletBalance(t, 'motorista@move.com.br'))!;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operations/v1.6/remote_start_transaction/',
      headers: bearer(admin),
      payload: { chargePointSelectList: ['MOVE-SP-001'], connectorId: 1, idTag: '04A1B2C3D4' },
    });
    await finished(res.json().taskId);
    const bill = await charge(200_000);

    expect(bill).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved', amount: 2927 });
    expect(await walletBalance(t, 'motorista@move.com.br')).toBe(balance - 2927);
  });

  it('a payment type from a non-administrator is refused (403); one the network does not offer, or VOUCHER, is a field error', async () => {
    const byOperator = await t.app.inject({
      method: 'POST',
      url: '/api/operations/v1.6/remote_start_transaction/',
      headers: bearer(operator),
      payload: { chargePointSelectList: ['SOL-RJ-001'], connectorId: 1, idTag: '04A1B2C3D4', paymentType: 'MANUAL_DASHBOARD' },
    });
    const voucher = await t.app.inject({
      method: 'POST',
      url: '/api/operations/v1.6/remote_start_transaction/',
      headers: bearer(admin),
      payload: { chargePointSelectList: ['MOVE-SP-001'], connectorId: 1, idTag: '04A1B2C3D4', paymentType: 'VOUCHER' },
    });
    const notOffered = await t.app.inject({
      method: 'POST',
      url: '/api/operations/v1.6/remote_start_transaction/',
      headers: bearer(admin),
      payload: { chargePointSelectList: ['MOVE-SP-001'], connectorId: 1, idTag: '04A1B2C3D4', paymentType: 'PAGOS_TERPEL' },
    });

    expect(byOperator.statusCode).toBe(403);
    expect(voucher.statusCode).toBe(400);
    expect(voucher.json().fields).toHaveProperty('paymentType');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().fields).toHaveProperty('paymentType');
  });
});
