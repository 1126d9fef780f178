// @postgres concurrency: two creations with one alias at once: one wins, the other answers aliasTaken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { tenantSettingsMessages as msg } from '@recarga/contracts/tenant-settings-constants';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { tenantPk } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { FALLBACK_HOST_MESSAGE } from './admin-service';

/** A whole /admin tenant record as the form sends it, with these changes. */
function aTenantBody(changes: Record<string, unknown> = {}) {
  return {
    name: 'Nova Rede',
    alias: 'nova',
    theme: 'celeste',
    smsEnabled: false,
    invoicingEnabled: true,
    deviceReader: false,
    limits: { stations: 10, users: '', monthlyReports: 5 },
    modules: { monetization: true, vouchers: false, smartCharging: true },
    ...changes,
  };
}

describe('network administration (/admin)', () => {
  let t: TestApp;
  let admin: string;
  let solAdmin: string;
  let root: number;
  let sol: number;
  let move: number;
  let terpel: number;
  let andes: number;

  type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const auditOf = async (tenant: number) =>
    t.db.selectFrom('tenant_audit').selectAll().where('tenant_pk', '=', tenant).where('area', '=', 'admin').orderBy('audit_pk').execute();
  const pathOf = async (pk: number) =>
    (await t.db.selectFrom('tenants').select('path').where('tenant_pk', '=', pk).executeTakeFirstOrThrow()).path;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
    solAdmin = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/admin', '/config'], roles: [roles.admin] })).token;
    [root, sol, move, terpel, andes] = await Promise.all(['recarga', 'sol', 'move', 'terpel', 'andes'].map((a) => tenantPk(t, a)));
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('every /admin call, for a user with /admin but without DASH_ADMIN, or with the role but not /admin, answers 403', async () => {
      const noRole = await aUserWith(t, { tenant: 'sol', routes: ['/admin'] });
      const noRoute = await aUserWith(t, { tenant: 'sol', routes: ['/config'], roles: [roles.admin] });
      const calls: [Method, string, object?][] = [
        ['GET', '/api/admin/tenants'],
        ['POST', '/api/admin/tenants', { ...aTenantBody(), parentTenantPk: sol, country: 'BR', currency: 'BRL', language: 'br' }],
        ['PUT', `/api/admin/tenants/${move}`, { ...aTenantBody(), parentTenantPk: sol }],
        ['POST', `/api/admin/tenants/${move}/hosts`, { host: 'x.localhost' }],
        ['PUT', `/api/admin/tenants/${move}/hosts/move.localhost`, { host: 'x.localhost' }],
        ['DELETE', `/api/admin/tenants/${move}/hosts/move.localhost`],
        ['GET', '/api/admin/audit'],
      ];
      for (const [method, url, payload] of calls) {
        expect((await call(noRole.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(noRoute.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await t.db.selectFrom('tenant_hosts').select('host').where('host', '=', 'x.localhost').execute()).toEqual([]);
    });
  });

  describe('the tenant list', () => {
    it('for the root administrator, holds every network parents first, depth from the root, its hosts and use; only its own is not editable', async () => {
      const res = await call(admin, 'GET', '/api/admin/tenants');

      expect(res.statusCode).toBe(200);
      const list = res.json().tenants as { alias: string; depth: number; editable: boolean; parentTenantPk: number | null }[];
      const byAlias = Object.fromEntries(list.map((x) => [x.alias, x]));
      expect(list.map((x) => x.alias).indexOf('sol')).toBeLessThan(list.map((x) => x.alias).indexOf('move'));
      expect(list[0]).toMatchObject({ alias: 'recarga', depth: 0, editable: false, parentTenantPk: null });
      expect(list.map((x) => [x.alias, x.depth, x.editable]).sort()).toEqual([
        ['andes', 1, true],
        ['move', 2, true],
        ['recarga', 0, false],
        ['sol', 1, true],
        ['terpel', 1, true],
      ]);
      expect(byAlias.move).toMatchObject({
        tenantPk: move,
        parentTenantPk: sol,
        name: 'Move Eletropostos',
        theme: 'move',
        country: 'BR',
        currency: 'BRL',
        language: 'br',
        smsEnabled: false,
        invoicingEnabled: true,
        deviceReader: true,
        limits: { stations: 200, users: null, monthlyReports: null },
        // 5 MOVE-* stations; dono, motorista, julia.santos.
        usage: { stations: 5, users: 3 },
        modules: { monetization: true, vouchers: true, smartCharging: true },
        hosts: [
          { host: '*', termsOfUseUrl: null, deepLinkHost: null },
          { host: '127.0.0.1', termsOfUseUrl: null, deepLinkHost: null },
          { host: 'localhost', termsOfUseUrl: null, deepLinkHost: null },
          { host: 'move.localhost', termsOfUseUrl: null, deepLinkHost: null },
        ],
      });
    });

    it('for an administrator of Sol, holds Sol (depth 0, not editable) and Move (depth 1) only', async () => {
      const res = await call(solAdmin, 'GET', '/api/admin/tenants');

      expect(res.json().tenants.map((x: { alias: string; depth: number; editable: boolean }) => [x.alias, x.depth, x.editable])).toEqual([
        ['sol', 0, false],
        ['move', 1, true],
      ]);
    });
  });

  describe('creating', () => {
    it('a network below Sol, when created, gets its path under Sol’s, a new api key, its plan and modules, and an audit row of every field', async () => {
      const res = await call(solAdmin, 'POST', '/api/admin/tenants', {
        ...aTenantBody(),
        parentTenantPk: sol,
        country: 'BR',
        currency: 'BRL',
        language: 'br',
      });

      expect(res.statusCode, res.body).toBe(200);
      const created = res.json();
      expect(created).toMatchObject({
        parentTenantPk: sol,
        depth: 1,
        name: 'Nova Rede',
        alias: 'nova',
        theme: 'celeste',
        limits: { stations: 10, users: null, monthlyReports: 5 },
        usage: { stations: 0, users: 0 },
        modules: { monetization: true, vouchers: false, smartCharging: true },
        hosts: [],
        editable: true,
      });
      expect(await pathOf(created.tenantPk)).toBe(`/${root}/${sol}/${created.tenantPk}/`);
      const keys = await t.db.selectFrom('tenants').select('api_key').execute();
      const key = (await t.db.selectFrom('tenants').select('api_key').where('tenant_pk', '=', created.tenantPk).executeTakeFirstOrThrow())
        .api_key;
      expect(key).toMatch(/^[\w-]{24}$/);
      expect(keys.filter((k) => k.api_key === key)).toHaveLength(1);
      expect((await auditOf(created.tenantPk)).map((r) => [r.action, r.before, r.after])).toEqual([
        [
          'tenant.create',
          null,
          {
            parentTenantPk: sol,
            name: 'Nova Rede',
            alias: 'nova',
            theme: 'celeste',
            smsEnabled: false,
            invoicingEnabled: true,
            deviceReader: false,
            'limits.stations': 10,
            'limits.users': null,
            'limits.monthlyReports': 5,
            'modules.monetization': true,
            'modules.vouchers': false,
            'modules.smartCharging': true,
            country: 'BR',
            currency: 'BRL',
            language: 'br',
          },
        ],
      ]);
      // The creator's scope now holds it.
      expect((await call(solAdmin, 'GET', '/api/admin/tenants')).json().tenants.map((x: { alias: string }) => x.alias)).toEqual([
        'sol',
        'move',
        'nova',
      ]);
    });

    it.each([
      ['a taken alias', () => ({ alias: 'move' }), { alias: msg.aliasTaken }],
      ['an unknown theme', () => ({ theme: 'pink' }), { theme: msg.themeInvalid }],
      ['a parent outside the scope', () => ({ parentTenantPk: terpel }), { parentTenantPk: msg.parentInvalid }],
      ['an alias with capitals', () => ({ alias: 'Nova-2' }), { alias: msg.aliasInvalid }],
      ['no name', () => ({ name: '   ' }), { name: msg.required }],
      [
        'a negative limit',
        () => ({ limits: { stations: -1, users: null, monthlyReports: null } }),
        { 'limits.stations': msg.limitInvalid },
      ],
      [
        'a limit over the maximum',
        () => ({ limits: { stations: null, users: 1_000_001, monthlyReports: null } }),
        { 'limits.users': msg.limitInvalid },
      ],
      [
        'a fractional limit',
        () => ({ limits: { stations: null, users: null, monthlyReports: 2.5 } }),
        { 'limits.monthlyReports': msg.limitInvalid },
      ],
      ['a parent beyond int4', () => ({ parentTenantPk: 99999999999 }), { parentTenantPk: msg.parentInvalid }],
      ['an unknown country', () => ({ country: 'AR' }), null],
    ])('%s, when creating, answers 400 on that field and creates nothing', async (_what, changes, fields) => {
      const before = await t.db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();

      const res = await call(solAdmin, 'POST', '/api/admin/tenants', {
        ...aTenantBody({ alias: 'nova-2' }),
        parentTenantPk: sol,
        country: 'BR',
        currency: 'BRL',
        language: 'br',
        ...changes(),
      });

      expect(res.statusCode).toBe(400);
      if (fields) expect(res.json().fields).toEqual(fields);
      else expect(Object.keys(res.json().fields)).toEqual(['country']);
      const after = await t.db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('two creations with the same alias at once: one network is created, the other answers aliasTaken', async () => {
      const body = {
        ...aTenantBody({ alias: 'gemea', name: 'Gêmea' }),
        parentTenantPk: andes,
        country: 'EC',
        currency: 'USD',
        language: 'es-EC',
      };

      const answers = await Promise.all([call(admin, 'POST', '/api/admin/tenants', body), call(admin, 'POST', '/api/admin/tenants', body)]);

      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.statusCode === 400)!.json().fields).toEqual({ alias: msg.aliasTaken });
      expect(await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'gemea').execute()).toHaveLength(1);
    });
  });

  describe('changing', () => {
    const record = async (pk: number) => {
      const x = (await call(admin, 'GET', '/api/admin/tenants')).json().tenants.find((y: { tenantPk: number }) => y.tenantPk === pk);
      return {
        parentTenantPk: x.parentTenantPk,
        name: x.name,
        alias: x.alias,
        theme: x.theme,
        smsEnabled: x.smsEnabled,
        invoicingEnabled: x.invoicingEnabled,
        deviceReader: x.deviceReader,
        limits: x.limits,
        modules: x.modules,
      };
    };

    it('the caller’s own network, when changed, answers 403 NOT_BELOW; a network outside the scope 404', async () => {
      const own = await call(solAdmin, 'PUT', `/api/admin/tenants/${sol}`, {
        ...(await record(sol)),
        limits: { stations: null, users: null, monthlyReports: null },
      });
      const rootOwn = await call(
        admin,
        'PUT',
        `/api/admin/tenants/${root}`,
        await record(root).then((r) => ({ ...r, parentTenantPk: root })),
      );
      const outside = await call(solAdmin, 'PUT', `/api/admin/tenants/${terpel}`, await record(terpel));

      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'NOT_BELOW', message: msg.notBelow });
      expect(rootOwn.statusCode).toBe(403);
      expect(outside.statusCode).toBe(404);
      expect(await auditOf(sol)).toEqual([]);
    });

    it('a plan change, when saved, audits only the changed fields; the same record again writes nothing', async () => {
      const body = { ...(await record(move)), limits: { stations: 150, users: 40, monthlyReports: null }, smsEnabled: true };

      const res = await call(solAdmin, 'PUT', `/api/admin/tenants/${move}`, body);
      await call(solAdmin, 'PUT', `/api/admin/tenants/${move}`, body);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ limits: { stations: 150, users: 40, monthlyReports: null }, smsEnabled: true, depth: 1 });
      expect((await auditOf(move)).map((r) => [r.action, r.before, r.after])).toEqual([
        [
          'tenant.update',
          { smsEnabled: false, 'limits.stations': 200, 'limits.users': null },
          { smsEnabled: true, 'limits.stations': 150, 'limits.users': 40 },
        ],
      ]);
    });

    it('Sol, when moved under Terpel, takes Move and Nova with it (every path below rewritten) and is audited; moved back, the paths are the first ones', async () => {
      const nova = await tenantPk(t, 'nova');
      const before = await Promise.all([sol, move, nova].map(pathOf));

      const res = await call(admin, 'PUT', `/api/admin/tenants/${sol}`, { ...(await record(sol)), parentTenantPk: terpel });

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ parentTenantPk: terpel, depth: 2 });
      expect(await Promise.all([sol, move, nova].map(pathOf))).toEqual([
        `/${root}/${terpel}/${sol}/`,
        `/${root}/${terpel}/${sol}/${move}/`,
        `/${root}/${terpel}/${sol}/${nova}/`,
      ]);
      expect((await auditOf(sol)).map((r) => [r.action, r.before, r.after])).toEqual([
        ['tenant.update', { parentTenantPk: root }, { parentTenantPk: terpel }],
      ]);
      // Terpel's operator now sees Sol and its networks in their scope.
      const terpelUser = await loginAs(t.app, demo.terpel);
      const scope = (await call(terpelUser, 'GET', '/api/tenants/')).json().tenantList.map((x: { alias: string }) => x.alias);
      expect(scope.sort()).toEqual(['move', 'nova', 'sol', 'terpel']);

      await call(admin, 'PUT', `/api/admin/tenants/${sol}`, { ...(await record(sol)), parentTenantPk: root });
      expect(await Promise.all([sol, move, nova].map(pathOf))).toEqual(before);
    });

    it.each([
      ['itself', () => sol],
      ['a network below it (a cycle)', () => move],
      ['a network outside the caller’s scope', () => terpel],
    ])('a new parent that is %s, when saved, answers 400 on parentTenantPk and moves nothing', async (_what, parent) => {
      const token = parent() === terpel ? solAdmin : admin;
      const target = parent() === terpel ? move : sol;
      const before = await pathOf(target);

      const res = await call(token, 'PUT', `/api/admin/tenants/${target}`, { ...(await record(target)), parentTenantPk: parent() });

      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ parentTenantPk: msg.parentInvalid });
      expect(await pathOf(target)).toBe(before);
    });

    it('an alias of another network or an unknown theme, when saved, answers 400 on those fields together', async () => {
      const res = await call(admin, 'PUT', `/api/admin/tenants/${andes}`, { ...(await record(andes)), alias: 'terpel', theme: 'neon' });

      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ alias: msg.aliasTaken, theme: msg.themeInvalid });
    });
  });

  describe('host names', () => {
    const page = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });
    const brandOf = (res: { headers: Record<string, unknown> }) =>
      res.headers['x-brand'] === undefined ? undefined : JSON.parse(decodeURIComponent(String(res.headers['x-brand'])));

    it('a new host of Nova, when added, opens Nova’s brand at once (the start-up headers are not served from a stale cache)', async () => {
      const nova = await tenantPk(t, 'nova');
      const novaKey = (await t.db.selectFrom('tenants').select('api_key').where('tenant_pk', '=', nova).executeTakeFirstOrThrow()).api_key;
      // Unknown so far: the '*' fallback (Move) answers, and is cached.
      expect((await page('nova.localhost')).headers['x-theme']).toBe('move');

      const res = await call(solAdmin, 'POST', `/api/admin/tenants/${nova}/hosts`, {
        host: ' Nova.Localhost ',
        termsOfUseUrl: 'https://nova.example.com/termos',
        deepLinkHost: '',
      });

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().hosts).toEqual([{ host: 'nova.localhost', termsOfUseUrl: 'https://nova.example.com/termos', deepLinkHost: null }]);
      const opened = await page('nova.localhost');
      expect(opened.headers['x-theme']).toBe('celeste');
      expect(opened.headers['x-api-key']).toBe(novaKey);
      expect(opened.headers['x-terms-of-use']).toBe('https://nova.example.com/termos');
      expect(brandOf(opened)).toBeUndefined();
      expect((await auditOf(nova)).at(-1)).toMatchObject({
        action: 'host.add',
        before: null,
        after: { host: 'nova.localhost', termsOfUseUrl: 'https://nova.example.com/termos', deepLinkHost: null },
      });
    });

    it('Nova’s brand and terms, when set in /config, reach its host’s start-up headers: x-brand with the set fields, the host’s terms before the network’s', async () => {
      const nova = await tenantPk(t, 'nova');
      const saved = await call(solAdmin, 'PUT', `/api/config/?tenant=${nova}`, {
        brandName: 'Nova Energia',
        primaryColor: '#00AA55',
        darkColor: '',
        termsOfUseUrl: 'https://nova.example.com/termos-da-rede',
        supportEmail: '',
        co2Factor: '',
        timeZone: '',
        logRetentionDays: 30,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const opened = await page('nova.localhost');

      expect(brandOf(opened)).toEqual({ name: 'Nova Energia', primary: '#00aa55' });
      expect(opened.headers['x-terms-of-use']).toBe('https://nova.example.com/termos');
      expect(String(opened.headers['access-control-expose-headers'])).toContain('x-brand');
      // The host without terms of its own: the network's.
      await call(solAdmin, 'PUT', `/api/admin/tenants/${nova}/hosts/nova.localhost`, {
        host: 'nova.localhost',
        termsOfUseUrl: null,
        deepLinkHost: 'app.nova.example.com',
      });
      const again = await page('nova.localhost');
      expect(again.headers['x-terms-of-use']).toBe('https://nova.example.com/termos-da-rede');
      expect(again.headers['x-deep-link-host']).toBe('app.nova.example.com');
      // A network without brand settings: no x-brand.
      expect((await page('terpel.localhost')).headers['x-brand']).toBeUndefined();
    });

    it('a host name another network uses, when added or renamed to, answers 400 hostTaken and changes nothing', async () => {
      const nova = await tenantPk(t, 'nova');

      const add = await call(solAdmin, 'POST', `/api/admin/tenants/${nova}/hosts`, { host: 'terpel.localhost' });
      const rename = await call(solAdmin, 'PUT', `/api/admin/tenants/${nova}/hosts/nova.localhost`, { host: 'move.localhost' });

      for (const res of [add, rename]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({ host: msg.hostTaken });
      }
      const hosts = await t.db
        .selectFrom('tenant_hosts')
        .select(['host', 'tenant_pk'])
        .where('host', 'in', ['terpel.localhost', 'move.localhost', 'nova.localhost'])
        .orderBy('host')
        .execute();
      expect(hosts).toEqual([
        { host: 'move.localhost', tenant_pk: move },
        { host: 'nova.localhost', tenant_pk: nova },
        { host: 'terpel.localhost', tenant_pk: terpel },
      ]);
    });

    it.each([
      ['a host with a space', 'nova example.com'],
      ['a host with a scheme', 'https://nova.example.com'],
      ['a wildcard', '*.nova.example.com'],
    ])('%s, when added, answers 400 hostInvalid', async (_what, host) => {
      const res = await call(admin, 'POST', `/api/admin/tenants/${andes}/hosts`, { host });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ host: msg.hostInvalid });
    });

    it('the * fallback host, when removed or renamed, answers 400 FALLBACK_HOST saying why, and stays', async () => {
      const del = await call(solAdmin, 'DELETE', `/api/admin/tenants/${move}/hosts/*`);
      const put = await call(solAdmin, 'PUT', `/api/admin/tenants/${move}/hosts/*`, { host: 'any.localhost' });

      for (const res of [del, put]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 'FALLBACK_HOST', message: FALLBACK_HOST_MESSAGE, fields: { host: FALLBACK_HOST_MESSAGE } });
      }
      expect(await t.db.selectFrom('tenant_hosts').select('tenant_pk').where('host', '=', '*').executeTakeFirst()).toEqual({
        tenant_pk: move,
      });
    });

    it('a host of another network, when changed through this one, answers 404; a network outside the scope 404', async () => {
      const nova = await tenantPk(t, 'nova');
      expect((await call(solAdmin, 'DELETE', `/api/admin/tenants/${nova}/hosts/move.localhost`)).statusCode).toBe(404);
      expect((await call(solAdmin, 'POST', `/api/admin/tenants/${terpel}/hosts`, { host: 'x.localhost' })).statusCode).toBe(404);
    });

    it('a host, when renamed then removed, answers for the new name, then no longer opens the network (the fallback does) and both are audited', async () => {
      const nova = await tenantPk(t, 'nova');
      const renamed = await call(solAdmin, 'PUT', `/api/admin/tenants/${nova}/hosts/nova.localhost`, {
        host: 'rede-nova.localhost',
        deepLinkHost: 'app.nova.example.com',
      });
      expect(renamed.json().hosts.map((h: { host: string }) => h.host)).toEqual(['rede-nova.localhost']);
      expect((await page('rede-nova.localhost')).headers['x-theme']).toBe('celeste');

      const removed = await call(solAdmin, 'DELETE', `/api/admin/tenants/${nova}/hosts/rede-nova.localhost`);

      expect(removed.json().hosts).toEqual([]);
      expect((await page('rede-nova.localhost')).headers['x-theme']).toBe('move');
      expect((await auditOf(nova)).slice(-2).map((r) => [r.action, r.before, r.after])).toEqual([
        ['host.update', { host: 'nova.localhost' }, { host: 'rede-nova.localhost' }],
        ['host.delete', { host: 'rede-nova.localhost', termsOfUseUrl: null, deepLinkHost: 'app.nova.example.com' }, null],
      ]);
    });
  });

  describe('history', () => {
    it('the audit of all networks in scope, for Sol’s administrator, holds Sol’s, Move’s and Nova’s changes only, newest first', async () => {
      const res = await call(solAdmin, 'GET', '/api/admin/audit');
      const nova = await tenantPk(t, 'nova');
      const inScope = await t.db
        .selectFrom('tenant_audit')
        .select('audit_pk')
        .where('tenant_pk', 'in', [sol, move, nova])
        .orderBy('at', 'desc')
        .orderBy('audit_pk', 'desc')
        .execute();

      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(inScope.length);
      expect(res.json().results.map((r: { auditPk: number }) => r.auditPk)).toEqual(inScope.slice(0, 10).map((r) => Number(r.audit_pk)));
      expect(new Set(res.json().results.map((r: { tenantPk: number }) => r.tenantPk)).has(terpel)).toBe(false);
      expect((await call(solAdmin, 'GET', `/api/admin/audit?tenant=${terpel}`)).statusCode).toBe(404);
      const andesOnly = (await call(admin, 'GET', `/api/admin/audit?tenant=${andes}`)).json();
      expect(andesOnly.results.every((r: { tenantPk: number }) => r.tenantPk === andes)).toBe(true);
    });
  });
});
