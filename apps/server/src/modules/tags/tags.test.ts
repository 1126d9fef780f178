// @postgres cursor, planner: the gram index search and the spreadsheet streamed through a cursor.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { aStation, tenantPk } from '../../../test/helpers/station-builders';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('tags: GET/POST ocpptags, GET/PUT/DELETE ocpptags/{id}, unknown tags, the spreadsheet', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let terpelTags: string;
  let solUnknown: string;
  let movePk: number;
  let terpelPk: number;

  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const unknownRows = () => t.db.selectFrom('unknown_tags').select(['id_tag', 'tenant_pk']).orderBy('id_tag').execute();

  beforeAll(async () => {
    t = await createTestApp();
    movePk = await tenantPk(t, 'move');
    terpelPk = await tenantPk(t, 'terpel');
    [admin, operator] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator)]);
    terpelTags = (
      await aUserWith(t, {
        tenant: 'terpel',
        routes: ['/', '/ocpptags', '/ocpptags/create', '/ocpptags/edit/{id}', '/ocpptags/delete/{id}', '/users_data/tenant_parent/cpf'],
      })
    ).token;
    solUnknown = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/ocpptags', '/ocpptags/unknown'] })).token;
  });
  afterAll(() => t.close());

  it('list, for the Sol operator: its networks’ tags (Sol and Move), never Terpel’s; searched by a part of the id, any case', async () => {
    const res = await call(operator, 'GET', '/api/ocpptags/?searchInput=d4e5');
    expect(res.statusCode, res.body).toBe(200);
    // A Move driver's (04B2C3D4E5) and a Sol driver's (04C3D4E5F6) tags match, newest first; 04D4E5F6A7
    // would too, but it is Terpel's.
    expect(res.json()).toMatchObject({
      count: 2,
      countCapped: false,
      ocppTagList: [
        { idTag: '04C3D4E5F6', type: 'USER' },
        { idTag: '04B2C3D4E5', type: 'USER', tenantName: 'Move Eletropostos', userEmail: 'julia.santos@move.com.br', inTransaction: false },
      ],
    });
    // Without a search: id order.
    const all = (await call(operator, 'GET', '/api/ocpptags/?size=100')).json().ocppTagList.map((x: { idTag: string }) => x.idTag);
    expect(all).toEqual([...all].sort((a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    // A page is its slice of that order (chosen before its owners are joined), with the count of all.
    const second = (await call(operator, 'GET', '/api/ocpptags/?size=2&page=2')).json();
    expect(second.ocppTagList.map((x: { idTag: string }) => x.idTag)).toEqual(all.slice(2, 4));
    expect(second.count).toBe(all.length);
    const terpel = await call(terpelTags, 'GET', '/api/ocpptags/?searchInput=04D4');
    expect(terpel.json().ocppTagList.map((x: { idTag: string }) => x.idTag)).toEqual(['04D4E5F6A7']);
  });

  it('create: a card of Move with a note; the same id in another case is a duplicate (409 "already exists"); nothing else is written', async () => {
    const created = await call(operator, 'POST', '/api/ocpptags/', { id_tag: 'E2ECARD01', tenant_pk: movePk, note: 'Frota' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      message: 'OCPP Tag successfully created!',
      ocppTag: { idTag: 'E2ECARD01', type: 'CARD', tenantPk: movePk, note: 'Frota', inactive: false, isFreeRecharge: false },
    });

    // The type is not the client's to choose: a USER tag sent by hand is still made a CARD.
    const forged = await call(operator, 'POST', '/api/ocpptags/', { id_tag: 'E2ECARD02', tenant_pk: movePk, type: 'USER' });
    expect(forged.json().ocppTag.type).toBe('CARD');

    const again = await call(operator, 'POST', '/api/ocpptags/', { id_tag: 'e2ecard01', tenant_pk: movePk });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already exists');
    const rows = await t.db.selectFrom('ocpp_tags').select('id_tag').where('id_tag', 'ilike', 'e2ecard01').execute();
    expect(rows).toHaveLength(1);
  });

  it('create: field errors for a missing or too long id, a note over 200, a tenant outside the scope, an unknown or own parent', async () => {
    const bad = await call(operator, 'POST', '/api/ocpptags/', {
      id_tag: 'X'.repeat(21),
      tenant_pk: terpelPk,
      note: 'n'.repeat(201),
      parent_id_tag: 'NOPE-NOPE',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      id_tag: 'At most 20 characters.',
      note: 'At most 200 characters.',
      tenant_pk: 'Unknown tenant.',
      parent_id_tag: 'No tag with this id in your networks.',
    });
    const empty = await call(operator, 'POST', '/api/ocpptags/', { id_tag: '  ' });
    expect(empty.json().fields).toMatchObject({ id_tag: 'Required field', tenant_pk: 'Required field' });
    const own = await call(operator, 'POST', '/api/ocpptags/', { id_tag: 'SELF01', tenant_pk: movePk, parent_id_tag: 'self01' });
    expect(own.json().fields).toMatchObject({ parent_id_tag: 'A tag cannot be its own parent.' });
    expect(
      await t.db
        .selectFrom('ocpp_tags')
        .select('id_tag')
        .where('id_tag', 'in', ['SELF01', 'X'.repeat(21)])
        .execute(),
    ).toHaveLength(0);
  });

  it('edit: a child card of a driver’s tag, made inactive and free; another network’s operator gets 404 for it, to read, edit or delete', async () => {
    const created = await call(operator, 'POST', '/api/ocpptags/', { id_tag: 'E2ECHILD1', tenant_pk: movePk, parent_id_tag: '04a1b2c3d4' });
    const pk = created.json().ocppTag.ocppTagPk as number;
    expect(created.json().ocppTag).toMatchObject({ parentIdTag: '04A1B2C3D4', parentUserName: expect.any(String) });

    const updated = await call(operator, 'PUT', `/api/ocpptags/${pk}/`, {
      id_tag: 'E2ECHILD1',
      tenant_pk: movePk,
      parent_id_tag: '04A1B2C3D4',
      inactive: true,
      isFreeRecharge: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'OCPP Tag successfully updated!', ocppTag: { inactive: true, isFreeRecharge: true } });

    for (const [method, payload] of [['GET'], ['PUT', { id_tag: 'HIJACK', tenant_pk: terpelPk }], ['DELETE']] as const) {
      const res = await call(terpelTags, method, `/api/ocpptags/${pk}/`, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect((await call(operator, 'GET', `/api/ocpptags/${pk}/`)).json().ocppTag.idTag).toBe('E2ECHILD1');
  });

  it('the tags of a user: owned or children of their own tags (type and user filters)', async () => {
    const driver = await t.db.selectFrom('ocpp_tags').select('owner_user_pk').where('id_tag', '=', '04A1B2C3D4').executeTakeFirstOrThrow();
    const all = await call(operator, 'GET', `/api/ocpptags/?userPk=${driver.owner_user_pk}&size=100`);
    const ids = all.json().ocppTagList.map((x: { idTag: string }) => x.idTag);
    expect(ids).toContain('04A1B2C3D4');
    expect(ids).toContain('E2ECHILD1');
    const cards = await call(operator, 'GET', `/api/ocpptags/?userPk=${driver.owner_user_pk}&type=CARD&size=100`);
    expect(cards.json().ocppTagList.map((x: { idTag: string }) => x.idTag)).toEqual(['E2ECHILD1']);
  });

  it('delete: needs its permission (the Sol operator has none: 403); the administrator deletes, children lose their parent', async () => {
    const parent = (await call(admin, 'POST', '/api/ocpptags/', { id_tag: 'E2EPARENT', tenant_pk: movePk })).json().ocppTag;
    await call(admin, 'POST', '/api/ocpptags/', { id_tag: 'E2EKID', tenant_pk: movePk, parent_id_tag: 'E2EPARENT' });

    expect((await call(operator, 'DELETE', `/api/ocpptags/${parent.ocppTagPk}/`)).statusCode).toBe(403);
    const res = await call(admin, 'DELETE', `/api/ocpptags/${parent.ocppTagPk}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OCPP Tag successfully deleted!' });
    expect((await call(admin, 'DELETE', `/api/ocpptags/${parent.ocppTagPk}/`)).statusCode).toBe(404);
    const kid = await t.db.selectFrom('ocpp_tags').select('parent_id_tag').where('id_tag', '=', 'E2EKID').executeTakeFirstOrThrow();
    expect(kid.parent_id_tag).toBeNull();
  });

  it('unknown tags: listed for the scope only; a bulk approve holding another network’s tag changes nothing; one alone becomes a card', async () => {
    const station = await aStation(t, { id: 'TAGS-API-01', tenant: 'move' });
    await t.db
      .insertInto('unknown_tags')
      .values([
        { id_tag: 'UNK-MOVE-1', tenant_pk: movePk, charge_box_pk: station, attempts: 3, last_attempt_at: new Date('2026-11-29T17:05:09Z') },
        { id_tag: 'UNK-MOVE-2', tenant_pk: movePk, charge_box_pk: station, attempts: 1 },
        { id_tag: 'UNK-TERPEL', tenant_pk: terpelPk, charge_box_pk: null, attempts: 2 },
      ])
      .execute();
    expect((await call(operator, 'GET', '/api/ocpptags/unknown/')).statusCode).toBe(403);

    const list = await call(solUnknown, 'GET', '/api/ocpptags/unknown/?searchInput=unk-');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().unknownOcppTags).toContainEqual(
      expect.objectContaining({ key: 'UNK-MOVE-1', numberOfAttempts: 3, chargeBoxID: 'TAGS-API-01', tenantPk: movePk }),
    );
    // 001's field, as Move (São Paulo, UTC−3) reads it.
    expect(list.json().unknownOcppTags.find((u: { key: string }) => u.key === 'UNK-MOVE-1')).toMatchObject({
      lastAttemptTimestamp: '2026-11-29T17:05:09.000Z',
      lastAttemptTimestampHumanReadable: '29/11/2026 14:05:09',
    });

    const mixed = await call(solUnknown, 'POST', '/api/ocpptags/unknown/', [
      { id_tag: 'UNK-MOVE-1', tenant_pk: movePk },
      { id_tag: 'UNK-TERPEL', tenant_pk: terpelPk },
    ]);
    expect(mixed.statusCode).toBe(404);
    expect((await unknownRows()).filter((r) => r.id_tag.startsWith('UNK-'))).toHaveLength(3);
    expect(await t.db.selectFrom('ocpp_tags').select('id_tag').where('id_tag', 'like', 'UNK-%').execute()).toHaveLength(0);

    const one = await call(solUnknown, 'POST', '/api/ocpptags/unknown/', { id_tag: 'unk-move-1', tenant_pk: movePk });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: 'RFID Tag successfully approved!', approved: ['UNK-MOVE-1'] });
    const card = await t.db
      .selectFrom('ocpp_tags')
      .select(['tenant_pk', 'type'])
      .where('id_tag', '=', 'UNK-MOVE-1')
      .executeTakeFirstOrThrow();
    expect(card).toEqual({ tenant_pk: movePk, type: 'CARD' });

    expect((await call(solUnknown, 'DELETE', '/api/ocpptags/unknown/UNK-TERPEL/')).statusCode).toBe(404);
    const removed = await call(solUnknown, 'DELETE', '/api/ocpptags/unknown/UNK-MOVE-2/');
    expect(removed.json()).toEqual({ message: 'RFID Tag successfully deleted!' });
    expect((await unknownRows()).map((r) => r.id_tag).filter((id) => id.startsWith('UNK-'))).toEqual(['UNK-TERPEL']);
  });

  it('bad input: an id above int4 or not a number, a NUL in the search, an oversized CPF answer 400, never 500', async () => {
    for (const url of ['/api/ocpptags/3000000000/', '/api/ocpptags/abc/', '/api/ocpptags/?searchInput=%00x', '/api/ocpptags/?page=0']) {
      expect((await call(operator, 'GET', url)).statusCode, url).toBe(400);
    }
    expect((await call(admin, 'GET', '/api/ocpptags/tenant_parent/cpf/123/')).statusCode).toBe(400);
  });

  it('CPF lookup: the tag of the driver with that CPF, or "User not found!"', async () => {
    const driver = await t.db.selectFrom('ocpp_tags').select('owner_user_pk').where('id_tag', '=', '04A1B2C3D4').executeTakeFirstOrThrow();
    await t.db
      .updateTable('users')
      .set({ doc_type: 'CPF', doc_number: '52998224725' })
      .where('user_pk', '=', driver.owner_user_pk!)
      .execute();
    const found = await call(admin, 'GET', '/api/ocpptags/tenant_parent/cpf/529.982.247-25/');
    expect(found.json()).toMatchObject({ ocppTag: { idTag: '04A1B2C3D4' } });
    const none = await call(admin, 'GET', '/api/ocpptags/tenant_parent/cpf/11144477735/');
    expect(none.json()).toEqual({ data: { error: 'User not found!' } });
  });

  it('driver: a card created with a driver of its network is theirs; a driver of another network is a field error and nothing is written', async () => {
    const valentina = await t.db.selectFrom('users').select('user_pk').where('email', '=', 'conductor@terpel.co').executeTakeFirstOrThrow();
    const marcos = await t.db.selectFrom('users').select('user_pk').where('email', '=', demo.driver.email).executeTakeFirstOrThrow();
    const created = await call(terpelTags, 'POST', '/api/ocpptags/', {
      id_tag: 'TARJETA-VG',
      tenant_pk: terpelPk,
      owner_user_pk: valentina.user_pk,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().ocppTag).toMatchObject({
      idTag: 'TARJETA-VG',
      type: 'CARD',
      ownerUserPk: valentina.user_pk,
      ownerUserName: 'Valentina Gómez',
      userEmail: 'conductor@terpel.co',
    });
    // Marcos is Move's: outside Terpel's scope, and not of the card's network.
    const foreign = await call(terpelTags, 'POST', '/api/ocpptags/', {
      id_tag: 'TARJETA-MS',
      tenant_pk: terpelPk,
      owner_user_pk: marcos.user_pk,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ owner_user_pk: 'No driver with this id in the tag’s network.' });
    // The admin sees Marcos, but a Terpel card is not for a Move driver either.
    const otherNetwork = await call(admin, 'POST', '/api/ocpptags/', {
      id_tag: 'TARJETA-MS',
      tenant_pk: terpelPk,
      owner_user_pk: marcos.user_pk,
    });
    expect(otherNetwork.json().fields).toEqual({ owner_user_pk: 'No driver with this id in the tag’s network.' });
    expect(await t.db.selectFrom('ocpp_tags').select('id_tag').where('id_tag', '=', 'TARJETA-MS').executeTakeFirst()).toBeUndefined();
  });

  it('driver: an edit without the field keeps the driver, null frees the card, and a USER tag keeps its own driver', async () => {
    const valentina = await t.db.selectFrom('users').select('user_pk').where('email', '=', 'conductor@terpel.co').executeTakeFirstOrThrow();
    const made = await call(terpelTags, 'POST', '/api/ocpptags/', {
      id_tag: 'TARJETA-ED',
      tenant_pk: terpelPk,
      owner_user_pk: valentina.user_pk,
    });
    const pk = made.json().ocppTag.ocppTagPk as number;
    const kept = await call(terpelTags, 'PUT', `/api/ocpptags/${pk}/`, { id_tag: 'TARJETA-ED', tenant_pk: terpelPk, note: 'Flota norte' });
    expect(kept.json().ocppTag).toMatchObject({ ownerUserPk: valentina.user_pk, note: 'Flota norte' });
    const freed = await call(terpelTags, 'PUT', `/api/ocpptags/${pk}/`, { id_tag: 'TARJETA-ED', tenant_pk: terpelPk, owner_user_pk: null });
    expect(freed.json().ocppTag).toMatchObject({ ownerUserPk: null, ownerUserName: null });
    const userTag = await t.db
      .selectFrom('ocpp_tags')
      .select(['ocpp_tag_pk', 'id_tag', 'owner_user_pk'])
      .where('type', '=', 'USER')
      .where('owner_user_pk', '=', valentina.user_pk)
      .executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('users').select('user_pk').where('email', '=', 'operador@terpel.co').executeTakeFirstOrThrow();
    const moved = await call(terpelTags, 'PUT', `/api/ocpptags/${userTag.ocpp_tag_pk}/`, {
      tenant_pk: terpelPk,
      owner_user_pk: other.user_pk,
    });
    expect(moved.json().fields).toEqual({ owner_user_pk: 'A user tag belongs to its own driver.' });
  });

  it('driver search: active users of one network of the scope by name, e-mail or document; another network 400; without the tag form 403', async () => {
    await t.db
      .updateTable('users')
      .set({ doc_type: 'CC', doc_number: '1.020.304.050' })
      .where('email', '=', 'conductor@terpel.co')
      .execute();
    for (const text of ['valentina', 'GOMEZ', 'conductor@terpel', '1020304']) {
      const res = await call(terpelTags, 'GET', `/api/ocpptags/drivers/?tenantPk=${terpelPk}&searchInput=${encodeURIComponent(text)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().driverList.map((d: { email: string }) => d.email),
        text,
      ).toEqual(['conductor@terpel.co']);
    }
    const one = (await call(terpelTags, 'GET', `/api/ocpptags/drivers/?tenantPk=${terpelPk}&searchInput=valentina`)).json().driverList[0];
    expect(one).toMatchObject({ name: 'Valentina Gómez', docType: 'CC', docNumber: '1.020.304.050' });
    expect((await call(terpelTags, 'GET', `/api/ocpptags/drivers/?tenantPk=${movePk}`)).statusCode).toBe(400);
    expect((await call(solUnknown, 'GET', `/api/ocpptags/drivers/?tenantPk=${movePk}`)).statusCode).toBe(403);
  });

  it('parent by document: a Colombian driver is found by cédula (dots ignored), not asked for a CPF; an unknown type is 400', async () => {
    await t.db
      .updateTable('users')
      .set({ doc_type: 'CC', doc_number: '1.020.304.050' })
      .where('email', '=', 'conductor@terpel.co')
      .execute();
    const own = await t.db
      .selectFrom('ocpp_tags as o')
      .innerJoin('users as u', 'u.user_pk', 'o.owner_user_pk')
      .select('o.id_tag')
      .where('u.email', '=', 'conductor@terpel.co')
      .where('o.type', '=', 'USER')
      .executeTakeFirstOrThrow();
    const found = await call(terpelTags, 'GET', '/api/ocpptags/tenant_parent/cpf/1020304050/?docType=CC');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ ocppTag: { idTag: own.id_tag, userName: 'Valentina Gómez' } });
    // The same number as a NIT is another document.
    expect((await call(terpelTags, 'GET', '/api/ocpptags/tenant_parent/cpf/1020304050/?docType=NIT')).json()).toEqual({
      data: { error: 'User not found!' },
    });
    expect((await call(terpelTags, 'GET', '/api/ocpptags/tenant_parent/cpf/1020304050/?docType=XYZ')).statusCode).toBe(400);
  });

  it('spreadsheet: headers in the caller’s language (Portuguese for Sol); past the monthly report limit, 403', async () => {
    await t.db.updateTable('tenants').set({ monthly_report_limit: 1 }).where('alias', '=', 'sol').execute();
    try {
      const res = await call(operator, 'GET', '/api/report/xlsx/ocpptags/?searchInput=04C3');
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Tags RFID');
      expect(sheet.getRow(1).getCell(1).value).toBe('ID da tag');
      expect(sheet.getRow(2).getCell(1).value).toBe('04C3D4E5F6');
      expect(sheet.getRow(2).getCell(2).value).toBe('Usuário');

      const over = await call(operator, 'GET', '/api/report/xlsx/ocpptags/');
      expect(over.statusCode).toBe(403);
      expect(over.json().code).toBe('REPORT_LIMIT');
    } finally {
      await t.db.updateTable('tenants').set({ monthly_report_limit: null }).where('alias', '=', 'sol').execute();
    }
  });
});
