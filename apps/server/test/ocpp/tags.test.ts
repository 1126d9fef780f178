// @postgres write-pool: refused starts closed by the batcher's boot path while StartTransaction uses the main pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { aStation, aTag, stationPk, tenantPk } from '../helpers/station-builders';
import { closeQuietRejectedStarts } from '../../src/ocpp/repository';
import { bootedStation, eventually, iso, type StationClient } from './ocpp-helpers';

type StartAnswer = { transactionId: number; idTagInfo: { status: string } };

describe('OCPP tag authorisation', () => {
  let t: TestApp;
  let client: StationClient;
  let pk: number;
  const authorize = async (idTag: string) =>
    ((await client.call('Authorize', { idTag })) as { idTagInfo: { status: string; parentIdTag?: string } }).idTagInfo;

  beforeAll(async () => {
    t = await createTestApp();
    const url = await t.listen();
    pk = await aStation(t, { id: 'TAGS-01', tenant: 'move' });
    client = await bootedStation(url, 'TAGS-01');
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('unknown tag: Invalid, recorded once per tenant with attempts, last attempt and station', async () => {
    // Act
    const first = await authorize('DEADBEEF99');
    const second = await authorize('deadbeef99');

    // Assert
    expect(first.status).toBe('Invalid');
    expect(second.status).toBe('Invalid');
    const move = await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('unknown_tags').selectAll().where('id_tag', 'ilike', 'deadbeef99').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id_tag: 'DEADBEEF99', attempts: 2, tenant_pk: move.tenant_pk, charge_box_pk: pk });
    expect(rows[0]!.last_attempt_at.getTime()).toBeGreaterThanOrEqual(rows[0]!.first_attempt_at.getTime());
  });

  it('unknown tag starting a transaction (offline authorisation): a rejected start, not a transaction; the tag recorded; the stop accepted', async () => {
    const res = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CAFE0001',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;
    expect(res.idTagInfo.status).toBe('Invalid');
    expect(res.transactionId).toBeGreaterThan(0);
    const unknown = await t.db.selectFrom('unknown_tags').select('attempts').where('id_tag', '=', 'CAFE0001').executeTakeFirstOrThrow();
    expect(unknown.attempts).toBe(1);
    expect(await t.db.selectFrom('transactions').select('transaction_pk').where('id_tag', '=', 'CAFE0001').execute()).toHaveLength(0);

    expect(await client.call('StopTransaction', { transactionId: res.transactionId, meterStop: 0, timestamp: iso() })).toEqual({});
    const rejected = await t.db
      .selectFrom('rejected_starts')
      .select(['id_tag_status', 'close_reason'])
      .where('transaction_pk', '=', res.transactionId)
      .executeTakeFirstOrThrow();
    expect(rejected).toEqual({ id_tag_status: 'Invalid', close_reason: 'stop' });
  });

  it('tag ids are case-insensitive: a known tag in lower case is Accepted', async () => {
    expect((await authorize('04a1b2c3d4')).status).toBe('Accepted');
  });

  it('inactive tag: Blocked', async () => {
    await aTag(t, { idTag: 'BLOCK001', inactive: true });
    expect((await authorize('BLOCK001')).status).toBe('Blocked');
  });

  it('tag with 0 allowed transactions: Blocked', async () => {
    await aTag(t, { idTag: 'ZERO001', max: 0 });
    expect((await authorize('ZERO001')).status).toBe('Blocked');
  });

  it('expired tag: Expired', async () => {
    await aTag(t, { idTag: 'OLD001', expiry: new Date(Date.now() - 86_400_000) });
    expect((await authorize('OLD001')).status).toBe('Expired');
  });

  it('child of a blocked parent tag: Blocked, with its parentIdTag', async () => {
    await aTag(t, { idTag: 'PARENT01', inactive: true });
    await aTag(t, { idTag: 'CHILD01', parent: 'PARENT01' });
    expect(await authorize('CHILD01')).toEqual({ status: 'Blocked', parentIdTag: 'PARENT01' });
  });

  it('child of an active parent: Accepted with parentIdTag', async () => {
    await aTag(t, { idTag: 'PARENT02' });
    await aTag(t, { idTag: 'CHILD02', parent: 'PARENT02' });
    expect(await authorize('CHILD02')).toEqual({ status: 'Accepted', parentIdTag: 'PARENT02' });
  });

  it('tag already in as many transactions as it allows: StartTransaction answers ConcurrentTx, Authorize does not', async () => {
    // Arrange
    await aTag(t, { idTag: 'BUSY001', max: 1 });
    const first = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'BUSY001',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;
    expect(first.idTagInfo.status).toBe('Accepted');

    // Act
    const authorized = (await authorize('BUSY001')).status;
    const second = (await client.call('StartTransaction', {
      connectorId: 3,
      idTag: 'BUSY001',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;

    // Assert
    expect(authorized).toBe('Accepted');
    expect(second.idTagInfo.status).toBe('ConcurrentTx');
    expect(second.transactionId).not.toBe(first.transactionId);
    await client.call('StopTransaction', { transactionId: first.transactionId, meterStop: 10, timestamp: iso() });
    await client.call('StopTransaction', { transactionId: second.transactionId, meterStop: 0, timestamp: iso() });
  });

  it('a refused start the station drops without a stop: no recharge, no event, the tag stays usable; closed when the connector is Available', async () => {
    // Arrange: the tag's one transaction runs on connector 4; a second start on connector 5 is refused.
    await aTag(t, { idTag: 'DROP001', max: 1 });
    const running = (await client.call('StartTransaction', {
      connectorId: 4,
      idTag: 'DROP001',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;
    const refused = (await client.call('StartTransaction', {
      connectorId: 5,
      idTag: 'DROP001',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;
    expect(refused.idTagInfo.status).toBe('ConcurrentTx');
    // The station drops the refused start (no StopTransaction) and the running one ends normally.
    await client.call('StopTransaction', { transactionId: running.transactionId, meterStop: 500, timestamp: iso() });

    // Act
    const authorized = (await authorize('DROP001')).status;
    const again = (await client.call('StartTransaction', {
      connectorId: 6,
      idTag: 'DROP001',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;

    // Assert: the tag charges again; the refused start is neither a transaction nor an event.
    expect(authorized).toBe('Accepted');
    expect(again.idTagInfo.status).toBe('Accepted');
    const transactions = await t.db.selectFrom('transactions').select('transaction_pk').where('id_tag', '=', 'DROP001').execute();
    expect(transactions.map((r) => r.transaction_pk).sort((a, b) => a - b)).toEqual([running.transactionId, again.transactionId]);
    const events = await t.db
      .selectFrom('notifications')
      .select('notification_pk')
      .where('transaction_pk', '=', refused.transactionId)
      .execute();
    expect(events).toHaveLength(0);
    const open = await t.db
      .selectFrom('rejected_starts')
      .select('closed_at')
      .where('transaction_pk', '=', refused.transactionId)
      .executeTakeFirstOrThrow();
    expect(open.closed_at).toBeNull();

    // The connector of the refused start reports Available: the start is closed.
    await client.call('StatusNotification', { connectorId: 5, status: 'Available', errorCode: 'NoError', timestamp: iso() });
    await eventually(async () => {
      const row = await t.db
        .selectFrom('rejected_starts')
        .select('close_reason')
        .where('transaction_pk', '=', refused.transactionId)
        .executeTakeFirst();
      return row?.close_reason === 'status';
    });
    await client.call('StopTransaction', { transactionId: again.transactionId, meterStop: 100, timestamp: iso() });
  });

  it('refused starts left open: closed when the station reboots, or once quiet for the timeout', async () => {
    await aTag(t, { idTag: 'DROP002', inactive: true });
    const refused = (await client.call('StartTransaction', {
      connectorId: 7,
      idTag: 'DROP002',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;
    expect(refused.idTagInfo.status).toBe('Blocked');

    await client.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: 'Test' });
    const booted = await t.db
      .selectFrom('rejected_starts')
      .select('close_reason')
      .where('transaction_pk', '=', refused.transactionId)
      .executeTakeFirstOrThrow();
    expect(booted.close_reason).toBe('boot');

    const quiet = (await client.call('StartTransaction', {
      connectorId: 8,
      idTag: 'DROP002',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await t.db
      .updateTable('rejected_starts')
      .set({ received_at: minutesAgo(20) })
      .where('transaction_pk', '=', quiet.transactionId)
      .execute();
    // Twenty minutes old, but its connector sent a reading just now: it stays open.
    await client.call('MeterValues', { connectorId: 8, meterValue: [{ timestamp: iso(), sampledValue: [{ value: '10' }] }] });
    const connector = await t.db
      .selectFrom('connectors')
      .select('connector_pk')
      .where('charge_box_pk', '=', pk)
      .where('connector_id', '=', 8)
      .executeTakeFirstOrThrow();
    await closeQuietRejectedStarts(t.db, 10 * 60_000);
    const before = await t.db
      .selectFrom('rejected_starts')
      .select('closed_at')
      .where('transaction_pk', '=', quiet.transactionId)
      .executeTakeFirstOrThrow();
    expect(before.closed_at).toBeNull();
    // The last reading was thirty minutes ago: quiet for longer than ten minutes, it closes.
    await t.db
      .updateTable('meter_values')
      .set({ value_timestamp: minutesAgo(30) })
      .where('connector_pk', '=', connector.connector_pk)
      .execute();
    expect(await closeQuietRejectedStarts(t.db, 10 * 60_000)).toBeGreaterThanOrEqual(1);
    const after = await t.db
      .selectFrom('rejected_starts')
      .select('close_reason')
      .where('transaction_pk', '=', quiet.transactionId)
      .executeTakeFirstOrThrow();
    expect(after.close_reason).toBe('timeout');
  });

  it('tag of an unrelated network (Terpel card at a Move station): Invalid, not recorded as unknown', async () => {
    expect((await authorize('04D4E5F6A7')).status).toBe('Invalid');
    const rows = await t.db.selectFrom('unknown_tags').select('id_tag').where('id_tag', '=', '04D4E5F6A7').execute();
    expect(rows).toHaveLength(0);
  });

  it('tag of the parent network (Sol driver at a Move station): Accepted', async () => {
    expect((await authorize('04C3D4E5F6')).status).toBe('Accepted');
  });

  it('demo data: a Move driver tag at a demo Sol station is accepted (sub-network driver at the parent network)', async () => {
    const solPk = await stationPk(t, 'SOL-BH-001');
    expect(solPk).toBeGreaterThan(0);
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const sol = await bootedStation(url, 'SOL-BH-001');
    const res = (await sol.call('Authorize', { idTag: '04A1B2C3D4' })) as { idTagInfo: { status: string } };
    expect(res.idTagInfo.status).toBe('Accepted');
    await sol.close();
  });

  it('an unknown tag approved by an operator: Accepted at the next Authorize at that network’s station', async () => {
    expect((await authorize('NEWCARD77')).status).toBe('Invalid');
    const admin = await loginAs(t.app, demo.admin);
    const move = await tenantPk(t, 'move');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ocpptags/unknown/',
      headers: bearer(admin),
      payload: { id_tag: 'NEWCARD77', tenant_pk: move },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect((await authorize('NEWCARD77')).status).toBe('Accepted');
  });

  it('a tag made inactive through the tag form: Blocked at the next Authorize; active again: Accepted', async () => {
    await aTag(t, { idTag: 'FORM001' });
    const admin = await loginAs(t.app, demo.admin);
    const tag = await t.db
      .selectFrom('ocpp_tags')
      .select(['ocpp_tag_pk', 'tenant_pk'])
      .where('id_tag', '=', 'FORM001')
      .executeTakeFirstOrThrow();
    const save = (inactive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/ocpptags/${tag.ocpp_tag_pk}/`,
        headers: bearer(admin),
        payload: { id_tag: 'FORM001', tenant_pk: tag.tenant_pk, inactive },
      });
    expect((await authorize('FORM001')).status).toBe('Accepted');

    expect((await save(true)).statusCode).toBe(200);
    expect((await authorize('FORM001')).status).toBe('Blocked');
    expect((await save(false)).statusCode).toBe(200);
    expect((await authorize('FORM001')).status).toBe('Accepted');
  });
});
