// @postgres write-pool: two live stations; starts and stops through prepared statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation, aStationBinding, aTag } from '../helpers/station-builders';
import { bootedStation, iso, type StationClient } from './ocpp-helpers';

type TagAnswer = { idTagInfo: { status: string } };
type StartAnswer = TagAnswer & { transactionId: number };

describe('OCPP private stations: only the access list charges', () => {
  let t: TestApp;
  let url: string;
  let privateStation: StationClient;
  let publicStation: StationClient;
  let privatePk: number;
  const authorize = async (client: StationClient, idTag: string) =>
    ((await client.call('Authorize', { idTag })) as TagAnswer).idTagInfo.status;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    privatePk = await aStation(t, { id: 'PRIV-01', typeOf: 'PRIVATE' });
    await aStation(t, { id: 'PUBL-01', typeOf: 'PUBLIC' });
    await aStationBinding(t, { chargeBoxPk: privatePk, email: 'dono@move.com.br', owner: true });
    await aStationBinding(t, { chargeBoxPk: privatePk, email: 'motorista@move.com.br', bindStatus: 'ACCEPTED' });
    await aStationBinding(t, { chargeBoxPk: privatePk, email: 'julia.santos@move.com.br', bindStatus: 'NOT_REQUESTED' });
    await aTag(t, { idTag: 'PRIV-OWNER', ownerEmail: 'dono@move.com.br' });
    await aTag(t, { idTag: 'PRIV-USER', ownerEmail: 'motorista@move.com.br' });
    await aTag(t, { idTag: 'PRIV-NOTREQ', ownerEmail: 'julia.santos@move.com.br' });
    await aTag(t, { idTag: 'PRIV-STRANGER', ownerEmail: 'admin@recarga.app' });
    await aTag(t, { idTag: 'PRIV-NOOWNER' });
    privateStation = await bootedStation(url, 'PRIV-01');
    publicStation = await bootedStation(url, 'PUBL-01');
  });
  afterAll(async () => {
    await privateStation.close();
    await publicStation.close();
    await t.close();
  });

  it('Authorize at a private station, tag of an owner: Accepted', async () => {
    expect(await authorize(privateStation, 'PRIV-OWNER')).toBe('Accepted');
  });

  it('Authorize at a private station, tag of a user with access (ACCEPTED): Accepted', async () => {
    expect(await authorize(privateStation, 'priv-user')).toBe('Accepted');
  });

  it('Authorize at a private station, tag of a user bound but NOT_REQUESTED: Invalid', async () => {
    expect(await authorize(privateStation, 'PRIV-NOTREQ')).toBe('Invalid');
  });

  it('Authorize at a private station, tag of a user not on the list or of no user: Invalid, not recorded as unknown', async () => {
    expect(await authorize(privateStation, 'PRIV-STRANGER')).toBe('Invalid');
    expect(await authorize(privateStation, 'PRIV-NOOWNER')).toBe('Invalid');
    const unknown = await t.db.selectFrom('unknown_tags').select('id_tag').where('id_tag', 'like', 'PRIV-%').execute();
    expect(unknown).toEqual([]);
  });

  it('Authorize at a public station, tag of a user on no list: Accepted (public stations unchanged)', async () => {
    expect(await authorize(publicStation, 'PRIV-STRANGER')).toBe('Accepted');
  });

  it('StartTransaction at a private station, tag not on the list: a rejected start (Invalid), no transaction', async () => {
    // Act
    const res = (await privateStation.call('StartTransaction', {
      connectorId: 1,
      idTag: 'PRIV-STRANGER',
      meterStart: 0,
      timestamp: iso(),
    })) as StartAnswer;

    // Assert
    expect(res.idTagInfo.status).toBe('Invalid');
    const rejected = await t.db
      .selectFrom('rejected_starts')
      .select(['id_tag_status', 'id_tag'])
      .where('transaction_pk', '=', res.transactionId)
      .executeTakeFirstOrThrow();
    expect(rejected).toEqual({ id_tag_status: 'Invalid', id_tag: 'PRIV-STRANGER' });
    expect(
      await t.db.selectFrom('transactions').select('transaction_pk').where('transaction_pk', '=', res.transactionId).execute(),
    ).toHaveLength(0);
    await privateStation.call('StopTransaction', { transactionId: res.transactionId, meterStop: 0, timestamp: iso() });
  });

  it('StartTransaction at a private station, tag of a user with access: Accepted with the driver linked; the stop answers Accepted', async () => {
    const res = (await privateStation.call('StartTransaction', {
      connectorId: 2,
      idTag: 'PRIV-USER',
      meterStart: 100,
      timestamp: iso(),
    })) as StartAnswer;
    expect(res.idTagInfo.status).toBe('Accepted');
    const user = await t.db.selectFrom('users').select('user_pk').where('email', '=', 'motorista@move.com.br').executeTakeFirstOrThrow();
    const tx = await t.db
      .selectFrom('transactions')
      .select('user_pk')
      .where('transaction_pk', '=', res.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx.user_pk).toBe(user.user_pk);
    const stop = (await privateStation.call('StopTransaction', {
      transactionId: res.transactionId,
      idTag: 'PRIV-USER',
      meterStop: 500,
      timestamp: iso(),
    })) as TagAnswer;
    expect(stop.idTagInfo.status).toBe('Accepted');
  });

  it('a station made private while connected: the next Authorize already applies the access list', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'PRIV-02', typeOf: 'PUBLIC' });
    const client = await bootedStation(url, 'PRIV-02');
    try {
      const before = await authorize(client, 'PRIV-OWNER');

      // Act
      await t.db.updateTable('charge_boxes').set({ type_of: 'PRIVATE' }).where('charge_box_pk', '=', pk).execute();
      const after = await authorize(client, 'PRIV-OWNER');
      await aStationBinding(t, { chargeBoxPk: pk, email: 'dono@move.com.br', owner: true });
      const bound = await authorize(client, 'PRIV-OWNER');

      // Assert
      expect([before, after, bound]).toEqual(['Accepted', 'Invalid', 'Accepted']);
    } finally {
      await client.close();
    }
  });
});
