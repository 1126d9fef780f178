// @postgres concurrency: two creations racing for the last place of the user limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '@recarga/contracts/users';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { verifyPassword } from '../../platform/auth/password';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { tenantPk, userPk } from '../../../test/helpers/station-builders';

type Method = 'GET' | 'POST' | 'PUT';

/** A valid CPF (check digits worked out as the Receita Federal does) for a number up to 999,999,999. */
function aCpf(n: number): string {
  const d = String(n).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    d.push(rest === 10 ? 0 : rest);
  }
  return d.join('');
}

describe('user form: GET users_data/{id}, GET users_data/{id}/address, GET users_data/check, POST users_data, PUT users_data/{id}', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let solEditor: string;
  let solEditorPk: number;
  let operatorPk: number;
  let driverPk: number;
  let terpelDriverPk: number;
  let pedroPk: number;
  let sol: number;
  let move: number;
  let terpel: number;
  let seq = 0;
  /** The last user the demo seed made (the tests add theirs after it). */
  let lastDemoUserPk: number;

  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const form = async (token: string, pk: number) => (await call(token, 'GET', `/api/users_data/${pk}/`)).json().userForm;

  /** A driver built straight in the database (test data builder). */
  async function aDriver(opts: { tenant: number; first?: string; phone?: string | null; doc?: string | null }) {
    seq += 1;
    const row = await t.db
      .insertInto('users')
      .values({
        tenant_pk: opts.tenant,
        email: `driver${seq}@test.com.br`,
        password_hash: null,
        first_name: opts.first ?? `Driver${seq}`,
        last_name: 'Teste',
        phone: opts.phone ?? null,
        doc_type: opts.doc ? 'CPF' : null,
        doc_number: opts.doc ?? null,
        external_id: null,
        sex: null,
      })
      .returning('user_pk')
      .executeTakeFirstOrThrow();
    return row.user_pk;
  }
  async function aGroup(tenant: number, name: string) {
    const row = await t.db
      .insertInto('user_groups')
      .values({ tenant_pk: tenant, name })
      .returning('user_group_pk')
      .executeTakeFirstOrThrow();
    return row.user_group_pk;
  }
  async function aCard(tenant: number, idTag: string, owner: number | null = null) {
    await t.db
      .insertInto('ocpp_tags')
      .values({ tenant_pk: tenant, id_tag: idTag, type: 'CARD', note: null, parent_id_tag: null, owner_user_pk: owner, expiry_date: null })
      .execute();
  }
  const owners = async (...keys: string[]) =>
    Object.fromEntries(
      (await t.db.selectFrom('ocpp_tags').select(['id_tag', 'owner_user_pk']).where('id_tag', 'in', keys).execute()).map((r) => [
        r.id_tag,
        r.owner_user_pk,
      ]),
    );
  const validCreate = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      firstName: 'Beatriz',
      lastName: 'Costa',
      email: `beatriz${seq}@move.com.br`,
      password: 'Senha@123',
      phone: '+55 11 98888-7777',
      docType: 'CPF',
      // A CPF of its own: one document per person in a network tree.
      docNumber: aCpf(700_000_000 + seq),
      tenant_pk: move,
      ocppTags: [],
      activeUser: true,
      ...over,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    lastDemoUserPk = (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.max('user_pk').as('pk'))
        .executeTakeFirstOrThrow()
    ).pk!;
    [sol, move, terpel] = await Promise.all([tenantPk(t, 'sol'), tenantPk(t, 'move'), tenantPk(t, 'terpel')]);
    const editor = await aDashboardUser(t, {
      email: 'editor@sol.com.br',
      password: 'Editor@2026',
      tenant: 'sol',
      routes: ['/', '/users', '/user/{id}', '/users/create'],
    });
    [admin, operator, solEditor] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator), loginAs(t.app, editor)]);
    [solEditorPk, operatorPk, driverPk, terpelDriverPk, pedroPk] = await Promise.all([
      userPk(t, 'editor@sol.com.br'),
      userPk(t, demo.operator.email),
      userPk(t, demo.driver.email),
      userPk(t, 'conductor@terpel.co'),
      userPk(t, 'pedro.lima@sol.com.br'),
    ]);
  });
  afterAll(() => t.close());

  // ---------------------------------------------------------------------------------------------
  // GET users_data/{id}

  it('GET, for a user of the scope with /user/{id}, answers the user form with the spec field names', async () => {
    const res = await call(solEditor, 'GET', `/api/users_data/${driverPk}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userForm).toEqual({
      userPk: driverPk,
      firstName: 'Marcos',
      lastName: 'Silva',
      email: 'motorista@move.com.br',
      phone: null,
      docType: 'CPF',
      docNumber: '11144477735',
      externalId: null,
      ocppIdTag: '04A1B2C3D4',
      tenant_pk: move,
      tenantName: 'Move Eletropostos',
      userGroupPk: null,
      userGroupName: null,
      ocppTags: [],
      activeUser: true,
      notificationOfflineCp: false,
      sex: null,
      dateBirthDay: null,
      addressPk: null,
      street: null,
      houseNumber: null,
      zipCode: null,
      city: null,
      state: null,
      country: 'BR',
    });
  });

  it('GET, for a user of another tenant, answers 404 with the spec text', async () => {
    const res = await call(solEditor, 'GET', `/api/users_data/${terpelDriverPk}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: 'Nenhum usuário encontrada com este id.' });
    expect((await call(solEditor, 'GET', `/api/users_data/${terpelDriverPk}/address/`)).statusCode).toBe(404);
  });

  it('GET, for an id nobody has, answers 404; for a non-numeric id, 400 on id', async () => {
    expect((await call(admin, 'GET', '/api/users_data/999999/')).json().message).toBe(userMessages.notFound);
    const bad = await call(admin, 'GET', '/api/users_data/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });

  it('GET, for another user by a caller without /user/{id}, answers 403 even when the user is in scope', async () => {
    expect((await call(operator, 'GET', `/api/users_data/${pedroPk}/`)).statusCode).toBe(403);
    expect((await call(operator, 'GET', `/api/users_data/${pedroPk}/address/`)).statusCode).toBe(403);
  });

  it('GET, for the caller own profile without /user/{id}, answers the form', async () => {
    const res = await call(operator, 'GET', `/api/users_data/${operatorPk}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().userForm).toMatchObject({ userPk: operatorPk, firstName: 'Otávio', email: 'operador@sol.com.br', tenant_pk: sol });
  });

  it('GET, without a session, answers 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/users_data/${driverPk}/` })).statusCode).toBe(401);
  });

  // ---------------------------------------------------------------------------------------------
  // GET users_data/{id}/address

  it('GET address, for a user without one, answers an empty addressForm in the tenant country; after a save, the saved one', async () => {
    const pk = await aDriver({ tenant: move });
    expect((await call(admin, 'GET', `/api/users_data/${pk}/address/`)).json()).toEqual({
      addressForm: { addressPk: null, street: null, houseNumber: null, zipCode: null, city: null, state: null, country: 'BR' },
    });
    const saved = await call(admin, 'PUT', `/api/users_data/${pk}/`, {
      street: 'Rua Augusta',
      houseNumber: '1500',
      zipCode: '01304-001',
      city: 'São Paulo',
      state: 'SP',
      country: 'XX',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const address = (await call(admin, 'GET', `/api/users_data/${pk}/address/`)).json().addressForm;
    expect(address).toMatchObject({
      street: 'Rua Augusta',
      houseNumber: '1500',
      zipCode: '01304-001',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
    });
    expect(address.addressPk).toEqual(expect.any(Number));
    // Saving again with the same addressPk updates that address, no second one.
    const again = await call(admin, 'PUT', `/api/users_data/${pk}/`, { addressPk: address.addressPk, street: 'Rua Frei Caneca' });
    expect(again.json().userForm).toMatchObject({ addressPk: address.addressPk, street: 'Rua Frei Caneca', city: 'São Paulo' });
  });

  // ---------------------------------------------------------------------------------------------
  // PUT users_data/{id}

  it('PUT, with valid changes by an editor, saves them and answers the spec success text and the form', async () => {
    const pk = await aDriver({ tenant: move });
    const group = await aGroup(move, `Frota ${pk}`);
    const res = await call(solEditor, 'PUT', `/api/users_data/${pk}/`, {
      firstName: '  Renata ',
      lastName: 'Alves',
      phone: '(11) 97777-0000',
      externalId: 'EXT-9',
      userGroupPk: group,
      sex: 'FEMALE',
      dateBirthDay: '1990-02-28',
      docType: 'CPF',
      docNumber: '456.789.123-64', // no one else's in the tree (Júlia's is 390.533.447-05)
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Usuário alterado com sucesso!');
    expect(res.json().userForm).toMatchObject({
      firstName: 'Renata',
      lastName: 'Alves',
      phone: '(11) 97777-0000',
      externalId: 'EXT-9',
      userGroupPk: group,
      userGroupName: `Frota ${pk}`,
      sex: 'FEMALE',
      dateBirthDay: '1990-02-28',
      docType: 'CPF',
      docNumber: '45678912364',
    });
    expect(await form(solEditor, pk)).toMatchObject({ firstName: 'Renata', dateBirthDay: '1990-02-28' });
  });

  it('PUT, with every field wrong, answers 400 with one field error per field and changes nothing', async () => {
    const pk = await aDriver({ tenant: move, doc: '11144477735' });
    const before = await form(admin, pk);
    const res = await call(admin, 'PUT', `/api/users_data/${pk}/`, {
      firstName: 'A'.repeat(21),
      lastName: 'B'.repeat(41),
      email: `${'e'.repeat(70)}@move.com.br`,
      password: 'NovaSenha1',
      phone: '9'.repeat(41),
      docType: 'CPF',
      docNumber: '123.456.789-00',
      externalId: 'X'.repeat(51),
      ocppIdTag: 'FORGED',
      userGroupPk: 999999,
      sex: 'X',
      dateBirthDay: '2001-02-30',
      addressPk: 999999,
      street: 'S'.repeat(31),
      houseNumber: '123456',
      zipCode: '123',
      city: 'C'.repeat(26),
      state: 'E'.repeat(26),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: userMessages.saveFailed });
    expect(res.json().fields).toEqual({
      firstName: 'Maximum of 20 characters.',
      lastName: 'Maximum of 40 characters.',
      email: 'Maximum of 80 characters.',
      password: 'The password cannot be changed on this form.',
      phone: 'Maximum of 40 characters.',
      docNumber: 'Invalid CPF.',
      externalId: 'Maximum of 50 characters.',
      ocppIdTag: 'The OCPP id tag is read-only.',
      userGroupPk: 'Unknown user group for this tenant.',
      sex: 'Unknown value (use MALE, FEMALE, OTHER).',
      dateBirthDay: 'Invalid date (use YYYY-MM-DD).',
      addressPk: 'This address does not belong to the user.',
      street: 'Maximum of 30 characters.',
      houseNumber: 'Maximum of 5 characters.',
      zipCode: 'The zip code must read 00000-000.',
      city: 'Maximum of 25 characters.',
      state: 'Maximum of 25 characters.',
    });
    expect(await form(admin, pk)).toEqual(before);
  });

  it('PUT, with values of the wrong type, answers 400 with a field error per field', async () => {
    const pk = await aDriver({ tenant: move });
    const res = await call(admin, 'PUT', `/api/users_data/${pk}/`, { firstName: 12, activeUser: 'yes', ocppTags: 'ABC' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['activeUser', 'firstName', 'ocppTags']);
  });

  it('PUT, with a 1 MB country and document type (fields the service ignores or checks only with a number), answers 400 on each and changes nothing', async () => {
    const pk = await aDriver({ tenant: move });
    const huge = 'x'.repeat(1_000_000);
    const res = await call(admin, 'PUT', `/api/users_data/${pk}/`, { country: huge, docType: huge, city: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      country: 'Maximum of 500 characters.',
      docType: 'Maximum of 500 characters.',
      city: 'Maximum of 500 characters.',
    });
  });

  it('PUT, with an empty first name and e-mail, answers the spec mandatory texts', async () => {
    const pk = await aDriver({ tenant: move });
    const res = await call(admin, 'PUT', `/api/users_data/${pk}/`, { firstName: ' ', email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ firstName: 'The Name field is mandatory.', email: 'The E-mail field is mandatory.' });
  });

  it('PUT, with an invalid or a different e-mail, or a changed document, answers field errors (read-only on edit)', async () => {
    const pk = await aDriver({ tenant: move, doc: '11144477735' });
    expect((await call(admin, 'PUT', `/api/users_data/${pk}/`, { email: 'not-an-email' })).json().fields).toEqual({
      email: 'Invalid E-mail',
    });
    expect((await call(admin, 'PUT', `/api/users_data/${pk}/`, { email: 'other@move.com.br' })).json().fields).toEqual({
      email: 'The E-mail cannot be changed.',
    });
    expect((await call(admin, 'PUT', `/api/users_data/${pk}/`, { docNumber: '390.533.447-05' })).json().fields).toEqual({
      docNumber: 'The document cannot be changed.',
    });
    // The same e-mail in another case, and the same CPF typed with its mask, are not changes.
    const current = await form(admin, pk);
    const same = await call(admin, 'PUT', `/api/users_data/${pk}/`, { email: current.email.toUpperCase(), docNumber: '111.444.777-35' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('PUT, for a user of another tenant, answers 404 and leaves the user untouched', async () => {
    const before = await form(admin, terpelDriverPk);
    const res = await call(solEditor, 'PUT', `/api/users_data/${terpelDriverPk}/`, { firstName: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(userMessages.notFound);
    expect(await form(admin, terpelDriverPk)).toEqual(before);
  });

  it('PUT, on another user by a caller without /user/{id}, answers 403 and leaves the user untouched', async () => {
    const before = await form(admin, pedroPk);
    expect((await call(operator, 'PUT', `/api/users_data/${pedroPk}/`, { firstName: 'Hacked' })).statusCode).toBe(403);
    expect(await form(admin, pedroPk)).toEqual(before);
  });

  it('PUT, moving a user to a tenant outside the scope, answers 400 on tenant_pk', async () => {
    const pk = await aDriver({ tenant: move });
    expect((await call(solEditor, 'PUT', `/api/users_data/${pk}/`, { tenant_pk: terpel })).json().fields).toEqual({
      tenant_pk: 'Unknown tenant.',
    });
  });

  // Own profile

  it('PUT own profile, without /user/{id}, saves personal fields (phone, names, sex, birth date, address)', async () => {
    const res = await call(operator, 'PUT', `/api/users_data/${operatorPk}/`, {
      ...(await form(operator, operatorPk)),
      phone: '+55 11 3333-4444',
      sex: 'MALE',
      street: 'Avenida Paulista',
      city: 'São Paulo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Usuário alterado com sucesso!',
      userForm: { phone: '+55 11 3333-4444', sex: 'MALE', street: 'Avenida Paulista', city: 'São Paulo' },
    });
  });

  it('PUT own profile, changing tenant, activeUser, group, tags or the offline notification, answers a field error for each', async () => {
    const group = await aGroup(sol, 'Operadores');
    await aCard(sol, 'OWNFREE01');
    const before = await form(operator, operatorPk);
    const res = await call(operator, 'PUT', `/api/users_data/${operatorPk}/`, {
      ...before,
      tenant_pk: move,
      activeUser: false,
      userGroupPk: group,
      ocppTags: ['OWNFREE01'],
      notificationOfflineCp: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      tenant_pk: 'You cannot change your own tenant.',
      activeUser: 'You cannot change your own activation.',
      userGroupPk: 'You cannot change your own user group.',
      ocppTags: 'You cannot change your own tags.',
      notificationOfflineCp: 'Only users with the Offline Stations Notification permission may change it.',
    });
    expect(await form(operator, operatorPk)).toEqual(before);
    expect(await owners('OWNFREE01')).toEqual({ OWNFREE01: null });
  });

  it('PUT own profile by the administrator, deactivating themselves, is refused; the offline notification is allowed', async () => {
    const adminPk = await userPk(t, demo.admin.email);
    expect((await call(admin, 'PUT', `/api/users_data/${adminPk}/`, { activeUser: false })).json().fields).toEqual({
      activeUser: 'You cannot change your own activation.',
    });
    const res = await call(admin, 'PUT', `/api/users_data/${adminPk}/`, { notificationOfflineCp: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userForm.notificationOfflineCp).toBe(true);
  });

  it('PUT notificationOfflineCp, by an editor without /users/notification_offline_cp, is refused; with it, saved', async () => {
    const pk = await aDriver({ tenant: move });
    expect((await call(solEditor, 'PUT', `/api/users_data/${pk}/`, { notificationOfflineCp: true })).json().fields).toEqual({
      notificationOfflineCp: 'Only users with the Offline Stations Notification permission may change it.',
    });
    // Sending the current value back is not a change.
    expect((await call(solEditor, 'PUT', `/api/users_data/${pk}/`, { notificationOfflineCp: false })).statusCode).toBe(200);
    const res = await call(admin, 'PUT', `/api/users_data/${pk}/`, { notificationOfflineCp: true });
    expect(res.json().userForm.notificationOfflineCp).toBe(true);
  });

  it('PUT activeUser false on a driver, by an editor, deactivates the driver and their login stops working', async () => {
    const u = await aDashboardUser(t, { email: 'soon.off@move.com.br', password: 'SoonOff@2026', tenant: 'move', routes: ['/'] });
    const token = await loginAs(t.app, u);
    const pk = await userPk(t, u.email);
    const res = await call(solEditor, 'PUT', `/api/users_data/${pk}/`, { activeUser: false });
    expect(res.json().userForm.activeUser).toBe(false);
    expect((await call(token, 'GET', `/api/users_data/${pk}/`)).statusCode).toBe(401);
  });

  // Tags

  it('PUT ocppTags, with free CARD tags of the user tenant, binds them; removing one frees it', async () => {
    const pk = await aDriver({ tenant: move });
    await aCard(move, `BIND${pk}A`);
    await aCard(move, `BIND${pk}B`);
    const res = await call(solEditor, 'PUT', `/api/users_data/${pk}/`, { ocppTags: [`bind${pk}a`, `BIND${pk}B`] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userForm.ocppTags).toEqual([`BIND${pk}A`, `BIND${pk}B`]);
    expect(await owners(`BIND${pk}A`, `BIND${pk}B`)).toEqual({ [`BIND${pk}A`]: pk, [`BIND${pk}B`]: pk });
    const removed = await call(solEditor, 'PUT', `/api/users_data/${pk}/`, { ocppTags: [`BIND${pk}B`] });
    expect(removed.json().userForm.ocppTags).toEqual([`BIND${pk}B`]);
    expect(await owners(`BIND${pk}A`)).toEqual({ [`BIND${pk}A`]: null });
  });

  it('PUT ocppTags, with a tag of another tenant, another user, a USER tag or an unknown key, answers one ocppTags error and binds none', async () => {
    const pk = await aDriver({ tenant: move });
    const other = await aDriver({ tenant: move });
    await aCard(move, `TAKEN${pk}`, other);
    await aCard(sol, `SOLCARD${pk}`);
    await aCard(move, `FREE${pk}`);
    const res = await call(solEditor, 'PUT', `/api/users_data/${pk}/`, {
      ocppTags: [`FREE${pk}`, `TAKEN${pk}`, `SOLCARD${pk}`, '04B2C3D4E5', '3A4B5C6D', 'NOPE'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      ocppTags: [
        `Tag TAKEN${pk} is bound to another user.`,
        `Tag SOLCARD${pk} belongs to another tenant.`,
        'Tag 04B2C3D4E5 is a user tag and cannot be bound.',
        // A Terpel tag is outside the editor's scope: as unknown as a key nobody has.
        'Unknown tag 3A4B5C6D.',
        'Unknown tag NOPE.',
      ].join(' '),
    });
    expect(await owners(`FREE${pk}`)).toEqual({ [`FREE${pk}`]: null });
  });

  it('GET users_data/available_tags, for a user, lists the free CARD tags of their tenant and their own, not others', async () => {
    const pk = await aDriver({ tenant: sol });
    const other = await aDriver({ tenant: sol });
    await aCard(sol, `AV${pk}FREE`);
    await aCard(sol, `AV${pk}MINE`, pk);
    await aCard(sol, `AV${pk}OTHER`, other);
    const res = await call(solEditor, 'GET', `/api/users_data/available_tags/?userPk=${pk}`);
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json().ocppTagList.map((x: { idTag: string }) => x.idTag);
    expect(keys).toEqual(expect.arrayContaining([`AV${pk}FREE`, `AV${pk}MINE`, '9C0D1E2F']));
    expect(keys).not.toContain(`AV${pk}OTHER`);
    expect(keys).not.toContain('1A2B3C4D'); // a Move card
    expect((await call(operator, 'GET', `/api/users_data/available_tags/?userPk=${pk}`)).statusCode).toBe(403);
  });

  // ---------------------------------------------------------------------------------------------
  // POST users_data

  it('POST, with a valid form, creates the user with a hashed password, a USER tag, the group, tags and address', async () => {
    const group = await aGroup(move, 'Motoristas de aplicativo');
    await aCard(move, 'NEWCARD01');
    const body = validCreate({
      user_group_pk: group,
      ocppTags: ['NEWCARD01'],
      sex: 'OTHER',
      dateBirthDay: '1985-07-01',
      street: 'Rua Augusta',
      houseNumber: '10',
      zipCode: '01304-001',
      city: 'São Paulo',
      state: 'SP',
    });
    const res = await call(admin, 'POST', '/api/users_data/', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Usuário criado com sucesso!');
    const created = res.json().userForm;
    expect(created).toMatchObject({
      firstName: 'Beatriz',
      email: body.email,
      tenant_pk: move,
      docType: 'CPF',
      docNumber: body.docNumber,
      userGroupPk: group,
      ocppTags: ['NEWCARD01'],
      activeUser: true,
      notificationOfflineCp: false,
      sex: 'OTHER',
      dateBirthDay: '1985-07-01',
      street: 'Rua Augusta',
      country: 'BR',
    });
    expect(created.ocppIdTag).toMatch(/^[0-9A-F]{16}$/);
    const stored = await t.db
      .selectFrom('users')
      .select(['password_hash', 'role_label', 'profile_pk'])
      .where('user_pk', '=', created.userPk)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Senha@123', stored.password_hash)).toBe(true);
    expect(stored).toMatchObject({ role_label: 'driver', profile_pk: null });
    expect((await call(admin, 'GET', `/api/users_data/${created.userPk}/`)).json().userForm).toEqual(created);
  });

  it('POST, with nothing filled, answers the spec mandatory texts for name, password and e-mail', async () => {
    const res = await call(admin, 'POST', '/api/users_data/', { tenant_pk: move });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'The Name field is mandatory.',
      password: 'The Password field is mandatory.',
      email: 'The E-mail field is mandatory.',
    });
  });

  it('POST, over the create maxima (first name 20, e-mail 55, password 20, phone 40), answers each field error', async () => {
    const res = await call(admin, 'POST', '/api/users_data/', {
      ...validCreate(),
      firstName: 'A'.repeat(21),
      email: `${'e'.repeat(44)}@move.com.br`,
      password: 'p'.repeat(21),
      phone: '1'.repeat(41),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'Maximum of 20 characters.',
      email: 'Maximum of 55 characters.',
      password: 'Maximum of 20 characters.',
      phone: 'Maximum of 40 characters.',
    });
    // Exactly at the maxima passes.
    const ok = await call(admin, 'POST', '/api/users_data/', {
      ...validCreate(),
      firstName: 'A'.repeat(20),
      email: `${'f'.repeat(43)}@move.com.br`,
      password: 'p'.repeat(20),
      phone: '1'.repeat(40),
      docNumber: null,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('POST, with an invalid e-mail, a short password, a taken e-mail or a bad CPF, answers the field errors', async () => {
    expect((await call(admin, 'POST', '/api/users_data/', { ...validCreate(), email: 'beatriz@', password: '123' })).json().fields).toEqual(
      {
        email: 'Invalid E-mail',
        password: 'The Password must have at least 6 characters.',
      },
    );
    expect((await call(admin, 'POST', '/api/users_data/', { ...validCreate(), email: 'MOTORISTA@move.com.br' })).json().fields).toEqual({
      email: 'This e-mail is already in use.',
    });
    expect((await call(admin, 'POST', '/api/users_data/', { ...validCreate(), docNumber: '111.111.111-11' })).json().fields).toEqual({
      docNumber: 'Invalid CPF.',
    });
    expect((await call(admin, 'POST', '/api/users_data/', { ...validCreate(), docType: 'CC' })).json().fields).toEqual({
      docType: 'Unknown document type (use CPF, CNPJ, PASSPORT).',
    });
  });

  it('POST, with an empty document number, stores no document type', async () => {
    const res = await call(admin, 'POST', '/api/users_data/', { ...validCreate(), docType: 'CPF', docNumber: '' });
    expect(res.json().userForm).toMatchObject({ docType: null, docNumber: null });
  });

  it('POST, in a tenant with SMS and no phone, answers the phone mandatory text', async () => {
    const res = await call(admin, 'POST', '/api/users_data/', { ...validCreate(), tenant_pk: sol, phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: 'The Phone field is mandatory.' });
    // Move sends no SMS: no phone needed there.
    expect((await call(admin, 'POST', '/api/users_data/', { ...validCreate(), phone: '' })).statusCode).toBe(200);
  });

  it('POST, into a tenant outside the scope, with a group or a tag of another tenant, answers field errors and writes nothing', async () => {
    const terpelGroup = await aGroup(terpel, 'Flota');
    const body = validCreate({ tenant_pk: terpel });
    const outside = await call(solEditor, 'POST', '/api/users_data/', body);
    expect(outside.json().fields).toEqual({ tenant_pk: 'Unknown tenant.' });
    const wrong = await call(admin, 'POST', '/api/users_data/', { ...validCreate(), user_group_pk: terpelGroup, ocppTags: ['3A4B5C6D'] });
    expect(wrong.json().fields).toEqual({
      user_group_pk: 'Unknown user group for this tenant.',
      ocppTags: 'Tag 3A4B5C6D belongs to another tenant.',
    });
    expect(await t.db.selectFrom('users').select('user_pk').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('POST, by a caller without /users/create, answers 403 and creates nobody', async () => {
    const body = validCreate();
    expect((await call(operator, 'POST', '/api/users_data/', body)).statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('user_pk').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('POST, setting the offline notification without its permission, answers a field error', async () => {
    const res = await call(solEditor, 'POST', '/api/users_data/', { ...validCreate(), notificationOfflineCp: true });
    expect(res.json().fields).toEqual({
      notificationOfflineCp: 'Only users with the Offline Stations Notification permission may change it.',
    });
  });

  // ---------------------------------------------------------------------------------------------
  // The probe (GET users_data/check) and the user limit

  it('probe, under the limit, answers 200 with the count; at the limit, 403 with the spec text, and POST is refused too', async () => {
    const andes = await tenantPk(t, 'andes');
    const ok = await call(admin, 'GET', `/api/users_data/check/?tenantPk=${andes}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ allowed: true, tenantPk: andes, limit: null });
    await t.db.updateTable('tenants').set({ user_limit: ok.json().count }).where('tenant_pk', '=', andes).execute();
    const full = await call(admin, 'GET', `/api/users_data/check/?tenantPk=${andes}`);
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ code: 'USER_LIMIT' });
    expect(full.json().message).toContain('Limite de usuários atingido!');
    const body = validCreate({ tenant_pk: andes, docType: null, docNumber: null });
    const create = await call(admin, 'POST', '/api/users_data/', body);
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('USER_LIMIT');
    expect(await t.db.selectFrom('users').select('user_pk').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('POST and PUT, with a document another user of the network tree holds, answer a field error and write nothing', async () => {
    // Daniela (Move, below Sol) holds CPF 529.982.247-25 in the demo.
    const body = validCreate({ tenant_pk: sol, docNumber: '529.982.247-25' });
    const res = await call(admin, 'POST', '/api/users_data/', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ docNumber: 'This document already belongs to another user of this network.' });
    expect(await t.db.selectFrom('users').select('user_pk').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
    // A user without a document may get one, but not someone else's.
    const pk = await aDriver({ tenant: sol });
    const put = await call(admin, 'PUT', `/api/users_data/${pk}/`, { docType: 'CPF', docNumber: '52998224725' });
    expect(put.json().fields).toEqual({ docNumber: 'This document already belongs to another user of this network.' });
    expect((await form(admin, pk)).docNumber).toBeNull();
  });

  it('POST, with a document held in another network tree, creates the user (the rule is per network)', async () => {
    const passport = `PX${seq}77`;
    const first = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'PASSPORT', docNumber: passport }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const other = await call(admin, 'POST', '/api/users_data/', validCreate({ tenant_pk: move, docType: 'PASSPORT', docNumber: passport }));
    expect(other.statusCode, other.body).toBe(200);
    const again = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'PASSPORT', docNumber: passport }),
    );
    expect(again.json().fields).toEqual({ docNumber: 'This document already belongs to another user of this network.' });
  });

  it('POST, with a cédula another user of the network tree holds typed without its dots, answers the field error', async () => {
    // Arrange: a Terpel driver whose cédula was typed with dots.
    const first = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'CC', docNumber: '1.020.304.050' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    // Act: the same cédula typed as bare digits, for another person of the same tree.
    const body = validCreate({ tenant_pk: terpel, docType: 'CC', docNumber: '1020304050' });
    const second = await call(admin, 'POST', '/api/users_data/', body);
    // Assert: the CPF case's field error, nothing written, and the first keeps the number as typed.
    expect(second.statusCode, second.body).toBe(400);
    expect(second.json().fields).toEqual({ docNumber: 'This document already belongs to another user of this network.' });
    expect(await t.db.selectFrom('users').select('user_pk').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
    expect(first.json().userForm).toMatchObject({ docType: 'CC', docNumber: '1.020.304.050' });
    // Spaces, dashes and letter case are the same document too.
    const spaced = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'CC', docNumber: '1 020 304-050' }),
    );
    expect(spaced.json().fields).toEqual({ docNumber: 'This document already belongs to another user of this network.' });
    const passport = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'PASSPORT', docNumber: 'ab-123456' }),
    );
    expect(passport.statusCode, passport.body).toBe(200);
    const upper = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'PASSPORT', docNumber: 'AB123456' }),
    );
    expect(upper.json().fields).toEqual({ docNumber: 'This document already belongs to another user of this network.' });
  });

  it('PUT, the stored cédula sent back without its dots, is no change', async () => {
    const created = await call(
      admin,
      'POST',
      '/api/users_data/',
      validCreate({ tenant_pk: terpel, docType: 'CC', docNumber: '79.876.543' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const pk = created.json().userForm.userPk as number;
    const put = await call(admin, 'PUT', `/api/users_data/${pk}/`, { firstName: 'Camila', docType: 'CC', docNumber: '79876543' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().userForm).toMatchObject({ firstName: 'Camila', docNumber: '79.876.543' });
  });

  it('POST, two creates with one new document at once, lets exactly one through', async () => {
    const cpf = aCpf(812_345_678);
    const answers = await Promise.all([
      call(admin, 'POST', '/api/users_data/', validCreate({ tenant_pk: move, docNumber: cpf })),
      call(admin, 'POST', '/api/users_data/', validCreate({ tenant_pk: sol, docNumber: cpf })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const holders = await t.db.selectFrom('users').select('user_pk').where('doc_number', '=', cpf).execute();
    expect(holders).toHaveLength(1);
  });

  it('the demo data holds one document per person in each network tree', async () => {
    const rows = await t.db
      .selectFrom('users as u')
      .innerJoin('tenants as tn', 'tn.tenant_pk', 'u.tenant_pk')
      .select(['u.email', 'u.doc_type', 'u.doc_number', 'tn.path'])
      .where('u.doc_number', 'is not', null)
      .where('u.user_pk', '<=', lastDemoUserPk)
      .execute();
    const seen = new Map<string, string>();
    for (const r of rows) {
      const parts = r.path.split('/').filter(Boolean);
      // Compared as the rule compares them: letters and digits, capitals ('1.020.304.050' is '1020304050').
      const key = `${parts.slice(0, 2).join('/')}|${r.doc_type}|${r.doc_number!.toUpperCase().replace(/[^0-9A-Z]/g, '')}`;
      expect(seen.get(key), `${r.email} and ${seen.get(key)} share ${r.doc_number}`).toBeUndefined();
      seen.set(key, r.email);
    }
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });

  it('probe, two creates racing for the last place, lets exactly one through', async () => {
    const andes = await tenantPk(t, 'andes');
    await t.db.updateTable('tenants').set({ user_limit: null }).where('tenant_pk', '=', andes).execute();
    const { count } = (await call(admin, 'GET', `/api/users_data/check/?tenantPk=${andes}`)).json();
    await t.db
      .updateTable('tenants')
      .set({ user_limit: count + 1 })
      .where('tenant_pk', '=', andes)
      .execute();
    const answers = await Promise.all([
      call(admin, 'POST', '/api/users_data/', validCreate({ tenant_pk: andes, docType: null, docNumber: null })),
      call(admin, 'POST', '/api/users_data/', validCreate({ tenant_pk: andes, docType: null, docNumber: null })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
  });

  it('probe, without /users/create, answers 403; for a tenant outside the scope, 400', async () => {
    expect((await call(operator, 'GET', '/api/users_data/check/')).statusCode).toBe(403);
    expect((await call(solEditor, 'GET', `/api/users_data/check/?tenantPk=${terpel}`)).statusCode).toBe(400);
  });

  // ---------------------------------------------------------------------------------------------
  // Pickers

  it('GET users_data/doc_types, answers the list of the tenant country', async () => {
    expect((await call(operator, 'GET', '/api/users_data/doc_types/')).json()).toEqual({ docTypeList: ['CPF', 'CNPJ', 'PASSPORT'] });
    expect((await call(admin, 'GET', `/api/users_data/doc_types/?tenantPk=${terpel}`)).json()).toEqual({
      docTypeList: ['CC', 'CE', 'NIT', 'PASSPORT'],
    });
  });

  it('GET user-groups, answers the groups of the tenant (or of the user tenant), never of another scope', async () => {
    const g = await aGroup(sol, 'Sol VIP');
    await aGroup(terpel, 'Terpel VIP');
    const bySol = (await call(solEditor, 'GET', `/api/user-groups/?tenantPk=${sol}`)).json().userGroupList;
    expect(bySol).toContainEqual({ userGroupPk: g, name: 'Sol VIP', tenantPk: sol });
    const all = (await call(solEditor, 'GET', '/api/user-groups/')).json().userGroupList.map((x: { name: string }) => x.name);
    expect(all).not.toContain('Terpel VIP');
    expect((await call(solEditor, 'GET', `/api/user-groups/?userPk=${solEditorPk}`)).json().userGroupList).toContainEqual({
      userGroupPk: g,
      name: 'Sol VIP',
      tenantPk: sol,
    });
    expect((await call(solEditor, 'GET', `/api/user-groups/?userPk=${terpelDriverPk}`)).statusCode).toBe(404);
    expect((await call(operator, 'GET', '/api/user-groups/')).statusCode).toBe(403);
  });
});
