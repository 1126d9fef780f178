import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation, aTag, stationPk } from '../helpers/station-builders';
import { bootedStation, iso, type StationClient } from './ocpp-helpers';

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

  it('unknown tag starting a transaction (offline authorisation): transaction created as Invalid and the tag recorded', async () => {
    const res = (await client.call('StartTransaction', { connectorId: 1, idTag: 'CAFE0001', meterStart: 0, timestamp: iso() })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(res.idTagInfo.status).toBe('Invalid');
    expect(res.transactionId).toBeGreaterThan(0);
    const unknown = await t.db.selectFrom('unknown_tags').select('attempts').where('id_tag', '=', 'CAFE0001').executeTakeFirstOrThrow();
    expect(unknown.attempts).toBe(1);
    await client.call('StopTransaction', { transactionId: res.transactionId, meterStop: 0, timestamp: iso() });
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

  it('tag already in as many transactions as it allows: ConcurrentTx', async () => {
    // Arrange
    await aTag(t, { idTag: 'BUSY001', max: 1 });
    const { transactionId } = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'BUSY001',
      meterStart: 0,
      timestamp: iso(),
    })) as { transactionId: number };

    // Act
    const status = (await authorize('BUSY001')).status;

    // Assert
    expect(status).toBe('ConcurrentTx');
    await client.call('StopTransaction', { transactionId, meterStop: 10, timestamp: iso() });
    expect((await authorize('BUSY001')).status).toBe('Accepted');
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
});
