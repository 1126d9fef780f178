// @postgres write-pool: three stations' statuses through the batcher's lanes, exact message counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveTopics } from '@recarga/contracts/live';
import { createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { openLive } from '../helpers/live-socket';
import { bootedStation } from './ocpp-helpers';

describe('live updates (/live)', () => {
  let t: TestApp;
  let url: string;
  let operatorToken: string;
  let apiKey: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    operatorToken = await loginAs(t.app, demo.operator);
    const rows = await t.db.selectFrom('tenants').select(['alias', 'api_key']).execute();
    apiKey = Object.fromEntries(rows.map((r) => [r.alias, r.api_key]));
  });
  afterAll(() => t.close());

  it('connector status change at a Move station: reaches a Sol operator subscribed to the Move connector topic, with no polling', async () => {
    // Arrange
    await aStation(t, { id: 'LIVE-01', tenant: 'move' });
    const live = await openLive(url, operatorToken);
    const topic = liveTopics.connectorStatus(apiKey.move!, 'LIVE-01', 1);
    live.send({ action: 'subscribe', topic });
    await live.next((m) => m.topic === topic && m.subscribed === true);
    const station = await bootedStation(url, 'LIVE-01');

    // Act
    await station.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Charging',
      timestamp: '2026-01-01T10:00:00Z',
    });

    // Assert
    const msg = await live.next((m) => m.topic === topic && 'data' in m && (m.data as { status: string }).status === 'Charging');
    expect(msg.data).toEqual({
      chargeBoxId: 'LIVE-01',
      connectorId: 1,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: '2026-01-01T10:00:00.000Z',
    });
    await station.close();
    live.ws.close();
  });

  it('events of a child tenant: published on the parent api key too (station topic, chargeBox map update, notification)', async () => {
    // Arrange
    await aStation(t, { id: 'LIVE-02', tenant: 'move' });
    const live = await openLive(url, operatorToken);
    const topics = [
      liveTopics.chargeBoxStatus(apiKey.sol!, 'LIVE-02'),
      liveTopics.chargeBox(apiKey.sol!),
      liveTopics.notification(apiKey.sol!),
    ];
    for (const topic of topics) {
      live.send({ action: 'subscribe', topic });
      await live.next((m) => m.topic === topic && m.subscribed === true);
    }
    const station = await bootedStation(url, 'LIVE-02');

    // Act
    await station.call('StatusNotification', { connectorId: 2, errorCode: 'HighTemperature', status: 'Faulted', info: 'Cable too hot' });

    // Assert
    const status = await live.next((m) => m.topic === topics[0] && 'data' in m && (m.data as { status: string }).status === 'Faulted');
    expect(status.data).toMatchObject({ chargeBoxId: 'LIVE-02', connectorId: 2, errorCode: 'HighTemperature' });
    const map = await live.next(
      (m) =>
        m.topic === topics[1] &&
        'data' in m &&
        (m.data as { chargePoint: { chargeBoxId: string; connectors: { lastStatus: { status: string } }[] } }).chargePoint.connectors.some(
          (c) => c.lastStatus.status === 'Faulted',
        ),
    );
    expect(map.data).toMatchObject({
      type: 'update',
      chargePoint: { chargeBoxId: 'LIVE-02', online: true, origin: 'MOVE', ocppProtocol: 'ocpp1.6', chargePointVendor: 'Recarga' },
    });
    const note = await live.next((m) => m.topic === topics[2] && 'data' in m && (m.data as { type: string }).type === 'Failure');
    expect(note.data).toMatchObject({
      chargeBoxId: 'LIVE-02',
      chargeBoxName: 'Station LIVE-02',
      connectorId: 2,
      connectorErrorCode: 'HighTemperature',
      connectorErrorMsg: 'Cable too hot',
      addressCity: 'São Paulo',
    });
    await station.close();
    live.ws.close();
  });

  it('firmware and diagnostics reports: the station is published again on the chargeBox topic with them (the open card follows)', async () => {
    // Arrange
    await aStation(t, { id: 'LIVE-FW', tenant: 'move' });
    const live = await openLive(url, operatorToken);
    const topic = liveTopics.chargeBox(apiKey.move!);
    live.send({ action: 'subscribe', topic });
    await live.next((m) => m.topic === topic && m.subscribed === true);
    const station = await bootedStation(url, 'LIVE-FW');
    type Update = { chargePoint: { chargeBoxId: string; firmwareStatus: string | null; diagnosticsStatus: string | null } };
    const update = (pick: (cp: Update['chargePoint']) => boolean) =>
      live.next(
        (m) =>
          m.topic === topic &&
          'data' in m &&
          (m.data as Update).chargePoint.chargeBoxId === 'LIVE-FW' &&
          pick((m.data as Update).chargePoint),
      );

    // Act
    await station.call('FirmwareStatusNotification', { status: 'Installing' });
    const firmware = await update((cp) => cp.firmwareStatus === 'Installing');
    await station.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    const diagnostics = await update((cp) => cp.diagnosticsStatus === 'Uploaded');

    // Assert
    expect(firmware.data).toMatchObject({ type: 'update', chargePoint: { firmwareStatus: 'Installing', diagnosticsStatus: null } });
    const at = (firmware.data as { chargePoint: { firmwareStatusTimestamp: string } }).chargePoint.firmwareStatusTimestamp;
    expect(Date.parse(at)).toBeGreaterThan(Date.now() - 60_000);
    expect(diagnostics.data).toMatchObject({
      chargePoint: { firmwareStatus: 'Installing', diagnosticsStatus: 'Uploaded', firmwareStatusTimestamp: at },
    });
    await station.close();
    live.ws.close();
  });

  it("api key of a tenant outside the user's scope: error message, no subscription, no events", async () => {
    // Arrange
    await aStation(t, { id: 'LIVE-03', tenant: 'terpel' });
    const live = await openLive(url, operatorToken);
    const topic = liveTopics.chargeBoxStatus(apiKey.terpel!, 'LIVE-03');

    // Act
    live.send({ action: 'subscribe', topic });
    const answer = await live.next((m) => m.topic === topic);
    const station = await bootedStation(url, 'LIVE-03');
    await station.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    await new Promise((r) => setTimeout(r, 200));

    // Assert
    expect(answer).toMatchObject({ topic, error: { code: 'FORBIDDEN_TOPIC' } });
    expect(live.messages.filter((m) => m.topic === topic && 'data' in m)).toHaveLength(0);
    await station.close();
    live.ws.close();
  });

  it('status patterns: two subscriptions follow every station and connector of the api key, each message once under its own topic', async () => {
    // Arrange
    await aStation(t, { id: 'LIVE-P1', tenant: 'move' });
    await aStation(t, { id: 'LIVE-P2', tenant: 'move' });
    await aStation(t, { id: 'LIVE-P3', tenant: 'terpel' });
    const live = await openLive(url, operatorToken);
    const patterns = [liveTopics.anyChargeBoxStatus(apiKey.move!), liveTopics.anyConnectorStatus(apiKey.move!)];
    for (const topic of patterns) live.send({ action: 'subscribe', topic });
    for (const topic of patterns) await live.next((m) => m.topic === topic && m.subscribed === true);
    const one = await bootedStation(url, 'LIVE-P1');
    const two = await bootedStation(url, 'LIVE-P2');
    const terpel = await bootedStation(url, 'LIVE-P3');

    // Act
    await one.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    await two.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Faulted' });
    await terpel.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });

    // Assert: each station's news under its own topics, once; nothing of another tenant.
    const connectorOne = liveTopics.connectorStatus(apiKey.move!, 'LIVE-P1', 1);
    const connectorTwo = liveTopics.connectorStatus(apiKey.move!, 'LIVE-P2', 2);
    await live.next((m) => m.topic === connectorOne && (m.data as { status?: string } | undefined)?.status === 'Charging');
    await live.next((m) => m.topic === connectorTwo && (m.data as { status?: string } | undefined)?.status === 'Faulted');
    await live.next((m) => m.topic === liveTopics.chargeBoxStatus(apiKey.move!, 'LIVE-P2') && 'data' in m);
    // The Terpel station's own message went out after Move's: once it is past, nothing more arrives.
    await new Promise((r) => setTimeout(r, 300));
    const data = live.messages.filter((m) => 'data' in m);
    expect(data.filter((m) => m.topic === connectorOne && (m.data as { status: string }).status === 'Charging')).toHaveLength(1);
    expect(data.filter((m) => m.topic === connectorTwo && (m.data as { status: string }).status === 'Faulted')).toHaveLength(1);
    expect(data.filter((m) => String(m.topic).includes('LIVE-P3'))).toHaveLength(0);
    expect(data.filter((m) => String(m.topic).includes('+'))).toHaveLength(0);
    await Promise.all([one.close(), two.close(), terpel.close()]);
    live.ws.close();
  });

  it("status patterns: another tenant's api key is refused; a pattern of one station's connectors is not a topic", async () => {
    const live = await openLive(url, operatorToken);
    const foreign = liveTopics.anyConnectorStatus(apiKey.terpel!);
    const partial = `${apiKey.move}/chargeBox/LIVE-P1/connector/+/status`;
    live.send({ action: 'subscribe', topic: foreign });
    live.send({ action: 'subscribe', topic: partial });
    expect(await live.next((m) => m.topic === foreign)).toMatchObject({ error: { code: 'FORBIDDEN_TOPIC' } });
    expect(await live.next((m) => m.topic === partial)).toMatchObject({ error: { code: 'INVALID_TOPIC' } });
    live.ws.close();
  });

  it('unknown topic or bad message: an error message, the socket stays open', async () => {
    const live = await openLive(url, operatorToken);
    live.send({ action: 'subscribe', topic: `${apiKey.sol}/nonsense` });
    await live.next((m) => (m.error as { code?: string } | undefined)?.code === 'INVALID_TOPIC');
    live.ws.send('not json');
    await live.next((m) => (m.error as { code?: string } | undefined)?.code === 'INVALID_MESSAGE');
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    live.ws.close();
  });

  it('a token in the address: refused with 400 (addresses are logged); without platform DASHBOARD: 400', async () => {
    await expect(openLive(url, null, `token=${encodeURIComponent(operatorToken)}&platform=DASHBOARD`)).rejects.toMatchObject({
      status: 400,
    });
    await expect(openLive(url, operatorToken, 'platform=WEB')).rejects.toMatchObject({ status: 400 });
  });

  it('a wrong token as the first message, or a subscription before the token: the socket closes with 4401', async () => {
    const wrong = await openLive(url, 'bogus.token.value');
    expect(await wrong.closed).toBe(4401);

    const early = await openLive(url, null);
    early.send({ action: 'subscribe', topic: liveTopics.stats(apiKey.sol!) });
    expect(await early.closed).toBe(4401);
    expect(early.messages.filter((m) => 'subscribed' in m)).toEqual([]);
  });

  it('sign-out: the socket of that session closes at once with 4401; another session of the same user stays open', async () => {
    const token = await loginAs(t.app, demo.operator);
    const live = await openLive(url, token);
    await live.next((m) => m.authenticated === true);
    const other = await openLive(url, operatorToken);
    await other.next((m) => m.authenticated === true);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: { authorization: `Bearer ${token}` } });

    expect(out.statusCode).toBe(200);
    // The periodic session check runs every minute; this close comes from the logout itself.
    expect(await live.closed).toBe(4401);
    other.send({ action: 'subscribe', topic: liveTopics.stats(apiKey.sol!) });
    await other.next((m) => m.subscribed === true);
    other.ws.close();
  });

  it('a session that expires: its socket closes at the expiry', async () => {
    const user = await t.db.selectFrom('users').select('user_pk').where('email', '=', demo.operator.email).executeTakeFirstOrThrow();
    const expiresAt = new Date(Date.now() + 1500);
    const session = await t.db
      .insertInto('sessions')
      .values({ user_pk: user.user_pk, expires_at: expiresAt, ip: '127.0.0.1', user_agent: null })
      .returning('session_id')
      .executeTakeFirstOrThrow();
    const live = await openLive(url, t.platform.signer.sign(session.session_id, expiresAt));
    await live.next((m) => m.authenticated === true);

    expect(await live.closed).toBe(4401);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
  });

  it('non-browser client with Authorization and Platform headers: accepted', async () => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/live`, {
      headers: { authorization: `Bearer ${operatorToken}`, platform: 'DASHBOARD' },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });

  it('station disconnects: a chargeBox update with online false reaches the map topic', async () => {
    // Arrange
    await aStation(t, { id: 'LIVE-04', tenant: 'move' });
    const live = await openLive(url, operatorToken);
    const topic = liveTopics.chargeBox(apiKey.move!);
    live.send({ action: 'subscribe', topic });
    await live.next((m) => m.topic === topic && m.subscribed === true);
    const station = await bootedStation(url, 'LIVE-04');
    await live.next(
      (m) =>
        m.topic === topic &&
        'data' in m &&
        (m.data as { chargePoint: { chargeBoxId: string; online: boolean } }).chargePoint.chargeBoxId === 'LIVE-04',
    );

    // Act
    await station.close();

    // Assert
    const off = await live.next(
      (m) =>
        m.topic === topic &&
        'data' in m &&
        (m.data as { chargePoint: { chargeBoxId: string; online: boolean } }).chargePoint.chargeBoxId === 'LIVE-04' &&
        !(m.data as { chargePoint: { online: boolean } }).chargePoint.online,
    );
    expect(off.data).toMatchObject({ type: 'update', chargePoint: { chargeBoxId: 'LIVE-04', online: false } });
    live.ws.close();
  });
});
