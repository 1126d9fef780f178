// @postgres planner: the remote start's tag search held to the gram index; the station search's trigram index.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from './helpers/test-app';
import { aStation, aTransaction } from './helpers/station-builders';

/**
 * GET /api/operations/{version}/{command}/ searched and paged by the server (001 §4 Operations):
 * `searchInput`, `size` with `count`, and the chosen `chargeBoxIds`.
 *
 * The stations, all named ZQX-… so no demo station matches a search for "zqx":
 *   ZQX-CAMPINAS-01  move    1.6  'Posto Avenida Brasil'   offline  2 connectors, a running recharge on 1
 *   ZQX-CAMPINAS-02  move    1.6  'Shopping Iguatemi'      offline  1 connector
 *   ZQX-SANTOS-01    move    1.6  'Praça da Independência' offline  1 connector
 *   ZQX-SANTOS-02    move    1.6  'Avenida Ana Costa'      online   3 connectors, a running recharge on 2
 *   ZQX-TERPEL-01    terpel  1.6  'Avenida Bogotá'         offline  (outside the operator's scope: sol + move)
 *   ZQX-OLD-01       move    1.5  'Avenida Antiga'         offline  (another version)
 */
describe('operation options: stations searched and paged by the server', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  const transactions: Record<string, number> = {};

  const options = (token: string, path: string) => t.app.inject({ method: 'GET', url: `/api/operations/${path}`, headers: bearer(token) });
  const ids = (body: { chargePointSelectList: { chargeBoxId: string }[] }) => body.chargePointSelectList.map((s) => s.chargeBoxId);

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operator] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator)]);
    const campinas1 = await aStation(t, { id: 'ZQX-CAMPINAS-01', description: 'Posto Avenida Brasil', connectors: 2 });
    await aStation(t, { id: 'ZQX-CAMPINAS-02', description: 'Shopping Iguatemi', connectors: 1 });
    await aStation(t, { id: 'ZQX-SANTOS-01', description: 'Praça da Independência', connectors: 1 });
    const santos2 = await aStation(t, { id: 'ZQX-SANTOS-02', description: 'Avenida Ana Costa', connectors: 3 });
    await aStation(t, { id: 'ZQX-TERPEL-01', tenant: 'terpel', description: 'Avenida Bogotá' });
    const old = await aStation(t, { id: 'ZQX-OLD-01', description: 'Avenida Antiga' });
    await t.db.updateTable('charge_boxes').set({ ocpp_protocol: 'ocpp1.5' }).where('charge_box_pk', '=', old).execute();
    await t.db
      .insertInto('station_connections')
      .values({ charge_box_pk: santos2, connection_id: randomUUID(), node_id: randomUUID(), protocol: 'ocpp1.6', remote_address: null })
      .execute();
    const start = new Date('2026-11-20T10:00:00Z');
    transactions['ZQX-CAMPINAS-01'] = await aTransaction(t, { chargeBoxPk: campinas1, connectorId: 1, start });
    transactions['ZQX-SANTOS-02'] = await aTransaction(t, { chargeBoxPk: santos2, connectorId: 2, start });
  });
  afterAll(() => t.close());

  it('search by two words: every word is in the id or the description, case and accents ignored', async () => {
    const bothInId = await options(operator, 'v1.6/remote_start_transaction/?searchInput=%20santos%20%20ZQX%20');
    const idAndDescription = await options(operator, 'v1.6/remote_start_transaction/?searchInput=PRACA%20zqx-santos');
    const bothInDescription = await options(operator, 'v1.6/remote_start_transaction/?searchInput=avenida%20costa');

    expect(bothInId.statusCode).toBe(200);
    // Online first (SANTOS-02), then by id.
    expect(ids(bothInId.json())).toEqual(['ZQX-SANTOS-02', 'ZQX-SANTOS-01']);
    expect(ids(idAndDescription.json())).toEqual(['ZQX-SANTOS-01']);
    expect(ids(bothInDescription.json())).toEqual(['ZQX-SANTOS-02']);
    // Without size, no count: the spec's answer.
    expect(bothInId.json()).not.toHaveProperty('count');
  });

  it('size: at most that many stations, online first then by id, and the count of all that match', async () => {
    const res = await options(operator, 'v1.6/remote_start_transaction/?searchInput=zqx&size=2');
    const one = await options(operator, 'v1.6/remote_start_transaction/?searchInput=zqx%20avenida&size=1');

    expect(res.statusCode).toBe(200);
    // Four ZQX stations of 1.6 in the operator's scope (TERPEL is another network, OLD is 1.5).
    expect(res.json().count).toBe(4);
    expect(ids(res.json())).toEqual(['ZQX-SANTOS-02', 'ZQX-CAMPINAS-01']);
    // 'avenida': CAMPINAS-01 and SANTOS-02 (and TERPEL, out of scope).
    expect(one.json().count).toBe(2);
    expect(ids(one.json())).toEqual(['ZQX-SANTOS-02']);
  });

  it('chargeBoxIds: the chosen stations are answered with the search even when they do not match it', async () => {
    const res = await options(
      operator,
      'v1.6/remote_start_transaction/?searchInput=campinas%20zqx&size=1&chargeBoxIds=ZQX-SANTOS-01,ZQX-CAMPINAS-01,ZQX-TERPEL-01,ZQX-OLD-01,NO-SUCH',
    );

    expect(res.statusCode).toBe(200);
    // The page (CAMPINAS-01, first of CAMPINAS-01 and -02), then the chosen SANTOS-01; the count is the search's.
    expect(ids(res.json())).toEqual(['ZQX-CAMPINAS-01', 'ZQX-SANTOS-01']);
    expect(res.json().count).toBe(2);
  });

  it('chargeBoxIds out of scope: absent for the operator, answered for the administrator', async () => {
    const path = 'v1.6/remote_start_transaction/?size=0&chargeBoxIds=ZQX-TERPEL-01';
    const operatorAnswer = await options(operator, path);
    const adminAnswer = await options(admin, path);

    expect(ids(operatorAnswer.json())).toEqual([]);
    expect(ids(adminAnswer.json())).toEqual(['ZQX-TERPEL-01']);
  });

  it('size 0: no station of the search, the chosen ones, the count and the tags (the remote start tag search)', async () => {
    const res = await options(operator, 'v1.6/remote_start_transaction/?searchInput=zqx&size=0&chargeBoxIds=ZQX-CAMPINAS-02&idTag=04');

    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(['ZQX-CAMPINAS-02']);
    expect(res.json().count).toBe(4);
    expect(res.json().connectorIds).toEqual({ 'ZQX-CAMPINAS-02': [1] });
    expect(res.json().idTagList).toEqual(expect.any(Array));
  });

  it('per-station data only for the stations answered', async () => {
    const connectors = await options(admin, 'v1.6/unlock_connector/?searchInput=zqx%20santos&size=1&chargeBoxIds=ZQX-CAMPINAS-02');
    const running = await options(admin, 'v1.6/remote_stop_transaction/?searchInput=zqx&size=1');

    expect(ids(connectors.json())).toEqual(['ZQX-SANTOS-02', 'ZQX-CAMPINAS-02']);
    expect(connectors.json().connectorIds).toEqual({ 'ZQX-SANTOS-02': [1, 2, 3], 'ZQX-CAMPINAS-02': [1] });
    // Two running recharges among the ZQX stations; only the answered station's is in the map.
    expect(ids(running.json())).toEqual(['ZQX-SANTOS-02']);
    expect(running.json().transactionIds).toEqual({ 'ZQX-SANTOS-02': [transactions['ZQX-SANTOS-02']] });
  });

  it('without the new parameters: every station of the version in scope, no count', async () => {
    const res = await options(operator, 'v1.6/remote_start_transaction/');

    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('count');
    const zqx = ids(res.json()).filter((id) => id.startsWith('ZQX-'));
    expect(zqx).toEqual(['ZQX-SANTOS-02', 'ZQX-CAMPINAS-01', 'ZQX-CAMPINAS-02', 'ZQX-SANTOS-01']);
  });

  it('malformed parameters: 400 with a field error, never a server error', async () => {
    const tooMany = Array.from({ length: 501 }, (_, i) => `S${i}`).join(',');
    const cases: [string, string][] = [
      ['size=abc', 'size'],
      ['size=501', 'size'],
      ['size=-1', 'size'],
      ['size=1.5', 'size'],
      ['size=1&size=2', 'size'],
      [`searchInput=${'a'.repeat(101)}`, 'searchInput'],
      ['searchInput=zqx%00', 'searchInput'],
      [`chargeBoxIds=${tooMany}`, 'chargeBoxIds'],
      [`chargeBoxIds=ZQX-SANTOS-01,${'x'.repeat(256)}`, 'chargeBoxIds'],
      ['chargeBoxIds=ZQX%00-SANTOS-01', 'chargeBoxIds'],
    ];

    for (const [query, field] of cases) {
      const res = await options(operator, `v1.6/remote_start_transaction/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toEqual([field]);
    }
  });

  it('the remote start tag search: active tags of the scope holding the text, newest first', async () => {
    const tenantPk = async (alias: string) =>
      (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', alias).executeTakeFirstOrThrow()).tenant_pk;
    const [move, sol, terpel] = await Promise.all([tenantPk('move'), tenantPk('sol'), tenantPk('terpel')]);
    for (const [tenant, idTag, inactive] of [
      [move, 'ZQT0000001', false],
      [sol, 'ZQT0000002', false],
      [move, 'ZQT0001000', false],
      [terpel, 'ZQT0000003', false],
      [move, 'ZQT0000004', true],
      [sol, 'zqt-00000-5', false],
    ] as const) {
      await t.db.insertInto('ocpp_tags').values({ tenant_pk: tenant, id_tag: idTag, inactive }).execute();
    }
    const tags = async (text: string) =>
      (await options(operator, `v1.6/remote_start_transaction/?size=0&idTag=${encodeURIComponent(text)}`)).json().idTagList;

    // Five zeros in a row: not ZQT0001000; not TERPEL's (another network) nor the inactive ZQT0000004.
    expect(await tags('qt00000')).toEqual(['ZQT0000002', 'ZQT0000001']);
    // Three characters: every active one of the scope holding 'zqt'.
    expect(await tags('ZQT')).toEqual(['zqt-00000-5', 'ZQT0001000', 'ZQT0000002', 'ZQT0000001']);
    expect(await tags('00000-')).toEqual(['zqt-00000-5']);
  });
});
