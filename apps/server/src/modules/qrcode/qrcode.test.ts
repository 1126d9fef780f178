// @postgres concurrency, write-pool: starts per station counted under five at once; a live station's start and stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Captcha } from '../../platform/captcha/captcha';
import { AppError } from '../../platform/errors';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { stationPk } from '../../../test/helpers/station-builders';
import { bootedStation, eventually, iso, type StationClient } from '../../../test/ocpp/ocpp-helpers';
import { QrCodeService } from './service';

/** The robot check of these tests: 'human' passes, anything else fails (but the sign-ins of `beforeAll`). */
let signingIn = true;
const testCaptcha: Captcha = {
  provider: 'altcha',
  challenge: async () => null,
  verify: async (response: string) => response === 'human' || signingIn,
};

/**
 * The public QR page's calls (001 §2, §7). The demo's MOVE-CWB-001 is a public station of the
 * 'move' network priced at nothing (no payment settings), with one connector; MOVE-SP-001 is
 * priced; TERPEL-MDE-001 belongs to the 'terpel' network.
 */
describe('QR page: start and stop over a real websocket station', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let terpel: string;
  let station: StationClient;
  let moveToken: string;
  const remoteStarts: { connectorId?: number; idTag: string }[] = [];
  const remoteStops: { transactionId: number }[] = [];
  let ipSeq = 0;
  /** Each call from its own client address unless a test names one (the per-client limit stays out of the way). */
  const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  const start = (body: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/qrcode/start', payload: body, remoteAddress: ip, headers });
  const stop = (body: Record<string, unknown>, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/qrcode/stop/', payload: body, remoteAddress: ip });

  /** The token a connector's QR code carries, read from its link (as an operator prints it). */
  async function tokenOf(chargeBoxId: string, connectorId = 1): Promise<string> {
    const pk = await stationPk(t, chargeBoxId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qrcode/chargepoints/${pk}/connectors/${connectorId}/qrcode.png`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(String(res.headers['x-qr-url'])).searchParams.get('token')!;
  }

  beforeAll(async () => {
    t = await createTestApp({ captcha: testCaptcha });
    url = await t.listen();
    [admin, terpel] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.terpel)]);
    signingIn = false;
    station = await bootedStation(url, 'MOVE-CWB-001');
    station.handle('RemoteStartTransaction', async ({ params }) => {
      remoteStarts.push(params as (typeof remoteStarts)[number]);
      return { status: 'Accepted' };
    });
    station.handle('RemoteStopTransaction', async ({ params }) => {
      remoteStops.push(params as (typeof remoteStops)[number]);
      return { status: 'Accepted' };
    });
    moveToken = await tokenOf('MOVE-CWB-001');
  });
  afterAll(async () => {
    await station?.close({ force: true });
    await t.close();
  });

  it('connector QR code: opens the QR page of that connector on the network’s host, with its token; 404 outside the caller’s scope', async () => {
    const pk = await stationPk(t, 'MOVE-CWB-001');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qrcode/chargepoints/${pk}/connectors/1/qrcode.png`,
      headers: { ...bearer(admin), host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(res.headers['x-qr-url']).toBe(`http://localhost:8080/qrcode/start/MOVE-CWB-001/1?token=${moveToken}`);
    expect(moveToken).toMatch(/^[\w-]{32}$/);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/qrcode/chargepoints/${pk}/connectors/1/qrcode.png`,
      headers: bearer(terpel),
    });
    expect(foreign.statusCode).toBe(404);
    const noConnector = await t.app.inject({
      method: 'GET',
      url: `/api/qrcode/chargepoints/${pk}/connectors/9/qrcode.png`,
      headers: bearer(admin),
    });
    expect(noConnector.statusCode).toBe(404);
    expect(noConnector.json().code).toBe('QR_CONNECTOR_NOT_FOUND');
  });

  it('start then stop: RemoteStartTransaction with the network’s guest tag, RemoteStopTransaction of that recharge, tasks of origin QR page, no wallet charged', async () => {
    const walletsBefore = await t.db.selectFrom('wallets').select(['user_pk', 'balance']).orderBy('user_pk').execute();

    const started = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: moveToken, recaptchaResponse: 'human' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'Accepted', message: 'START command sent.' });

    // The guest tag: the network's own, no owner, free recharge.
    const sent = remoteStarts.at(-1)!;
    expect(sent.connectorId).toBe(1);
    const guest = await t.db
      .selectFrom('ocpp_tags as g')
      .innerJoin('tenants as tn', 'tn.tenant_pk', 'g.tenant_pk')
      .select(['tn.alias', 'g.owner_user_pk', 'g.is_free_recharge'])
      .where('g.id_tag', '=', sent.idTag)
      .executeTakeFirstOrThrow();
    expect(guest).toEqual({ alias: 'move', owner_user_pk: null, is_free_recharge: true });

    const task = await t.db
      .selectFrom('operation_tasks')
      .select(['origin', 'issuer', 'issuer_user_pk', 'operation_name'])
      .where('task_pk', '=', started.json().taskId)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ origin: 'QR_PAGE', issuer: 'QR page', issuer_user_pk: null, operation_name: 'remote_start_transaction' });

    // The station starts the recharge it was asked for; the central system accepts the guest tag.
    const tx = (await station.call('StartTransaction', { connectorId: 1, idTag: sent.idTag, meterStart: 50_000, timestamp: iso() })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(tx.idTagInfo.status).toBe('Accepted');

    const stopped = await stop({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: moveToken });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'Accepted', message: 'STOP command sent.' });
    expect(remoteStops.at(-1)).toEqual({ transactionId: tx.transactionId });
    const stopTask = await t.db
      .selectFrom('operation_tasks')
      .select(['origin', 'operation_name'])
      .where('task_pk', '=', stopped.json().taskId)
      .executeTakeFirstOrThrow();
    expect(stopTask).toEqual({ origin: 'QR_PAGE', operation_name: 'remote_stop_transaction' });

    await station.call('StopTransaction', {
      transactionId: tx.transactionId,
      idTag: sent.idTag,
      meterStop: 57_500,
      timestamp: iso(),
      reason: 'Remote',
    });
    // Priced as a free recharge of nobody: PRICELESS, 0, no user; every wallet as it was.
    const billing = await eventually(
      () => t.db.selectFrom('transaction_billing').selectAll().where('transaction_pk', '=', tx.transactionId).executeTakeFirst(),
      10_000,
    );
    expect({ revenue: billing.revenue_status, total: Number(billing.total) }).toEqual({ revenue: 'PRICELESS', total: 0 });
    const recharge = await t.db
      .selectFrom('transactions')
      .select('user_pk')
      .where('transaction_pk', '=', tx.transactionId)
      .executeTakeFirstOrThrow();
    expect(recharge.user_pk).toBeNull();
    const charged = await t.db
      .selectFrom('financial_movements')
      .select('amount')
      .where('transaction_pk', '=', tx.transactionId)
      .where('amount', '>', 0)
      .execute();
    expect(charged).toEqual([]);
    expect(await t.db.selectFrom('wallets').select(['user_pk', 'balance']).orderBy('user_pk').execute()).toEqual(walletsBefore);
  });

  it('stop, when no recharge started from the QR page runs on the connector, is refused (409) and nothing is sent', async () => {
    const before = remoteStops.length;
    const res = await stop({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: moveToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('QR_NO_TRANSACTION');
    expect(remoteStops.length).toBe(before);
  });

  it('start, when an operator gave the guest tag an owner, is refused (409): no QR start may bill a wallet', async () => {
    const guestIdTag = remoteStarts[0]!.idTag;
    const driver = await t.db.selectFrom('users').select('user_pk').where('email', '=', demo.driver.email).executeTakeFirstOrThrow();
    await t.db.updateTable('ocpp_tags').set({ owner_user_pk: driver.user_pk }).where('id_tag', '=', guestIdTag).execute();
    try {
      const before = remoteStarts.length;
      const res = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: moveToken, recaptchaResponse: 'human' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('QR_START_NOT_ALLOWED');
      expect(remoteStarts.length).toBe(before);
    } finally {
      await t.db.updateTable('ocpp_tags').set({ owner_user_pk: null }).where('id_tag', '=', guestIdTag).execute();
    }
  });

  it('start, with a wrong token or the token of another network (even the parent one), is refused (403) and nothing is sent', async () => {
    const before = remoteStarts.length;
    const terpelToken = await tokenOf('TERPEL-MDE-001');
    const wrong = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: 'x'.repeat(32), recaptchaResponse: 'human' });
    const foreign = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: terpelToken, recaptchaResponse: 'human' });
    const stopForeign = await stop({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: terpelToken });
    // 'sol' is the parent network of 'move': its token is still not the station's network's.
    const parent = await start({
      chargeBoxId: 'MOVE-CWB-001',
      connectorId: 1,
      token: await tokenOf('SOL-RJ-001'),
      recaptchaResponse: 'human',
    });
    for (const res of [wrong, foreign, stopForeign, parent]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'QR_TOKEN_INVALID', fields: { token: expect.any(String) } });
    }
    expect(remoteStarts.length).toBe(before);
  });

  it('start, when the robot check fails, answers 400 CAPTCHA_INVALID and nothing is sent', async () => {
    const before = remoteStarts.length;
    const res = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: moveToken, recaptchaResponse: 'robot' });
    const missing = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: moveToken });
    for (const r of [res, missing]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'CAPTCHA_INVALID', fields: { recaptchaResponse: expect.any(String) } });
    }
    expect(remoteStarts.length).toBe(before);
  });

  it('unknown station or connector: 404 with a clear code; bad input: field-level 400, never a 500', async () => {
    const noStation = await start({ chargeBoxId: 'NO-SUCH-STATION', connectorId: 1, token: moveToken, recaptchaResponse: 'human' });
    expect(noStation.statusCode).toBe(404);
    expect(noStation.json().code).toBe('QR_STATION_NOT_FOUND');
    const noConnector = await start({ chargeBoxId: 'MOVE-CWB-001', connectorId: 7, token: moveToken, recaptchaResponse: 'human' });
    expect(noConnector.statusCode).toBe(404);
    expect(noConnector.json().code).toBe('QR_CONNECTOR_NOT_FOUND');

    const bad = [
      { chargeBoxId: 'MOVE-CWB-001', connectorId: 2_147_483_648, token: moveToken },
      { chargeBoxId: 'MOVE-CWB-001', connectorId: 0, token: moveToken },
      { chargeBoxId: 'x'.repeat(256), connectorId: 1, token: moveToken },
      { chargeBoxId: 'MOVE-CWB-001', connectorId: 1, token: 't'.repeat(201) },
      { chargeBoxId: 'MOVE-CWB-001', connectorId: 1 },
    ];
    for (const body of bad) {
      const res = await start({ ...body, recaptchaResponse: 'human' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toBeDefined();
    }
    const nul = await stop({ chargeBoxId: 'MOVE-CWB-001\u0000', connectorId: 1, token: moveToken });
    expect(nul.statusCode).toBe(400);
  });

  it('start, on a priced station, is refused (409): the QR page starts only recharges priced at nothing', async () => {
    const res = await start({
      chargeBoxId: 'MOVE-SP-001',
      connectorId: 1,
      token: await tokenOf('MOVE-SP-001'),
      recaptchaResponse: 'human',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('QR_START_NOT_ALLOWED');
  });

  it('the guest tag, presented by a station where the QR page may not start (priced, or private), is Invalid: its id opens no paid charge', async () => {
    const guestIdTag = remoteStarts[0]!.idTag;
    // At the free public station it came from, it is the QR start's tag.
    expect(await station.call('Authorize', { idTag: guestIdTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
    // MOVE-SP-001 charges for its recharges.
    const priced = await bootedStation(url, 'MOVE-SP-001');
    try {
      expect(await priced.call('Authorize', { idTag: guestIdTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
      const tx = (await priced.call('StartTransaction', { connectorId: 1, idTag: guestIdTag, meterStart: 0, timestamp: iso() })) as {
        idTagInfo: { status: string };
      };
      expect(tx.idTagInfo.status).toBe('Invalid');
    } finally {
      await priced.close({ force: true });
    }
    // The same free station made private: refused too.
    await t.db.updateTable('charge_boxes').set({ type_of: 'PRIVATE' }).where('charge_box_id', '=', 'MOVE-CWB-001').execute();
    try {
      expect(await station.call('Authorize', { idTag: guestIdTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
    } finally {
      await t.db.updateTable('charge_boxes').set({ type_of: 'PUBLIC' }).where('charge_box_id', '=', 'MOVE-CWB-001').execute();
    }
  });

  it('start, when the station is offline, answers 502 and the task records the failure', async () => {
    const token = await tokenOf('ANDES-UIO-001');
    const res = await start({ chargeBoxId: 'ANDES-UIO-001', connectorId: 1, token, recaptchaResponse: 'human' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'QR_STATION_FAILED', message: 'The station did not start the recharge.' });
    const result = await t.db
      .selectFrom('operation_task_results as r')
      .innerJoin('operation_tasks as o', 'o.task_pk', 'r.task_pk')
      .select(['o.origin', 'r.status', 'r.error_code'])
      .where('r.charge_box_id', '=', 'ANDES-UIO-001')
      .orderBy('r.task_pk', 'desc')
      .executeTakeFirstOrThrow();
    expect(result).toEqual({ origin: 'QR_PAGE', status: 'error', error_code: 'OFFLINE' });
  });

  it('throttle, per client address: the 11th call of a window answers 429 with Retry-After; a forged X-Forwarded-For does not escape it', async () => {
    const windowOf = () => Math.floor(Date.now() / 600_000);
    for (let attempt = 0; attempt < 2; attempt++) {
      const ip = `10.88.0.${attempt + 1}`;
      const window = windowOf();
      const answers: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await start({ chargeBoxId: `NO-SUCH-${i}`, connectorId: 1, token: moveToken }, ip, {
          'x-forwarded-for': `203.0.113.${i}`,
        });
        answers.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().code).toBe('QR_THROTTLED');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      if (windowOf() !== window) continue; // the calls straddled two windows: once more, in the next
      expect(answers).toEqual([...Array(10).fill(404), 429]);
      return;
    }
    throw new Error('two windows in a row straddled');
  });
});

describe('QR throttle with a frozen clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const at = new Date('2026-11-25T12:03:00Z');
  const service = (now: Date) =>
    new QrCodeService(t.db, {
      captcha: testCaptcha,
      operations: t.app.services.get('operations'),
      throttle: { windowMs: 600_000, perClient: 3, perStation: 5 },
      now: () => now,
    });
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (err: unknown) => (err instanceof AppError ? err.status : 500),
    );

  it('per station: past the limit every address is refused (429) until the next window; counted atomically under concurrency', async () => {
    const s = service(at);
    const body = { chargeBoxId: 'THROTTLE-ME', connectorId: 1, token: 't'.repeat(32) };
    // Five at once from five addresses: all five counted (404, unknown station), none lost.
    const first = await Promise.all([1, 2, 3, 4, 5].map((i) => status(s.stop(body, `10.66.0.${i}`))));
    expect(first).toEqual([404, 404, 404, 404, 404]);
    expect(await status(s.stop(body, '10.66.0.6'))).toBe(429);
    // 12:03 is in the 12:00–12:10 window; 12:10 starts a new one.
    expect(await status(service(new Date('2026-11-25T12:10:00Z')).stop(body, '10.66.0.7'))).toBe(404);
  });

  it('per client: the fourth call of an address is refused whatever station it names', async () => {
    const s = service(at);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await status(s.stop({ chargeBoxId: `ANY-${i}`, connectorId: 1, token: 'tok' }, '10.66.1.1')));
    expect(answers).toEqual([404, 404, 404, 429]);
    expect(await status(s.stop({ chargeBoxId: 'ANY-9', connectorId: 1, token: 'tok' }, '10.66.1.2'))).toBe(404);
  });

  it('the sweep drops windows ended over an hour ago and keeps the recent ones', async () => {
    const s = service(at);
    await status(s.stop({ chargeBoxId: 'SWEEP-ME', connectorId: 1, token: 'tok' }, '10.66.2.1'));
    expect(await service(new Date('2026-11-25T12:40:00Z')).sweep()).toBe(0);
    expect(await service(new Date('2026-11-25T13:20:01Z')).sweep()).toBeGreaterThan(0);
  });
});
