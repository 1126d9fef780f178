import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { stationClient } from '../../../test/ocpp/ocpp-helpers';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { tenantPk } from '../../../test/helpers/station-builders';
import { parseCsv } from './csv';

const VALID = [
  'id,name,latitude,longitude,street,city,state,connectors',
  'PS-1001,Shopping Iguatemi,-23.5771,-46.6878,"Av. Brig. Faria Lima, 2232",São Paulo,SP,Type 2|CCS2',
  'PS-1002,"Posto ""Bandeirantes""",-23.4512,-46.7011,,São Paulo,SP,CHAdeMO',
  '',
  'PS-1003,Estacionamento Centro,-22.9068,-43.1729,Rua do Ouvidor 50,Rio de Janeiro,RJ,',
].join('\r\n');

describe('POST chargepoints/plug-share/import', () => {
  let t: TestApp;
  let operator: string;
  let move: number;

  const upload = (token: string, body: string, query = '', contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `/api/chargepoints/plug-share/import/${query}`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body,
    });
  const points = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/chargepoints/?originType=PLUG_SHARE', headers: bearer(token) }).then(
      (r) =>
        r.json().chargePointList as {
          chargeBoxId: string;
          description: string;
          origin: string;
          locationLatitude: number;
          address: { street: string | null };
          connectors: { connectorId: number; connectorType: string; lastStatus: { status: string | null } }[];
        }[],
    );
  const pointRows = () =>
    t.db.selectFrom('charge_boxes').selectAll().where('origin', '=', 'PLUG_SHARE').where('deleted_at', 'is', null).execute();

  beforeAll(async () => {
    t = await createTestApp();
    operator = await loginAs(t.app, demo.operator);
    move = await tenantPk(t, 'move');
  });
  afterAll(() => t.close());

  it('a valid CSV file for Move: creates three read-only points shown by the PLUG_SHARE map list only', async () => {
    // Act
    const res = await upload(operator, VALID, `?tenantPk=${move}`);

    // Assert
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tenantPk: move, rows: 3, created: 3, updated: 0, removed: 0 });
    const list = await points(operator);
    expect(list.map((p) => [p.chargeBoxId, p.description, p.origin])).toEqual([
      [`PS-${move}-PS-1001`, 'Shopping Iguatemi', 'PLUG_SHARE'],
      [`PS-${move}-PS-1002`, 'Posto "Bandeirantes"', 'PLUG_SHARE'],
      [`PS-${move}-PS-1003`, 'Estacionamento Centro', 'PLUG_SHARE'],
    ]);
    expect(list[0]!.address.street).toBe('Av. Brig. Faria Lima, 2232');
    expect(list[0]!.locationLatitude).toBe(-23.5771);
    expect(list[0]!.connectors.map((c) => [c.connectorId, c.connectorType, c.lastStatus.status])).toEqual([
      [1, 'Type 2', null],
      [2, 'CCS Type 2', null],
    ]);
    expect(list[2]!.connectors).toEqual([]);
    // Not stations of the network: absent from the MOVE map and the station list.
    const moveMap = await t.app.inject({ method: 'GET', url: '/api/chargepoints/', headers: bearer(operator) });
    expect(moveMap.json().chargePointList.some((p: { origin: string }) => p.origin === 'PLUG_SHARE')).toBe(false);
    const stationList = await t.app.inject({ method: 'GET', url: '/api/chargepoints/?page=1&size=100', headers: bearer(operator) });
    expect(stationList.json().chargePointList.some((p: { chargeBoxId: string }) => p.chargeBoxId.startsWith('PS-'))).toBe(false);
  });

  it('the same ids again, semicolon-separated with decimal commas: updates the points in place', async () => {
    const file = [
      'ID;Name;Latitude;Longitude;Connectors',
      'PS-1001;Shopping Iguatemi (piso G2);-23,5772;-46,6879;Type 2',
      'PS-1004;Novo ponto;-23,6;-46,7;Tesla',
    ].join('\n');
    const res = await upload(operator, file, `?tenantPk=${move}`, 'text/plain');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, created: 1, updated: 1, removed: 0 });
    const p = (await points(operator)).find((x) => x.chargeBoxId === `PS-${move}-PS-1001`)!;
    expect(p.description).toBe('Shopping Iguatemi (piso G2)');
    expect(p.locationLatitude).toBe(-23.5772);
    expect(p.connectors.map((c) => c.connectorType)).toEqual(['Type 2']);
    expect(await pointRows()).toHaveLength(4);
  });

  it('a file with bad lines: answers 400 naming each line and column, and writes nothing', async () => {
    // Arrange
    const before = await pointRows();
    const file = [
      'id,name,latitude,longitude,connectors',
      'PS-2001,Ponto bom,-23.1,-46.1,Type 2', // line 2: fine, but the file is rejected as a whole
      'PS-2002,,95,-46.1,Type 2', // line 3: no name, latitude out of range
      'PS 2003,Ponto,-23.1,abc,Type 9', // line 4: id with a space, longitude not a number, unknown connector
      'PS-2001,Repetido,-23.1,-46.1,', // line 5: repeated id
    ].join('\n');

    // Act
    const res = await upload(operator, file, `?tenantPk=${move}`);

    // Assert
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('PLUG_SHARE_INVALID');
    expect(body.message).toMatch(/nothing was imported/);
    expect(Object.keys(body.fields).sort()).toEqual(['3.latitude', '3.name', '4.connectors', '4.id', '4.longitude', '5.id'].sort());
    expect(body.fields['3.latitude']).toBe('Latitude must be a number between -90 and 90.');
    expect(body.fields['5.id']).toMatch(/repeated \(first on line 2\)/);
    expect(await pointRows()).toEqual(before);
  });

  it('a file without a required column or without points: answers 400 for the header or the file', async () => {
    const noColumn = await upload(operator, 'id,name,latitude\nX,Y,1', `?tenantPk=${move}`);
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().fields).toEqual({ '1.longitude': 'The column "longitude" is missing from the header.' });
    const empty = await upload(operator, 'id,name,latitude,longitude\n', `?tenantPk=${move}`);
    expect(empty.json().fields.file).toMatch(/no points/);
    const unclosed = await upload(operator, 'id,name,latitude,longitude\nA,"open,1,2', `?tenantPk=${move}`);
    expect(unclosed.json().fields).toEqual({ '2.file': 'A quoted value is not closed.' });
  });

  it('replace=true: removes the tenant’s points the file does not list', async () => {
    const res = await upload(
      operator,
      'id,name,latitude,longitude\nPS-1002,Posto Bandeirantes,-23.45,-46.70',
      `?tenantPk=${move}&replace=true`,
    );
    expect(res.json()).toMatchObject({ rows: 1, created: 0, updated: 1, removed: 3 });
    expect((await points(operator)).map((p) => p.chargeBoxId)).toEqual([`PS-${move}-PS-1002`]);
  });

  it('GET chargepoints/plug-share for one tenant: lists that tenant’s points only, with the file id, address and connector names', async () => {
    // Arrange
    const sol = await tenantPk(t, 'sol');
    const file = [
      'id,name,latitude,longitude,street,city,state,connectors',
      'SOL-A,Ponto Savassi,-19.9385,-43.9340,Rua Pernambuco 1000,Belo Horizonte,MG,CCS2|type 2',
      'SOL-B,Ponto Pampulha,-19.8512,-43.9685,,Belo Horizonte,MG,',
    ].join('\n');
    expect((await upload(operator, file, `?tenantPk=${sol}`)).statusCode).toBe(200);

    // Act
    const list = (tenant: number) =>
      t.app.inject({ method: 'GET', url: `/api/chargepoints/plug-share/?tenantPk=${tenant}`, headers: bearer(operator) });
    const solList = await list(sol);
    const moveList = await list(move);

    // Assert
    expect(solList.statusCode, solList.body).toBe(200);
    const body = solList.json();
    expect(body).toMatchObject({ tenantPk: sol, count: 2 });
    expect(body.points[0]).toMatchObject({
      chargeBoxId: `PS-${sol}-SOL-A`,
      id: 'SOL-A',
      name: 'Ponto Savassi',
      latitude: -19.9385,
      longitude: -43.934,
      street: 'Rua Pernambuco 1000',
      city: 'Belo Horizonte',
      state: 'MG',
      connectors: ['CCS Type 2', 'Type 2'],
    });
    expect(new Date(body.points[0].updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(body.points[1]).toMatchObject({ id: 'SOL-B', street: null, connectors: [] });
    expect(moveList.json().points.map((p: { id: string }) => p.id)).toEqual(['PS-1002']);
  });

  it('a tenant outside the caller’s scope: 400; a user without /stations/create: 403', async () => {
    const terpel = await tenantPk(t, 'terpel');
    const res = await upload(operator, VALID, `?tenantPk=${terpel}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ tenantPk: 'Unknown tenant.' });
    const viewer = await aDashboardUser(t, {
      email: 'viewer@move.com.br',
      password: 'Viewer@2026',
      tenant: 'move',
      routes: ['/', '/stations'],
    });
    const viewerToken = await loginAs(t.app, viewer);
    expect((await upload(viewerToken, VALID)).statusCode).toBe(403);
    const viewerList = await t.app.inject({ method: 'GET', url: '/api/chargepoints/plug-share/', headers: bearer(viewerToken) });
    expect(viewerList.statusCode).toBe(403);
    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/chargepoints/plug-share/?tenantPk=${terpel}`,
      headers: bearer(operator),
    });
    expect(outside.statusCode).toBe(400);
  });

  it('an imported point presenting itself to the central system: refused like an unknown station', async () => {
    const url = await t.listen();
    const client = stationClient(url, `PS-${move}-PS-1002`);
    await expect(client.connect()).rejects.toThrow(/404|Not Found/);
    const unknown = await t.db.selectFrom('unknown_stations').select('charge_box_id').execute();
    expect(unknown.map((u) => u.charge_box_id)).toContain(`PS-${move}-PS-1002`);
  });
});

describe('CSV reader', () => {
  it('a quoted value with a line break: one record, numbered by the line it starts on', () => {
    const csv = parseCsv('\uFEFFa,b\n"x\ny",z\nlast,1');
    expect(csv.records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\ny', 'z'] },
      { line: 4, fields: ['last', '1'] },
    ]);
  });

  it('a header with more semicolons than commas: semicolon-separated', () => {
    expect(parseCsv('id;name;note\n1;"a;b";c,d').records[1]!.fields).toEqual(['1', 'a;b', 'c,d']);
  });
});
