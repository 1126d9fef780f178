// @postgres concurrency: twenty wrong passwords at once from one address: exactly five are checked.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES, KNOWN_ADDRESS_MS, SIGN_IN_WINDOW_MS } from '../../src/ocpp/sign-in-throttle';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { handshakeStatus, stationClient } from './ocpp-helpers';

describe('OCPP sign-in throttling', () => {
  let t: TestApp;
  let url: string;
  /** Each test signs in from its own addresses (X-Forwarded-For through the trusted loopback) so counts do not mix. */
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const attempt = (id: string, address: string, password?: string) =>
    handshakeStatus(stationClient(url, id, { password, headers: from(address) }));
  const counters = (id: string) =>
    t.db
      .selectFrom('ocpp_sign_in_failures')
      .select(['remote_address', 'reason', 'failures'])
      .where('charge_box_id', '=', id)
      .orderBy('remote_address')
      .orderBy('reason')
      .execute();
  /** Moves the id's counters `ms` into the past, as if that much time had gone by. */
  const age = (id: string, ms: number) =>
    t.db
      .updateTable('ocpp_sign_in_failures')
      .set({ last_at: sql<Date>`last_at - (${ms} * interval '1 millisecond')` })
      .where('charge_box_id', '=', id)
      .execute();

  beforeAll(async () => {
    // The tests speak from many addresses through loopback, as through a trusted proxy.
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    url = await t.listen();
  });
  afterAll(() => t.close());

  it('wrong passwords from one address: 401 five times, then 429 from there even with the right password; one counter row', async () => {
    await aStation(t, { id: 'THR-PW-01', password: 'right password' });

    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) wrong.push(await attempt('THR-PW-01', '10.0.0.1', `wrong ${i}`));
    const right = await attempt('THR-PW-01', '10.0.0.1', 'right password');

    expect(wrong).toEqual([401, 401, 401, 401, 401]);
    expect(right).toBe(429);
    expect(await counters('THR-PW-01')).toEqual([{ remote_address: '10.0.0.1', reason: 'password', failures: 5 }]);
  });

  it("a stranger's five wrong passwords do not keep the station out of the address it signs in from", async () => {
    await aStation(t, { id: 'THR-PW-HOME', password: 'pw' });
    expect(await attempt('THR-PW-HOME', '10.0.10.1', 'pw')).toBe(101); // its own place, remembered

    for (let i = 0; i < 5; i++) expect(await attempt('THR-PW-HOME', '10.0.10.66', `guess ${i}`)).toBe(401);
    const home = await attempt('THR-PW-HOME', '10.0.10.1', 'pw');
    const strangerAgain = await attempt('THR-PW-HOME', '10.0.10.66', 'pw');
    const newPlace = await attempt('THR-PW-HOME', '10.0.10.2', 'pw');

    expect(home).toBe(101);
    expect(strangerAgain).toBe(429);
    // A place the station never signed in from waits out the id's backoff (30 s after the latest guess).
    expect(newPlace).toBe(429);
  });

  it('beyond the free failures, checks are slowed, not locked: one more check after 30 s, the next after a minute', async () => {
    await aStation(t, { id: 'THR-PW-BACKOFF', password: 'pw' });
    for (let i = 0; i < 5; i++) await attempt('THR-PW-BACKOFF', '10.0.11.1', 'wrong');
    expect(await attempt('THR-PW-BACKOFF', '10.0.11.1', 'wrong')).toBe(429);

    await age('THR-PW-BACKOFF', 31_000);
    expect(await attempt('THR-PW-BACKOFF', '10.0.11.1', 'wrong')).toBe(401); // the sixth check
    await age('THR-PW-BACKOFF', 31_000);
    expect(await attempt('THR-PW-BACKOFF', '10.0.11.1', 'pw')).toBe(429); // now a minute's wait
    await age('THR-PW-BACKOFF', 30_000);
    expect(await attempt('THR-PW-BACKOFF', '10.0.11.1', 'pw')).toBe(101);
    // The right password cleared the address's wrong passwords.
    expect(await counters('THR-PW-BACKOFF')).toEqual([{ remote_address: '10.0.11.1', reason: 'signed_in', failures: 1 }]);
  });

  it('twenty wrong passwords sent at once from one address: exactly five are checked', async () => {
    await aStation(t, { id: 'THR-PW-RACE', password: 'pw' });
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt('THR-PW-RACE', '10.0.12.1', `wrong ${i}`)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await counters('THR-PW-RACE')).toEqual([{ remote_address: '10.0.12.1', reason: 'password', failures: 5 }]);
  });

  it('throttled id after a restart (same database, new node): still 429 — the count is persisted', async () => {
    const restarted = await createTestApp({ database: t.database, env: { TRUST_PROXY: 'loopback' } });
    try {
      const otherUrl = await restarted.listen();
      expect(await handshakeStatus(stationClient(otherUrl, 'THR-PW-01', { password: 'right password', headers: from('10.0.0.1') }))).toBe(
        429,
      );
    } finally {
      await restarted.close();
    }
  });

  it('throttled id, once its failures left the window: the right password connects and clears the streak', async () => {
    await age('THR-PW-01', SIGN_IN_WINDOW_MS + 1000);
    expect(await attempt('THR-PW-01', '10.0.0.1', 'wrong again')).toBe(401);
    // The old counter started again from one.
    expect(await counters('THR-PW-01')).toEqual([{ remote_address: '10.0.0.1', reason: 'password', failures: 1 }]);

    expect(await attempt('THR-PW-01', '10.0.0.1', 'right password')).toBe(101);
    expect(await counters('THR-PW-01')).toEqual([{ remote_address: '10.0.0.1', reason: 'signed_in', failures: 1 }]);
  });

  it('missing credentials count as a wrong password', async () => {
    await aStation(t, { id: 'THR-PW-02', password: 'secret' });
    const statuses: number[] = [];
    for (let i = 0; i <= FREE_FAILURES.pair; i++) statuses.push(await attempt('THR-PW-02', '10.0.1.1'));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('an unknown id retrying: 404 each, then 429 and no longer counted in unknown_stations; one counter row', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await attempt('THR-UNKNOWN-01', '10.0.2.1'));
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const row = await t.db
      .selectFrom('unknown_stations')
      .select('attempts')
      .where('charge_box_id', '=', 'THR-UNKNOWN-01')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(await counters('THR-UNKNOWN-01')).toEqual([{ remote_address: '10.0.2.1', reason: 'unknown', failures: 5 }]);
  });

  it('an unknown id registered later: its earlier unknown-id failures do not throttle it', async () => {
    for (let i = 0; i < 5; i++) await attempt('THR-LATER-01', '10.0.3.1');
    await aStation(t, { id: 'THR-LATER-01', password: 'now registered' });
    expect(await attempt('THR-LATER-01', '10.0.3.2', 'now registered')).toBe(101);
  });

  it('a scan of unknown ids from one address: further unknown ids wait; the registered stations behind that address still sign in', async () => {
    await aStation(t, { id: 'THR-ADDR-PW', password: 'pw' });
    await aStation(t, { id: 'THR-ADDR-OPEN' });

    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES.address; i++) statuses.push(await attempt(`THR-SCAN-${i}`, '10.0.4.1'));
    const next = await attempt('THR-SCAN-X', '10.0.4.1');
    const passwordStation = await attempt('THR-ADDR-PW', '10.0.4.1', 'pw');
    const openStation = await attempt('THR-ADDR-OPEN', '10.0.4.1');

    expect(statuses.every((s) => s === 404)).toBe(true);
    expect([next, passwordStation, openStation]).toEqual([429, 101, 101]);
  });

  it('wrong passwords for many ids from one address: after thirty, password checks from there wait', async () => {
    for (let i = 0; i < 7; i++) await aStation(t, { id: `THR-SPRAY-${i}`, password: 'pw' });
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES.address; i++) statuses.push(await attempt(`THR-SPRAY-${i % 6}`, '10.0.5.1', `wrong ${i}`));
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES.address);
    expect(await attempt('THR-SPRAY-6', '10.0.5.1', 'pw')).toBe(429);
    expect(await attempt('THR-SPRAY-6', '10.0.5.2', 'pw')).toBe(101);
  });

  it('counters older than the window are swept; known places are kept for thirty days', async () => {
    const now = Date.now();
    await t.db
      .insertInto('ocpp_sign_in_failures')
      .values([
        {
          charge_box_id: 'THR-OLD',
          reason: 'unknown',
          remote_address: '',
          failures: 3,
          first_at: new Date(now - 3 * SIGN_IN_WINDOW_MS),
          last_at: new Date(now - 2 * SIGN_IN_WINDOW_MS),
        },
        {
          charge_box_id: 'THR-OLD',
          reason: 'signed_in',
          remote_address: '10.0.6.1',
          failures: 1,
          first_at: new Date(now - 86_400_000),
          last_at: new Date(now - 86_400_000),
        },
        {
          charge_box_id: 'THR-OLD',
          reason: 'signed_in',
          remote_address: '10.0.6.2',
          failures: 1,
          first_at: new Date(now - KNOWN_ADDRESS_MS - 1000),
          last_at: new Date(now - KNOWN_ADDRESS_MS - 1000),
        },
      ])
      .execute();
    await (t.app.ocpp as unknown as { sweep(): Promise<void> }).sweep();
    expect(await counters('THR-OLD')).toEqual([{ remote_address: '10.0.6.1', reason: 'signed_in', failures: 1 }]);
  });
});

describe('OCPP sign-in throttling without a trusted proxy', () => {
  it('unknown ids with forged X-Forwarded-For addresses: all count against the socket address, so the scan is stopped', async () => {
    const t = await createTestApp();
    try {
      const url = await t.listen();
      const statuses: number[] = [];
      for (let i = 0; i <= FREE_FAILURES.address; i++) {
        statuses.push(await handshakeStatus(stationClient(url, `FORGED-${i}`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })));
      }
      expect(statuses.slice(0, FREE_FAILURES.address).every((s) => s === 404)).toBe(true);
      expect(statuses[FREE_FAILURES.address]).toBe(429);
      const addresses = await t.db.selectFrom('ocpp_sign_in_failures').select('remote_address').distinct().execute();
      expect(addresses.map((r) => r.remote_address)).toHaveLength(1);
      expect(addresses[0]!.remote_address).not.toMatch(/^203\.0\.113\./);
    } finally {
      await t.close();
    }
  });
});
