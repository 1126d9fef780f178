// @postgres cursor, planner: the spreadsheet streamed through a cursor; a search over the users' trigram indexes.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTone, visibleInStatement } from '@recarga/contracts/user-list';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { tenantPk, aTag } from '../../../test/helpers/station-builders';
import { aTransaction } from '../../../test/helpers/transaction-builders';
import { eventually } from '../../../test/ocpp/ocpp-helpers';

describe('users list: GET users_data/dashboard-details, the wallet statement and its total', () => {
  let t: TestApp;
  let operator: string;
  let terpelUsers: string;
  let joaoPk: number;
  let ghostPk: number;
  let recharges: number[];

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    const move = await tenantPk(t, 'move');
    const [joao, ghost] = await t.db
      .insertInto('users')
      .values([
        {
          tenant_pk: move,
          email: 'joao.jr@frota.test',
          first_name: 'João (Jr)',
          last_name: 'Araújo',
          car_brand: 'BYD',
          car_model: 'Dolphin',
        },
        { tenant_pk: move, email: 'fantasma@frota.test', first_name: 'Inácio', last_name: 'Inativo', active: false },
      ])
      .returning('user_pk')
      .execute();
    joaoPk = joao!.user_pk;
    ghostPk = ghost!.user_pk;
    await aTag(t, { idTag: 'JOAO-CARD', ownerEmail: 'joao.jr@frota.test' });
    // Two finished recharges (12,345 Wh and 2,000 Wh) and one running.
    recharges = [
      await aTransaction(t, { idTag: 'JOAO-CARD', energyWh: 12_345, connectorId: 1 }),
      await aTransaction(t, { idTag: 'JOAO-CARD', energyWh: 2_000, connectorId: 1 }),
    ];
    await aTransaction(t, { idTag: 'JOAO-CARD', minutes: null, connectorId: 2 });
    operator = await loginAs(t.app, demo.operator);
    terpelUsers = (await aUserWith(t, { tenant: 'terpel', routes: ['/', '/users'] })).token;
  });
  afterAll(() => t.close());

  it('search: accents, case and parentheses ignored, by name or e-mail; the row carries recharges, Wh, charging and tag', async () => {
    for (const text of ['joao jr', 'JOÃO (JR) ARAUJO', 'araújo', 'joao.jr@frota']) {
      const res = await get(operator, `/api/users_data/dashboard-details/?searchInput=${encodeURIComponent(text)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().count, text).toBe(1);
    }
    const res = await get(operator, '/api/users_data/dashboard-details/?searchInput=joao%20jr');
    expect(res.json().countCapped).toBe(false);
    expect(res.json().userDashboardList[0]).toEqual({
      user_pk: joaoPk,
      user_name: 'João (Jr) Araújo',
      docType: null,
      docNumber: null,
      car_brand_name: 'BYD',
      car_model_name: 'Dolphin',
      recharges: 3,
      consumption: 14_345, // 12,345 + 2,000; the running one has no energy yet
      chargingStatus: 'Charging',
      email: 'joao.jr@frota.test',
      ocpp_id_tag: 'JOAO-CARD',
      active: true,
      tenantName: 'Move Eletropostos',
    });
  });

  it('tag column: a driver who holds a card shows the card (an active one first), not their automatic USER tag', async () => {
    const move = await tenantPk(t, 'move');
    const [carded, appOnly] = await t.db
      .insertInto('users')
      .values([
        { tenant_pk: move, email: 'cartao.fisico@frota.test', first_name: 'Cláudio', last_name: 'Cartão' },
        { tenant_pk: move, email: 'so.app@frota.test', first_name: 'Sônia', last_name: 'Aplicativo' },
      ])
      .returning('user_pk')
      .execute();
    // The automatic USER tags come first (made with the account), then a blocked card, then the card in use.
    await t.db
      .insertInto('ocpp_tags')
      .values([
        { tenant_pk: move, id_tag: 'AUTO0000CLAUDIO1', type: 'USER', owner_user_pk: carded!.user_pk },
        { tenant_pk: move, id_tag: 'AUTO00000SONIA01', type: 'USER', owner_user_pk: appOnly!.user_pk },
        { tenant_pk: move, id_tag: 'CLAUDIO-OLD', type: 'CARD', owner_user_pk: carded!.user_pk, inactive: true },
        { tenant_pk: move, id_tag: 'CLAUDIO-CARD', type: 'CARD', owner_user_pk: carded!.user_pk },
      ])
      .execute();
    const tagOf = async (search: string) =>
      (await get(operator, `/api/users_data/dashboard-details/?searchInput=${search}`)).json().userDashboardList[0].ocpp_id_tag;
    expect(await tagOf('cartao.fisico')).toBe('CLAUDIO-CARD');
    expect(await tagOf('so.app')).toBe('AUTO00000SONIA01');
  });

  it('active users by default; an inactive one only with activeUsers=false', async () => {
    const active = await get(operator, '/api/users_data/dashboard-details/?searchInput=inativo');
    expect(active.json().count).toBe(0);
    const all = await get(operator, '/api/users_data/dashboard-details/?searchInput=inativo&activeUsers=false');
    expect(all.json().userDashboardList.map((u: { user_pk: number }) => u.user_pk)).toEqual([ghostPk]);
  });

  it('pages of 10 in name order, counted in full', async () => {
    const first = (await get(operator, '/api/users_data/dashboard-details/?activeUsers=false&page=1')).json();
    expect(first.userDashboardList.length).toBeLessThanOrEqual(10);
    const names = first.userDashboardList.map((u: { user_name: string }) => u.user_name.toLowerCase());
    expect([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const rows = await t.db
      .selectFrom('users')
      .select('user_pk')
      .where('tenant_pk', 'in', [await tenantPk(t, 'sol'), await tenantPk(t, 'move')])
      .execute();
    expect(first.count).toBe(rows.length);
  });

  it('another network’s operator: never sees the user, and the statement and total answer 404', async () => {
    const res = await get(terpelUsers, '/api/users_data/dashboard-details/?searchInput=joao');
    expect(res.json().count).toBe(0);
    expect((await get(terpelUsers, `/api/customer-wallet/userDeposits/${joaoPk}/`)).statusCode).toBe(404);
    expect((await get(terpelUsers, `/api/customer-wallet/userDeposits/totalizer/${joaoPk}/`)).statusCode).toBe(404);
    expect((await get(terpelUsers, '/api/customer-wallet/userDeposits/3000000000/')).statusCode).toBe(400);
  });

  it('statement: the ledger’s movements of the user, signed and labelled; the total is the wallet balance', async () => {
    const move = await tenantPk(t, 'move');
    const base = { tenant_pk: move, user_pk: joaoPk, currency: 'BRL', provider: 'sandbox' as const };
    await t.db
      .insertInto('financial_movements')
      .values([
        {
          ...base,
          target_type: 'USER',
          payment_type: 'MERCADO_PAGO_PIX',
          payment_status: 'approved',
          amount: 5_000,
          created_at: new Date('2026-11-01T10:00:00Z'),
        },
        {
          ...base,
          target_type: 'TRANSACTION',
          transaction_pk: recharges[0]!,
          payment_type: 'WALLET',
          payment_status: 'approved',
          amount: 1_990,
          created_at: new Date('2026-11-02T10:00:00Z'),
        },
        {
          ...base,
          target_type: 'TRANSACTION',
          transaction_pk: recharges[1]!,
          payment_type: 'MERCADO_PAGO_CARD',
          payment_status: 'refunded',
          amount: 700,
          refunded_amount: 700,
          created_at: new Date('2026-11-03T10:00:00Z'),
        },
        {
          ...base,
          target_type: 'TRANSACTION',
          transaction_pk: recharges[0]!,
          payment_type: 'WALLET',
          payment_status: 'approved',
          amount: 300,
          is_idle_payment: true,
          created_at: new Date('2026-11-04T10:00:00Z'),
        },
        {
          ...base,
          target_type: 'USER',
          payment_type: 'MERCADO_PAGO_CARD',
          payment_status: 'approved',
          amount: 2_000,
          created_at: new Date('2026-11-05T10:00:00Z'),
        },
      ])
      .execute();
    await t.db.insertInto('wallets').values({ user_pk: joaoPk, currency: 'BRL', balance: 2_710 }).execute();

    const res = await get(operator, `/api/customer-wallet/userDeposits/${joaoPk}/`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res
      .json()
      .deposits.map((d: Record<string, unknown>) => [
        d.kind,
        d.payment_transaction_amounts,
        d.payment_transaction_amounts_human_readable,
        d.payment_status,
      ]);
    // Top-ups say how they were paid (a bare "Recarga" read like a charge).
    expect(rows).toEqual([
      ['TOP_UP_CARD', 2000, 'R$ 20,00', 'approved'],
      ['IDLE', -300, '-R$ 3,00', 'approved'],
      ['REFUND', -700, '-R$ 7,00', 'refunded'],
      ['WALLET', -1990, '-R$ 19,90', 'approved'],
      ['TOP_UP_PIX', 5000, 'R$ 50,00', 'approved'],
    ]);
    const total = await get(operator, `/api/customer-wallet/userDeposits/totalizer/${joaoPk}/`);
    expect(total.json()).toEqual({ total: 2710, total_human_readable: 'R$ 27,10', currency: 'BRL' });
  });

  it('statement rules: a refunded entry shows only with money returned; colours popular, stone and red', () => {
    expect(visibleInStatement({ payment_status: 'refunded', payment_transaction_amount_refunded: 0 })).toBe(false);
    expect(visibleInStatement({ payment_status: 'refunded', payment_transaction_amount_refunded: 700 })).toBe(true);
    expect(statementTone({ payment_status: 'refunded', payment_transaction_amount_refunded: 700, payment_transaction_amounts: -700 })).toBe(
      'stone',
    );
    expect(statementTone({ payment_status: 'approved', payment_transaction_amount_refunded: 200, payment_transaction_amounts: -700 })).toBe(
      'popular',
    );
    expect(statementTone({ payment_status: 'approved', payment_transaction_amount_refunded: 0, payment_transaction_amounts: 5000 })).toBe(
      'popular',
    );
    expect(statementTone({ payment_status: 'approved', payment_transaction_amount_refunded: 0, payment_transaction_amounts: -1990 })).toBe(
      'red',
    );
  });

  it('a search with more than 1,000 matches: counted up to 1,000 and said so (countCapped)', async () => {
    const move = await tenantPk(t, 'move');
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 1001 }, (_, i) => ({
          tenant_pk: move,
          email: `capado${i}@frota.test`,
          first_name: 'Capado',
          last_name: `Nº ${i}`,
        })),
      )
      .execute();
    const res = await get(operator, '/api/users_data/dashboard-details/?searchInput=capado');
    expect(res.json()).toMatchObject({ count: 1000, countCapped: true });
    expect(res.json().userDashboardList).toHaveLength(10);
    const exact = await get(operator, '/api/users_data/dashboard-details/?searchInput=capado%20n%C2%BA%2099');
    // 'Capado Nº 99', 'Nº 990'…'Nº 999': 11 names.
    expect(res.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ count: 11, countCapped: false });
  });

  it('Excel: answered 202 at once, built in the background and e-mailed to the caller in their language; 403 without the screen', async () => {
    const before = t.mailer.sent.length;
    const res = await get(operator, '/api/report/xlsx/users/?searchInput=joao%20jr');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'The report is being built and will be e-mailed.', email: demo.operator.email });

    const mail = await eventually(() => t.mailer.sent.slice(before).find((m) => m.to === demo.operator.email), 10_000);
    expect(mail.subject).toBe('Relatório de usuários');
    const file = mail.attachments![0]!;
    expect(file.filename).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Usuários');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Nome',
      'E-mail',
      'Documento',
      'Carro',
      'Recargas',
      'Consumo (kWh)',
      'Tag',
      'Cliente',
      'Ativo',
    ]);
    // 14,345 Wh = 14.35 kWh (2 decimals), 3 recharges.
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'João (Jr) Araújo',
      'joao.jr@frota.test',
      undefined,
      'BYD Dolphin',
      3,
      14.35,
      'JOAO-CARD',
      'Move Eletropostos',
      'Sim',
    ]);
    expect(sheet.rowCount).toBe(2);

    const none = (await aUserWith(t, { tenant: 'sol', routes: ['/'] })).token;
    expect((await get(none, '/api/report/xlsx/users/')).statusCode).toBe(403);
  });

  it('picker: the scope’s active users in one compact answer with their tag, never another network’s', async () => {
    const res = await get(operator, '/api/users_data/picker/');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().userList as { user_pk: number; user_name: string; ocpp_id_tag: string | null }[];
    expect(res.json().truncated).toBe(false);
    expect(list).toContainEqual({
      user_pk: joaoPk,
      user_name: 'João (Jr) Araújo',
      email: 'joao.jr@frota.test',
      ocpp_id_tag: 'JOAO-CARD',
      docType: null,
      docNumber: null,
    });
    expect(list.some((u) => u.user_pk === ghostPk)).toBe(false);
    const terpel = (await get(terpelUsers, '/api/users_data/picker/')).json().userList as { user_pk: number }[];
    expect(terpel.some((u) => u.user_pk === joaoPk)).toBe(false);
  });

  it('picker for a voucher of one network (tenantPk): only users who belong with it, never a driver of a network beside it', async () => {
    const admin = await loginAs(t.app, demo.admin);
    const [move, terpel] = [await tenantPk(t, 'move'), await tenantPk(t, 'terpel')];
    const pks = async (query: string) =>
      ((await get(admin, `/api/users_data/picker/${query}`)).json().userList as { user_pk: number }[]).map((u) => u.user_pk);
    const everyone = await pks('');
    const terpelDriver = (
      await t.db.selectFrom('users').select('user_pk').where('tenant_pk', '=', terpel).where('active', '=', true).executeTakeFirstOrThrow()
    ).user_pk;
    expect(everyone).toEqual(expect.arrayContaining([joaoPk, terpelDriver]));
    const forMove = await pks(`?tenantPk=${move}`);
    expect(forMove).toContain(joaoPk);
    expect(forMove).not.toContain(terpelDriver);
    const forTerpel = await pks(`?tenantPk=${terpel}`);
    expect(forTerpel).toContain(terpelDriver);
    expect(forTerpel).not.toContain(joaoPk);
  });
});
