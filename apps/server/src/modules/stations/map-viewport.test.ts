import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aStation, tenantPk } from '../../../test/helpers/station-builders';

interface MapAnswer {
  chargePointList: { chargeBoxId: string; locationLatitude: number; locationLongitude: number }[];
  clusters?: { latitude: number; longitude: number; count: number }[];
}

/**
 * GET chargepoints with `bounds`: the map list of a viewport (far from the demo's stations, so only
 * the test's own are in it), clusters past MAP_VIEWPORT_MAX_STATIONS (1,000), the antimeridian, the
 * tenant scope, and field errors.
 */
describe('GET chargepoints?bounds= (the map list of a viewport)', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let terpel: string;
  const map = async (token: string, bounds: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chargepoints/?bounds=${encodeURIComponent(bounds)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MapAnswer;
  };
  const ids = (a: MapAnswer) => a.chargePointList.map((s) => s.chargeBoxId).sort();
  const at = async (id: string, latitude: number, longitude: number, tenant = 'move') => {
    const pk = await aStation(t, { id, tenant });
    await t.db
      .updateTable('charge_boxes')
      .set({ location_latitude: latitude, location_longitude: longitude })
      .where('charge_box_pk', '=', pk)
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operator, terpel] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator), loginAs(t.app, demo.terpel)]);
    // Three in the South Atlantic, one just outside their box; Fiji and Samoa on either side of 180°.
    await at('ZZ-SEA-1', -40, -20);
    await at('ZZ-SEA-2', -40.5, -19.5);
    await at('ZZ-SEA-3', -39.2, -20.9, 'sol');
    await at('ZZ-SEA-OUT', -38.9, -20);
    await at('ZZ-FIJI', -17, 178.5);
    await at('ZZ-SAMOA', -14, -172);
    // 1,001 Sol stations on a grid: n = 1..1001 at latitude −60 + (n mod 31)/31, longitude 100 + ⌊n/31⌋/33.
    const sol = await tenantPk(t, 'sol');
    await sql`insert into charge_boxes (charge_box_id, tenant_pk, type_of, description, active, location_latitude, location_longitude)
              select 'ZZ-GRID-' || lpad(n::text, 4, '0'), ${sol}, 'PUBLIC', 'Grid ' || n, true,
                     -60 + (n % 31) / 31.0, 100 + (n / 31) / 33.0
                from generate_series(1, 1001) as n`.execute(t.db);
  }, 60_000);
  afterAll(() => t.close());

  it('answers the stations inside the viewport, with an empty cluster list', async () => {
    const a = await map(admin, '-41,-21,-39,-19');
    expect(ids(a)).toEqual(['ZZ-SEA-1', 'ZZ-SEA-2', 'ZZ-SEA-3']);
    expect(a.clusters).toEqual([]);
  });

  it('keeps to the caller’s scope: the Sol operator sees Sol and Move, Terpel none of them', async () => {
    expect(ids(await map(operator, '-41,-21,-39,-19'))).toEqual(['ZZ-SEA-1', 'ZZ-SEA-2', 'ZZ-SEA-3']);
    expect(ids(await map(terpel, '-41,-21,-39,-19'))).toEqual([]);
  });

  it('a viewport across the antimeridian (west 175 > east −170) holds Fiji and Samoa; one east of 180° only Samoa', async () => {
    expect(ids(await map(admin, '-20,175,-10,-170'))).toEqual(['ZZ-FIJI', 'ZZ-SAMOA']);
    expect(ids(await map(admin, '-20,-175,-10,-170'))).toEqual(['ZZ-SAMOA']);
  });

  it('up to 1,000 stations come as stations: the grid’s south half has 521 (worked out by hand)', async () => {
    // Latitude ≤ −59.5: n mod 31 ≤ 15. ⌊n/31⌋ = 0: n = 1..15 (15); 1..31: 16 each (496); 32: n = 992..1001, n mod 31 = 0..9 (10).
    const a = await map(admin, '-60.01,99.9,-59.5,101.1');
    expect(a.chargePointList).toHaveLength(15 + 496 + 10);
    expect(a.clusters).toEqual([]);
  });

  it('more than 1,000 come as clusters inside the viewport, counting every station once', async () => {
    const a = await map(admin, '-60.5,99.5,-58.5,101.5');
    expect(a.chargePointList).toEqual([]);
    const clusters = a.clusters ?? [];
    expect(clusters.reduce((n, c) => n + c.count, 0)).toBe(1001);
    // The grid spans 0.97° of latitude and 0.97° of longitude in a 2° × 2° viewport of 12 × 12 cells
    // (1/6° each): from the cell of offset 0.5° to that of 1.47°, cells 3..8 each way, 36 at most.
    expect(clusters.length).toBeGreaterThan(1);
    expect(clusters.length).toBeLessThanOrEqual(36);
    for (const c of clusters) {
      expect(c.latitude).toBeGreaterThanOrEqual(-60);
      expect(c.latitude).toBeLessThanOrEqual(-59.03);
      expect(c.longitude).toBeGreaterThanOrEqual(100);
      expect(c.longitude).toBeLessThanOrEqual(100.97);
    }
  });

  it('without bounds the map list is the whole scope, as the spec asks, with no clusters field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chargepoints/', headers: bearer(terpel) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('clusters');
    expect(res.json().chargePointList.length).toBeGreaterThan(0);
  });

  it.each([
    ['-41,-21,-39', 'Use south,west,north,east in decimal degrees.'],
    ['a,b,c,d', 'Use south,west,north,east in decimal degrees.'],
    ['-39,-21,-41,-19', 'Latitudes go from -90 to 90, south first.'],
    ['-91,-21,-39,-19', 'Latitudes go from -90 to 90, south first.'],
    ['-41,-181,-39,-19', 'Longitudes go from -180 to 180.'],
  ])('bounds=%s is refused with a field error', async (bounds, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chargepoints/?bounds=${encodeURIComponent(bounds)}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(JSON.stringify(res.json())).toContain('bounds');
  });
});
