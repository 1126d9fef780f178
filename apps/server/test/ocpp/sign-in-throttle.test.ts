import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_ID, SIGN_IN_WINDOW_MS } from '../../src/ocpp/sign-in-throttle';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { handshakeStatus, stationClient } from './ocpp-helpers';

describe('OCPP sign-in throttling', () => {
  let t: TestApp;
  let url: string;
  /** Each test signs in from its own address (X-Forwarded-For) so address counts do not mix. */
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const attempt = (id: string, address: string, password?: string) =>
    handshakeStatus(stationClient(url, id, { password, headers: from(address) }));

  beforeAll(async () => {
    // The tests speak from many addresses through loopback, as through a trusted proxy.
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    url = await t.listen();
  });
  afterAll(() => t.close());

  it('wrong passwords for one charge box id: 401 each, then 429 even with the right password and from another address', async () => {
    // Arrange
    await aStation(t, { id: 'THR-PW-01', password: 'right password' });

    // Act
    const wrong: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ID; i++) wrong.push(await attempt('THR-PW-01', '10.0.0.1', `wrong ${i}`));
    const right = await attempt('THR-PW-01', '10.0.0.1', 'right password');
    const elsewhere = await attempt('THR-PW-01', '10.0.0.2', 'right password');

    // Assert
    expect(wrong).toEqual(Array(MAX_FAILURES_PER_ID).fill(401));
    expect([right, elsewhere]).toEqual([429, 429]);
    const rows = await t.db.selectFrom('ocpp_sign_in_failures').selectAll().where('charge_box_id', '=', 'THR-PW-01').execute();
    expect(rows).toHaveLength(MAX_FAILURES_PER_ID);
    expect(rows.every((r) => r.reason === 'password' && r.remote_address === '10.0.0.1')).toBe(true);
  });

  it('throttled id after a restart (same database, new node): still 429 — the count is persisted', async () => {
    const restarted = await createTestApp({ database: t.database, env: { TRUST_PROXY: 'loopback' } });
    try {
      const otherUrl = await restarted.listen();
      expect(await handshakeStatus(stationClient(otherUrl, 'THR-PW-01', { password: 'right password', headers: from('10.0.0.3') }))).toBe(
        429,
      );
    } finally {
      await restarted.close();
    }
  });

  it('throttled id, once its failures left the window: the right password connects and clears the streak', async () => {
    // Arrange: the failures happened a window ago
    await t.db
      .updateTable('ocpp_sign_in_failures')
      .set({ attempted_at: new Date(Date.now() - SIGN_IN_WINDOW_MS - 1000) })
      .where('charge_box_id', '=', 'THR-PW-01')
      .execute();
    await attempt('THR-PW-01', '10.0.0.1', 'wrong again');

    // Act
    const status = await attempt('THR-PW-01', '10.0.0.1', 'right password');

    // Assert
    expect(status).toBe(101);
    const rows = await t.db.selectFrom('ocpp_sign_in_failures').select('failure_pk').where('charge_box_id', '=', 'THR-PW-01').execute();
    expect(rows).toEqual([]);
  });

  it('missing credentials count as a wrong password', async () => {
    await aStation(t, { id: 'THR-PW-02', password: 'secret' });
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES_PER_ID; i++) statuses.push(await attempt('THR-PW-02', '10.0.1.1'));
    expect(statuses).toEqual([...Array(MAX_FAILURES_PER_ID).fill(401), 429]);
  });

  it('an unknown id retrying: 404 each, then 429 and no longer counted in unknown_stations', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ID + 2; i++) statuses.push(await attempt('THR-UNKNOWN-01', '10.0.2.1'));
    expect(statuses).toEqual([...Array(MAX_FAILURES_PER_ID).fill(404), 429, 429]);
    const row = await t.db
      .selectFrom('unknown_stations')
      .select('attempts')
      .where('charge_box_id', '=', 'THR-UNKNOWN-01')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAX_FAILURES_PER_ID);
  });

  it('an unknown id registered later: its earlier unknown-id failures do not throttle it', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ID; i++) await attempt('THR-LATER-01', '10.0.3.1');
    await aStation(t, { id: 'THR-LATER-01', password: 'now registered' });
    expect(await attempt('THR-LATER-01', '10.0.3.2', 'now registered')).toBe(101);
  });

  it('many ids tried from one address: 429 for unknown ids and password stations from there; a station without password still connects', async () => {
    // Arrange
    await aStation(t, { id: 'THR-ADDR-PW', password: 'pw' });
    await aStation(t, { id: 'THR-ADDR-OPEN' });

    // Act
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) statuses.push(await attempt(`THR-SCAN-${i}`, '10.0.4.1'));
    const next = await attempt('THR-SCAN-X', '10.0.4.1');
    const passwordStation = await attempt('THR-ADDR-PW', '10.0.4.1', 'pw');
    const openStation = await attempt('THR-ADDR-OPEN', '10.0.4.1');
    const otherAddress = await attempt('THR-ADDR-PW', '10.0.4.2', 'pw');

    // Assert
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect([next, passwordStation, openStation, otherAddress]).toEqual([429, 429, 101, 101]);
  });

  it('failures older than the window are swept', async () => {
    await t.db
      .insertInto('ocpp_sign_in_failures')
      .values({
        charge_box_id: 'THR-OLD',
        reason: 'unknown',
        remote_address: null,
        attempted_at: new Date(Date.now() - 2 * SIGN_IN_WINDOW_MS),
      })
      .execute();
    await (t.app.ocpp as unknown as { sweep(): Promise<void> }).sweep();
    const rows = await t.db.selectFrom('ocpp_sign_in_failures').select('failure_pk').where('charge_box_id', '=', 'THR-OLD').execute();
    expect(rows).toEqual([]);
  });
});

describe('OCPP sign-in throttling without a trusted proxy', () => {
  it('unknown ids with forged X-Forwarded-For addresses: all count against the socket address, so the scan is stopped', async () => {
    const t = await createTestApp();
    try {
      const url = await t.listen();
      const statuses: number[] = [];
      for (let i = 0; i <= MAX_FAILURES_PER_ADDRESS; i++) {
        statuses.push(await handshakeStatus(stationClient(url, `FORGED-${i}`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })));
      }
      expect(statuses.slice(0, MAX_FAILURES_PER_ADDRESS).every((s) => s === 404)).toBe(true);
      expect(statuses[MAX_FAILURES_PER_ADDRESS]).toBe(429);
      const addresses = await t.db.selectFrom('ocpp_sign_in_failures').select('remote_address').distinct().execute();
      expect(addresses.map((r) => r.remote_address)).toHaveLength(1);
      expect(addresses[0]!.remote_address).not.toMatch(/^203\.0\.113\./);
    } finally {
      await t.close();
    }
  });
});
