import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { voucherMessageKeys as K, voucherMessages, type VoucherCreateInput } from '@recarga/contracts/vouchers';
import br from '../../locales/br.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import esCO from '../../locales/es-CO.json' with { type: 'json' };
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { stationPk, tenantPk, userPk } from '../../../test/helpers/station-builders';
import { restoreClock, setClock } from '../../../test/helpers/clock';

/** The voucher calls (002 §7): create, update, list, last, detail, history; every §5 message; scope and permission. */
describe('vouchers API', () => {
  let t: TestApp;
  let sol: string;
  let move: string;
  let terpel: string;
  let noRole: string;
  let moveTenant: number;
  let solTenant: number;
  let driver: number;
  let julia: number;
  let seq = 0;

  const code = () => `API${++seq}`;
  const body = (over: Partial<VoucherCreateInput> = {}): VoucherCreateInput => ({
    code: code(),
    title: 'Voucher de teste',
    description: 'Descrição do voucher',
    kind: 'MONEY_RECHARGE',
    kind_value: 25.5,
    units: 5,
    start: '2026-01-01 00:00:00',
    expire: '2036-01-01 00:00:00',
    charge_box_pks: null,
    tenant_pk: moveTenant,
    active: true,
    user_pks: [],
    uses_per_user: 1,
    expire_type: 'EXPIRATION_DATE',
    ...over,
  });
  const post = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/vouchers/', headers: bearer(token), payload: payload as object });
  const put = (token: string, id: number, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/vouchers/${id}/`, headers: bearer(token), payload: payload as object });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const created = async (over: Partial<VoucherCreateInput> = {}, token = sol) => {
    const res = await post(token, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().voucher_pk as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const vouchers = { routes: ['/', '/vouchers', '/voucher/{id}'], roles: [roles.createVoucher] };
    sol = (await aUserWith(t, { tenant: 'sol', ...vouchers })).token;
    move = (await aUserWith(t, { tenant: 'move', ...vouchers })).token;
    // Terpel's theme keeps the voucher routes without the role (002 §6).
    terpel = (await aUserWith(t, { tenant: 'terpel', routes: ['/', '/vouchers'] })).token;
    noRole = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/vouchers'] })).token;
    moveTenant = await tenantPk(t, 'move');
    solTenant = await tenantPk(t, 'sol');
    driver = await userPk(t, 'motorista@move.com.br');
    julia = await userPk(t, 'julia.santos@move.com.br');
  });
  afterAll(() => t.close());
  afterEach(() => restoreClock());

  it('creates a voucher, when the body is valid, and answers it in the detail with the spec’s fields', async () => {
    const station = await stationPk(t, 'MOVE-SP-001');
    const res = await post(sol, body({ code: ' promo-10 ', charge_box_pks: [station], user_pks: [driver, julia], units: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'success', message: voucherMessages.created });
    const id = res.json().voucher_pk as number;
    const detail = await get(sol, `/api/vouchers/${id}/?timeZone=America/Sao_Paulo`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      voucher_pk: id,
      code: 'PROMO-10',
      title: 'Voucher de teste',
      description: 'Descrição do voucher',
      kind: 'MONEY_RECHARGE',
      kind_value: 25.5,
      kind_value_used: 0,
      // 3 copies of R$ 25,50
      kind_value_balance: 76.5,
      units: 3,
      used_total: 0,
      not_used_total: 3,
      total: 3,
      start: '2026-01-01T00:00:00.000Z',
      expire: '2036-01-01T00:00:00.000Z',
      status: 'ACTIVE',
      active: true,
      created_user_name: 'Test sol',
      charge_box_pks: [station],
      charge_boxes: [{ charge_box_pk: station, charge_box_id: 'MOVE-SP-001' }],
      user_pks: [driver, julia],
      tenant_pk: moveTenant,
      currency: 'BRL',
      uses_per_user: 1,
      expire_type: 'EXPIRATION_DATE',
    });
    expect(detail.json().voucher_users_pks_with_voucher_status).toEqual([
      expect.objectContaining({ user_pk: driver, status: 'NOT_USED', source: 'ACTIVATION', email: 'motorista@move.com.br', uses: 0 }),
      expect.objectContaining({ user_pk: julia, status: 'NOT_USED', source: 'ACTIVATION', email: 'julia.santos@move.com.br' }),
    ]);
    // null charge points = all ('Todos'): an empty list
    const all = await created({ kind: 'PERCENT_RECHARGE', kind_value: 20, expire_type: 'USES_PER_USER', uses_per_user: 3 });
    expect((await get(sol, `/api/vouchers/${all}/`)).json()).toMatchObject({
      charge_box_pks: [],
      charge_boxes: [],
      kind_value: 20,
      kind_value_balance: 20,
      expire_type: 'USES_PER_USER',
      uses_per_user: 3,
    });
    const kwh = await created({ kind: 'KWH_RECHARGE', kind_value: 12.5, units: 2 });
    expect((await get(sol, `/api/vouchers/${kwh}/`)).json()).toMatchObject({ kind_value: 12.5, kind_value_balance: 25 });
  });

  describe('every §5 rule answers its message as a field error', () => {
    const cases: [string, Partial<Record<keyof VoucherCreateInput, unknown>>, Record<string, string>][] = [
      ['code missing', { code: '' }, { code: K.codeRequired }],
      ['code too long', { code: 'A'.repeat(31) }, { code: K.codeTooLong }],
      ['title missing', { title: '  ' }, { title: K.titleRequired }],
      ['title too long', { title: 'x'.repeat(51) }, { title: K.titleTooLong }],
      ['description missing', { description: null }, { description: K.descriptionRequired }],
      ['description too long', { description: 'x'.repeat(101) }, { description: K.descriptionTooLong }],
      ['kind missing', { kind: '' }, { kind: K.kindRequired }],
      ['value missing', { kind_value: null }, { kind_value: K.valueRequired }],
      ['value zero', { kind_value: 0 }, { kind_value: K.valueZero }],
      ['money above R$ 1.000,00', { kind_value: 1000.01 }, { kind_value: K.valueMoneyMax }],
      ['kWh above 1000', { kind: 'KWH_RECHARGE', kind_value: 1001 }, { kind_value: K.valueKwhMax }],
      ['percent above 100', { kind: 'PERCENT_RECHARGE', kind_value: 100.5 }, { kind_value: K.valuePercentMax }],
      ['money with 3 decimals', { kind_value: 10.005 }, { kind_value: K.valueInvalid }],
      ['units missing', { units: '' }, { units: K.unitsRequired }],
      ['units zero', { units: 0 }, { units: K.unitsZero }],
      ['units above 1000', { units: 1001 }, { units: K.unitsMax }],
      ['start missing', { start: '' }, { start: K.startRequired }],
      ['expire missing', { expire: undefined }, { expire: K.expireRequired }],
      ['a date that does not exist', { start: '2026-02-30 10:00:00' }, { start: K.dateInvalid }],
      ['start after expire', { start: '2030-01-01 00:00:00', expire: '2029-12-31 23:59:59' }, { expire: K.startAfterExpire }],
      ['uses per user on a money voucher', { expire_type: 'USES_PER_USER', uses_per_user: 2 }, { expire_type: K.usesPerUserPercentOnly }],
      [
        'uses per user below 1',
        { kind: 'PERCENT_RECHARGE', kind_value: 10, expire_type: 'USES_PER_USER', uses_per_user: 0 },
        { uses_per_user: K.usesPerUserMin },
      ],
    ];
    it.each(cases)('%s', async (_name, over, fields) => {
      const res = await post(sol, { ...body(), ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields });
    });

    it('money, when the network counts in pesos, is capped at COP 1.000.000,00 rather than 1.000,00', async () => {
      const terpelTenant = await tenantPk(t, 'terpel');
      const peso = (kind_value: number) => post(terpel, body({ tenant_pk: terpelTenant, kind_value }));
      expect((await peso(1000.01)).statusCode).toBe(201);
      expect((await peso(1_000_000)).statusCode).toBe(201);
      const over = await peso(1_000_000.01);
      expect(over.statusCode).toBe(400);
      expect(over.json().fields).toEqual({ kind_value: K.valueMoneyMax });
    });

    it('units below the number of selected users', async () => {
      const res = await post(sol, body({ units: 1, user_pks: [driver, julia] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ units: K.unitsBelowUsers });
    });

    it('the code of an ACTIVE voucher of the tenant is taken; GET last tells it; another tenant may use it', async () => {
      const c = code();
      await created({ code: c });
      const again = await post(sol, body({ code: c.toLowerCase() }));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'VALIDATION', message: voucherMessages.createFailed, fields: { code: K.codeTaken } });
      const last = await get(sol, `/api/vouchers/last/?code=${c.toLowerCase()}&tenantPk=${moveTenant}`);
      expect(last.statusCode).toBe(200);
      expect(last.json()).toMatchObject({ code: c, status: 'ACTIVE' });
      expect((await post(sol, body({ code: c, tenant_pk: solTenant }))).statusCode).toBe(201);
      // an inactive voucher frees its code
      const d = code();
      await created({ code: d, active: false });
      expect((await post(sol, body({ code: d }))).statusCode).toBe(201);
      const none = await get(sol, `/api/vouchers/last/?code=NOPE-${seq}&tenantPk=${moveTenant}`);
      expect(none.statusCode).toBe(404);
      expect(none.json().code).toBe('VOUCHER_NOT_FOUND');
    });

    it('charge points and users must be the tenant’s', async () => {
      const andes = await t.db
        .selectFrom('charge_boxes as cb')
        .innerJoin('tenants as tn', 'tn.tenant_pk', 'cb.tenant_pk')
        .select('cb.charge_box_pk')
        .where('tn.alias', '=', 'terpel')
        .executeTakeFirstOrThrow();
      const terpelUser = await t.db
        .selectFrom('users as u')
        .innerJoin('tenants as tn', 'tn.tenant_pk', 'u.tenant_pk')
        .select('u.user_pk')
        .where('tn.alias', '=', 'terpel')
        .executeTakeFirstOrThrow();
      const res = await post(sol, body({ charge_box_pks: [andes.charge_box_pk], user_pks: [terpelUser.user_pk] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ charge_box_pks: K.chargeBoxNotFound, user_pks: K.userNotRelated });
    });

    it('bad input is a 400, never a 500: ids above int4, NUL characters, over-long text, junk types', async () => {
      expect((await get(sol, '/api/vouchers/2147483648/')).statusCode).toBe(400);
      expect((await get(sol, '/api/vouchers/?page=0')).statusCode).toBe(400);
      expect((await get(sol, '/api/vouchers/?size=101')).statusCode).toBe(400);
      expect((await get(sol, '/api/vouchers/?code=' + 'A'.repeat(31))).statusCode).toBe(400);
      expect((await post(sol, body({ title: 'a\u0000b' }))).statusCode).toBe(400);
      expect((await post(sol, body({ user_pks: [2147483648] }))).statusCode).toBe(400);
      expect((await post(sol, { ...body(), kind_value: 'abc' })).statusCode).toBe(400);
      expect((await post(sol, [1, 2])).statusCode).toBe(400);
      expect((await get(sol, '/api/vouchers/?timeZone=Mars/Base')).statusCode).toBe(400);
    });
  });

  describe('scope and permission', () => {
    it('another tenant’s voucher is 404; a tenantPk outside the scope is 404; a parent tenant sees its children’s', async () => {
      const solOnly = await created({ tenant_pk: solTenant });
      expect((await get(move, `/api/vouchers/${solOnly}/`)).statusCode).toBe(404);
      expect((await get(move, `/api/vouchers/${solOnly}/history/`)).statusCode).toBe(404);
      expect((await put(move, solOnly, body())).statusCode).toBe(404);
      expect((await get(move, `/api/vouchers/?tenantPk=${solTenant}`)).statusCode).toBe(404);
      expect((await post(move, body({ tenant_pk: solTenant }))).statusCode).toBe(404);
      const moveOwn = await created({}, move);
      expect((await get(sol, `/api/vouchers/${moveOwn}/`)).statusCode).toBe(200);
      expect((await get(terpel, `/api/vouchers/${moveOwn}/`)).statusCode).toBe(404);
    });

    it('without DASH_CVE_PRO_CREATE_VOUCHER every call is 403; a Terpel theme needs no role; no session is 401', async () => {
      const id = await created();
      for (const res of [
        await get(noRole, '/api/vouchers/'),
        await get(noRole, `/api/vouchers/${id}/`),
        await get(noRole, `/api/vouchers/${id}/history/`),
        await get(noRole, '/api/vouchers/last/?code=X'),
        await post(noRole, body()),
        await put(noRole, id, body()),
      ])
        expect(res.statusCode).toBe(403);
      expect((await get(terpel, '/api/vouchers/')).statusCode).toBe(200);
      expect((await post(terpel, body({ tenant_pk: undefined, code: code() }))).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'GET', url: '/api/vouchers/' })).statusCode).toBe(401);
    });
  });

  it('derives each of the five statuses from the clock and the uses, and filters the list by status', async () => {
    // A past instant (sessions expire by the app's clock too): statuses only depend on it.
    setClock('2026-06-15T12:00:00Z');
    const tag = `ST${++seq}`;
    const ids = {
      notStarted: await created({ code: `${tag}A`, title: tag, start: '2026-07-01 00:00:00', expire: '2026-08-01 00:00:00' }),
      active: await created({ code: `${tag}B`, title: tag, start: '2026-06-01 00:00:00', expire: '2026-07-01 00:00:00' }),
      expired: await created({ code: `${tag}C`, title: tag, start: '2026-05-01 00:00:00', expire: '2026-06-15 12:00:00' }),
      inactive: await created({ code: `${tag}D`, title: tag, active: false, start: '2026-06-01 00:00:00', expire: '2026-07-01 00:00:00' }),
      used: await created({
        code: `${tag}E`,
        title: tag,
        units: 1,
        user_pks: [driver],
        kind_value: 10,
        start: '2026-06-01 00:00:00',
        expire: '2026-07-01 00:00:00',
      }),
    };
    // The one copy spent (as billing leaves it): R$ 10,00 of R$ 10,00.
    await t.db.updateTable('voucher_users').set({ uses: 1, value_used: 1000 }).where('voucher_pk', '=', ids.used).execute();
    const statusOf = async (id: number) => (await get(sol, `/api/vouchers/${id}/`)).json().status;
    expect(await statusOf(ids.notStarted)).toBe('NOT_STARTED');
    expect(await statusOf(ids.active)).toBe('ACTIVE');
    expect(await statusOf(ids.expired)).toBe('EXPIRED');
    expect(await statusOf(ids.inactive)).toBe('INACTIVE');
    expect(await statusOf(ids.used)).toBe('USED');
    const usedDetail = (await get(sol, `/api/vouchers/${ids.used}/`)).json();
    expect(usedDetail).toMatchObject({ used_total: 1, not_used_total: 0, kind_value_used: 10, kind_value_balance: 0 });
    expect(usedDetail.voucher_users_pks_with_voucher_status[0]).toMatchObject({ status: 'USED', kind_value_balance: 0 });
    for (const [status, id] of [
      ['NOT_STARTED', ids.notStarted],
      ['ACTIVE', ids.active],
      ['EXPIRED', ids.expired],
      ['INACTIVE', ids.inactive],
      ['USED', ids.used],
    ] as const) {
      const list = (await get(sol, `/api/vouchers/?title=${tag}&status=${status}`)).json();
      expect(list).toMatchObject({ count: 1, results: [{ voucher_pk: id, status }] });
    }
    // the clock moves on: the not-started one starts, the active one expires
    setClock('2026-07-01T00:00:00Z');
    expect(await statusOf(ids.notStarted)).toBe('ACTIVE');
    expect(await statusOf(ids.active)).toBe('EXPIRED');
  });

  it('filters the list by code, name (accents ignored), description and kind, and pages it from 1', async () => {
    const tag = `LS${++seq}`;
    const made: number[] = [];
    for (let i = 0; i < 12; i++)
      made.push(
        await created({
          code: `${tag}X${i}`,
          title: i === 3 ? `Promoção ${tag}` : `Lista ${tag}`,
          description: i === 4 ? `Especial ${tag}` : `Desc ${tag}`,
          kind: i === 5 ? 'KWH_RECHARGE' : 'MONEY_RECHARGE',
          kind_value: 10,
        }),
      );
    const first = (await get(sol, `/api/vouchers/?code=${tag.toLowerCase()}`)).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.results[0].voucher_pk).toBe(made[11]);
    const second = (await get(sol, `/api/vouchers/?code=${tag}&page=2`)).json();
    expect(second.results.map((r: { voucher_pk: number }) => r.voucher_pk)).toEqual([made[1], made[0]]);
    expect((await get(sol, `/api/vouchers/?code=${tag}&page=2&size=5`)).json().results).toHaveLength(5);
    expect((await get(sol, `/api/vouchers/?title=promocao ${tag}`)).json()).toMatchObject({ count: 1, results: [{ voucher_pk: made[3] }] });
    expect((await get(sol, `/api/vouchers/?description=especial ${tag}`)).json()).toMatchObject({
      count: 1,
      results: [{ voucher_pk: made[4] }],
    });
    expect((await get(sol, `/api/vouchers/?code=${tag}&kind=KWH_RECHARGE`)).json()).toMatchObject({
      count: 1,
      results: [{ voucher_pk: made[5], kind: 'KWH_RECHARGE', kind_value: 10 }],
    });
    expect((await get(sol, `/api/vouchers/?code=${tag}&tenantPk=${moveTenant}`)).json().count).toBe(12);
    expect((await get(sol, `/api/vouchers/?code=${tag}&tenantPk=${solTenant}`)).json().count).toBe(0);
    expect((await get(sol, `/api/vouchers/?code=%25`)).json().count).toBe(0);
  });

  describe('update', () => {
    it('changes everything but the code, keeps used users, refuses fewer units than registered and removing a user who used it', async () => {
      const id = await created({ units: 3, user_pks: [driver, julia], kind_value: 50 });
      const ok = await put(sol, id, {
        ...body({ code: 'IGNORED', title: 'Novo nome', units: 4, user_pks: [driver], kind_value: 40 }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ type: 'success', voucher_pk: id, message: voucherMessages.updated });
      const d = (await get(sol, `/api/vouchers/${id}/`)).json();
      expect(d).toMatchObject({ title: 'Novo nome', units: 4, user_pks: [driver], kind_value: 40 });
      expect(d.code).not.toBe('IGNORED');

      expect((await put(sol, id, body({ units: 3, user_pks: [driver] }))).json()).toMatchObject({
        code: 'VALIDATION',
        message: voucherMessages.updateFailed,
        fields: { units: K.unitsBelowOriginal },
      });
      // the driver used R$ 15,00 of it: cannot be removed, the value cannot go below 15 nor the kind change
      await t.db.updateTable('voucher_users').set({ uses: 1, value_used: 1500 }).where('voucher_pk', '=', id).execute();
      const status = (await get(sol, `/api/vouchers/${id}/`)).json().voucher_users_pks_with_voucher_status[0];
      expect(status).toMatchObject({ user_pk: driver, status: 'SUSPEND', uses: 1, kind_value_balance: 25 });
      expect((await put(sol, id, body({ units: 4, user_pks: [julia] }))).json().fields).toEqual({ user_pks: K.userLocked });
      expect((await put(sol, id, body({ units: 4, user_pks: [driver], kind_value: 10 }))).json().fields).toEqual({
        kind_value: K.valueBelowUsed,
      });
      expect((await put(sol, id, body({ units: 4, user_pks: [driver], kind: 'KWH_RECHARGE', kind_value: 10 }))).json().fields).toEqual({
        kind: K.kindLocked,
      });
      expect((await put(sol, 999_999, body())).statusCode).toBe(404);
      expect((await put(sol, id, body({ units: 4, user_pks: [driver], tenant_pk: solTenant }))).json().fields).toEqual({
        tenant_pk: K.tenantNotFound,
      });
    });
  });

  it('the history of a voucher without uses is empty; of another tenant 404', async () => {
    const id = await created();
    expect((await get(sol, `/api/vouchers/${id}/history/`)).json()).toEqual({ results: [], count: 0 });
    expect((await get(sol, `/api/vouchers/${id}/history/?userPk=${driver}`)).json()).toEqual({ results: [], count: 0 });
  });

  it('the server locales hold every message: pt-BR exactly as the contract (and the spec) says, translated in en and es', () => {
    for (const [name, text] of Object.entries(voucherMessages)) {
      const key = K[name as keyof typeof K];
      expect((br as Record<string, string>)[key], key).toBe(text);
      expect((en as Record<string, string>)[key], key).toBeTruthy();
      expect((esCO as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});
