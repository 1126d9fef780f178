// @postgres cursor: the day's download streams its lines through a cursor.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOG_NOT_AVAILABLE } from '@recarga/contracts/logs';
import { roles } from '@recarga/contracts/permissions';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { tenantPk } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { LogService } from './service';

const logRoles = [roles.loadBalance, roles.monetization, roles.createVoucher];

describe('GET /api/log/ and /api/log/download: the tenant’s day, gating, scope, retention', () => {
  let t: TestApp;
  /** Sol operator with the three roles (sees Move below it); Sol without load balance; Move with the roles; Terpel (theme rule). */
  let sol: string;
  let solNoLoadBalance: string;
  let move: string;
  let terpel: string;
  const pk: Record<string, number> = {};

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const aLine = (tenant: string, at: string, level: 'INFO' | 'WARN' | 'ERROR', text: string, chargeBoxId: string | null = null) =>
    t.db
      .insertInto('tenant_log_lines')
      .values({ tenant_pk: pk[tenant]!, at: new Date(at), level, category: 'ocpp', charge_box_id: chargeBoxId, text })
      .execute();
  /** Writes what the sign-ins left behind, then starts from an empty log. */
  const emptyLog = async () => {
    await t.app.services.get('tenantLog').flush();
    await t.db.deleteFrom('tenant_log_lines').execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const alias of ['sol', 'move', 'terpel', 'andes']) pk[alias] = await tenantPk(t, alias);
    sol = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/log'], roles: logRoles })).token;
    solNoLoadBalance = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/log'], roles: [roles.monetization, roles.createVoucher] }))
      .token;
    move = (await aUserWith(t, { tenant: 'move', routes: ['/', '/log'], roles: logRoles })).token;
    terpel = await loginAs(t.app, demo.terpel);
  });
  afterAll(() => t.close());
  // 12:00 in São Paulo (UTC−3) on 25 November 2026.
  beforeEach(async () => {
    setClock('2026-11-25T15:00:00Z');
    await emptyLog();
  });
  afterEach(() => restoreClock());

  it('today’s text: the tenant’s local day in time order, as “date time LEVEL [station] text” (a line written before phrases existed reads as it was written)', async () => {
    await aLine('sol', '2026-11-25T02:59:59Z', 'INFO', 'yesterday, 23:59:59 in São Paulo', 'SOL-1');
    await aLine('sol', '2026-11-25T14:00:00Z', 'WARN', 'Sign-in refused (INVALID_CREDENTIALS) email=x@y.z');
    await aLine('sol', '2026-11-25T03:00:00Z', 'INFO', 'BootNotification vendor=Recarga → Accepted', 'SOL-1');
    await aLine('sol', '2026-11-25T14:30:00Z', 'ERROR', 'RemoteStartTransaction → OFFLINE (task 7)', 'SOL-2');
    await aLine('move', '2026-11-25T13:00:00Z', 'INFO', 'another tenant', 'MOVE-1');

    const res = await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        '25/11/2026 00:00:00 INFO [SOL-1] BootNotification vendor=Recarga → Accepted',
        '25/11/2026 11:00:00 WARN Sign-in refused (INVALID_CREDENTIALS) email=x@y.z',
        '25/11/2026 11:30:00 ERROR [SOL-2] RemoteStartTransaction → OFFLINE (task 7)',
      ].join('\n'),
    );
  });

  it('a child tenant’s log is open to the parent’s operator; an earlier day by day=', async () => {
    await aLine('move', '2026-11-25T13:00:00Z', 'INFO', 'Heartbeat', 'MOVE-1');
    await aLine('sol', '2026-11-24T12:00:00Z', 'INFO', 'the day before', 'SOL-1');

    const child = await get(sol, '/api/log/?tenant=Move%20Eletropostos');
    const yesterday = await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade&day=2026-11-24');

    expect(child.body).toBe('25/11/2026 10:00:00 INFO [MOVE-1] Heartbeat');
    expect(yesterday.body).toBe('24/11/2026 09:00:00 INFO [SOL-1] the day before');
  });

  it('“Not available” for a day without lines', async () => {
    await aLine('sol', '2026-11-24T12:00:00Z', 'INFO', 'not today', 'SOL-1');

    const res = await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade');

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(LOG_NOT_AVAILABLE);
  });

  it('403 without the load-balance role (002 §6), 404 for a tenant above or beside the caller’s, Terpel by its theme', async () => {
    await aLine('terpel', '2026-11-25T16:00:00Z', 'INFO', 'Heartbeat', 'TER-1');

    const noRole = await get(solNoLoadBalance, '/api/log/?tenant=Sol%20Energia%20Mobilidade');
    const noRoleDownload = await get(solNoLoadBalance, '/api/log/download?tenant=Sol%20Energia%20Mobilidade');
    const parent = await get(move, '/api/log/?tenant=Sol%20Energia%20Mobilidade');
    const sibling = await get(sol, '/api/log/?tenant=Terpel%20Energ%C3%ADa');
    const unknown = await get(sol, '/api/log/download?tenant=Nobody');
    const theme = await get(terpel, '/api/log/?tenant=Terpel%20Energ%C3%ADa');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/log/?tenant=Sol%20Energia%20Mobilidade' });

    expect(noRole.statusCode).toBe(403);
    expect(noRoleDownload.statusCode).toBe(403);
    expect(parent.statusCode).toBe(404);
    expect(parent.json()).toMatchObject({ code: 'TENANT_NOT_FOUND' });
    expect(sibling.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(anonymous.statusCode).toBe(401);
    // Bogotá is UTC−5: 16:00 UTC is 11:00 there.
    expect(theme.body).toBe('25/11/2026 11:00:00 INFO [TER-1] Heartbeat');
  });

  it('each tenant reads its lines in its own language: Sol in Portuguese, Terpel in Spanish; dates as the language writes them', async () => {
    const k = (key: string) => `\u27e6${key}\u27e7`;
    const line = `${k('signInRefused')} (${k('signIn.USER_BLOCKED')}) ${k('field.email')}=ana@x.co ${k('field.address')}=10.0.0.7`;
    await aLine('sol', '2026-11-25T14:00:00Z', 'WARN', line);
    await aLine('terpel', '2026-11-25T16:00:00Z', 'WARN', line);
    await aLine('terpel', '2026-11-25T16:00:01Z', 'ERROR', `Reset → TIMEOUT (${k('task')} 9)`, 'TER-1');

    const solText = await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade');
    const terpelText = await get(terpel, '/api/log/?tenant=Terpel%20Energ%C3%ADa');
    const terpelFile = await get(terpel, '/api/log/download?tenant=Terpel%20Energ%C3%ADa');

    expect(solText.body).toBe('25/11/2026 11:00:00 WARN Acesso recusado (usuário bloqueado) e-mail=ana@x.co endereço=10.0.0.7');
    const spanish = [
      '25/11/2026 11:00:00 WARN Inicio de sesión rechazado (usuario bloqueado) correo=ana@x.co dirección=10.0.0.7',
      '25/11/2026 11:00:01 ERROR [TER-1] Reset → TIMEOUT (tarea 9)',
    ];
    expect(terpelText.body).toBe(spanish.join('\n'));
    expect(terpelFile.body).toBe(`${spanish.join('\n')}\n`);
  });

  it('field errors for a missing, over-long or NUL tenant and for a day that is no date, in the future or past the retention', async () => {
    const cases = {
      missing: await get(sol, '/api/log/'),
      long: await get(sol, `/api/log/?tenant=${'x'.repeat(300)}`),
      nul: await get(sol, '/api/log/?tenant=Sol%00'),
      notADate: await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade&day=2026-02-30'),
      future: await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade&day=2026-11-26'),
      // 30 days kept: 27 October to 25 November.
      expired: await get(sol, '/api/log/download?tenant=Sol%20Energia%20Mobilidade&day=2026-10-26'),
    };
    const oldestKept = await get(sol, '/api/log/?tenant=Sol%20Energia%20Mobilidade&day=2026-10-27');

    for (const [name, res] of Object.entries(cases)) {
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), name).toEqual([
        name === 'notADate' || name === 'future' || name === 'expired' ? 'day' : 'tenant',
      ]);
    }
    expect(oldestKept.body).toBe(LOG_NOT_AVAILABLE);
  });

  it('the download: the day’s lines as a .txt attachment named by tenant and date', async () => {
    await aLine('sol', '2026-11-25T03:00:00Z', 'INFO', 'BootNotification vendor=Recarga → Accepted', 'SOL-1');
    await aLine('sol', '2026-11-25T14:30:00Z', 'ERROR', 'RemoteStartTransaction → OFFLINE (task 7)', 'SOL-2');

    const res = await get(sol, '/api/log/download?tenant=Sol%20Energia%20Mobilidade');
    const empty = await get(sol, '/api/log/download?tenant=Move%20Eletropostos');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="log-sol-2026-11-25.txt"');
    expect(res.body).toBe(
      '25/11/2026 00:00:00 INFO [SOL-1] BootNotification vendor=Recarga → Accepted\n' +
        '25/11/2026 11:30:00 ERROR [SOL-2] RemoteStartTransaction → OFFLINE (task 7)\n',
    );
    expect(empty.headers['content-disposition']).toBe('attachment; filename="log-move-2026-11-25.txt"');
    expect(empty.body).toBe(`${LOG_NOT_AVAILABLE}\n`);
  });

  it('sign-ins: a success and a wrong password land in the user’s tenant log, without the password', async () => {
    await aUserWith(t, { tenant: 'move', routes: ['/'], email: 'signin-log@test.recarga' });
    await emptyLog();
    await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'signin-log@test.recarga', password: 'Wrong@2026x', recaptchaResponse: '' },
    });
    await loginAs(t.app, { email: 'signin-log@test.recarga', password: 'Secret@2026' });
    await t.app.services.get('tenantLog').flush();

    const res = await get(sol, '/api/log/?tenant=Move%20Eletropostos');

    const lines = res.body.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^25\/11\/2026 12:00:\d\d WARN Acesso recusado \(credenciais inválidas\) e-mail=signin-log@test\.recarga endereço=127\.0\.0\.1$/,
    );
    expect(lines[1]).toMatch(/^25\/11\/2026 12:00:\d\d INFO Acesso realizado e-mail=signin-log@test\.recarga endereço=127\.0\.0\.1$/);
    expect(res.body).not.toContain('Wrong@2026x');
  });

  it('the retention job deletes the local days a tenant no longer keeps, and only those', async () => {
    await t.db.updateTable('tenants').set({ log_retention_days: 2 }).where('tenant_pk', '=', pk.sol!).execute();
    // Sol keeps 24 and 25 November (São Paulo): from 2026-11-24T03:00Z on.
    await aLine('sol', '2026-11-24T02:59:59Z', 'INFO', '23 Nov 23:59:59 local: goes');
    await aLine('sol', '2026-11-24T03:00:00Z', 'INFO', '24 Nov 00:00:00 local: stays');
    await aLine('sol', '2026-11-25T10:00:00Z', 'INFO', 'today: stays');
    // Move keeps the default 30 days: 27 October on.
    await aLine('move', '2026-11-24T02:59:59Z', 'INFO', 'stays');
    await aLine('move', '2026-10-27T02:59:59Z', 'INFO', '26 Oct local: goes');

    try {
      const deleted = await new LogService(t.db).deleteExpired(new Date('2026-11-25T15:00:00Z'));

      expect(deleted).toBe(2);
      const left = await t.db.selectFrom('tenant_log_lines').select('text').orderBy('at').execute();
      expect(left.map((r) => r.text)).toEqual(['stays', '24 Nov 00:00:00 local: stays', 'today: stays']);
    } finally {
      await t.db.updateTable('tenants').set({ log_retention_days: 30 }).where('tenant_pk', '=', pk.sol!).execute();
    }
  });
});
