import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@recarga/contracts/notifications';
import { insertNotifications } from '../../src/modules/notifications/repository';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';

describe('GET /api/notification/chargeBox/', () => {
  let t: TestApp;
  let movePk: number;
  let terpelPk: number;
  let marcosPk: number;

  beforeAll(async () => {
    t = await createTestApp();
    movePk = await aStation(t, { id: 'NOTE-MOVE', tenant: 'move', description: 'Posto Move Teste', city: 'Campinas' });
    terpelPk = await aStation(t, { id: 'NOTE-TERPEL', tenant: 'terpel', description: 'Estación Terpel Prueba', city: 'Bogotá' });
    marcosPk = (await t.db.selectFrom('users').select('user_pk').where('email', '=', 'motorista@move.com.br').executeTakeFirstOrThrow())
      .user_pk;
    const base = Date.parse('2026-03-01T12:00:00Z');
    await insertNotifications(t.db, [
      { chargeBoxPk: movePk, type: 'Connected', timestamp: new Date(base) },
      {
        chargeBoxPk: movePk,
        type: 'Failure',
        connectorId: 1,
        errorCode: 'GroundFailure',
        errorMsg: 'RCD',
        timestamp: new Date(base + 60_000),
      },
      { chargeBoxPk: movePk, type: 'TransactionStarted', connectorId: 2, userPk: marcosPk, timestamp: new Date(base + 120_000) },
      { chargeBoxPk: terpelPk, type: 'Disconnected', timestamp: new Date(base + 180_000) },
    ]);
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/notification/chargeBox/${query}`, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() as { notificationList: Notification[] } };
  };

  it("Sol operator: sees events of Sol and Move stations, newest first, never Terpel's", async () => {
    // Arrange
    const token = await loginAs(t.app, demo.operator);

    // Act
    const { status, body } = await list(token, '?limit=100');

    // Assert
    expect(status).toBe(200);
    expect(body.notificationList.map((n) => n.type)).toEqual(['TransactionStarted', 'Failure', 'Connected']);
    expect(body.notificationList.some((n) => n.chargeBoxId === 'NOTE-TERPEL')).toBe(false);
    expect(body.notificationList[1]).toEqual({
      chargeBoxId: 'NOTE-MOVE',
      chargeBoxName: 'Posto Move Teste',
      connectorId: 1,
      type: 'Failure',
      notificationTimestampDT: '2026-03-01T12:01:00.000Z',
      userName: null,
      transactionId: null,
      connectorErrorMsg: 'RCD',
      connectorErrorCode: 'GroundFailure',
      addressState: 'SP',
      addressCity: 'Campinas',
      addressStreet: 'Rua de Teste',
    });
    expect(body.notificationList[0]!.userName).toBe('Marcos Silva');
  });

  it('Terpel operator: sees only Terpel events, even when asking for a Move station by id', async () => {
    const token = await loginAs(t.app, demo.terpel);
    const all = await list(token);
    const foreign = await list(token, '?chargeBoxIds=NOTE-MOVE');
    expect(all.body.notificationList.map((n) => n.chargeBoxId)).toEqual(['NOTE-TERPEL']);
    expect(foreign.body.notificationList).toEqual([]);
  });

  it('filters: chargeBoxIds (comma list), userPk, limit', async () => {
    const token = await loginAs(t.app, demo.admin);
    const byStation = await list(token, '?chargeBoxIds=NOTE-TERPEL,%20NOTE-MOVE&limit=2');
    const byUser = await list(token, `?userPk=${marcosPk}`);
    expect(byStation.body.notificationList.map((n) => n.type)).toEqual(['Disconnected', 'TransactionStarted']);
    expect(byUser.body.notificationList.map((n) => n.type)).toEqual(['TransactionStarted']);
  });

  it('limit above 1000 or not a number: 400', async () => {
    const token = await loginAs(t.app, demo.admin);
    expect((await list(token, '?limit=1001')).status).toBe(400);
    expect((await list(token, '?limit=abc')).status).toBe(400);
  });

  it('without a session: 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notification/chargeBox/' });
    expect(res.statusCode).toBe(401);
  });
});
