// @postgres concurrency, driver-types: two saves of one network at once; a PNG's bytes (bytea) compared byte for byte.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, tenantSettingsMessages as msg } from '@recarga/contracts/tenant-settings-constants';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { tenantPk } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';

/** A real 1×1 PNG (its signature, IHDR, IDAT and IEND chunks). */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The smallest JPEG start (SOI, APP0 'JFIF') — the check reads the first bytes only. */
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const dataUrl = (mediaType: string, bytes: Buffer) => `data:${mediaType};base64,${bytes.toString('base64')}`;

/** A whole /config body as the form sends it: the network's settings with these changes. */
function settingsBody(changes: Record<string, unknown> = {}) {
  return {
    brandName: '',
    primaryColor: '',
    darkColor: '',
    termsOfUseUrl: '',
    supportEmail: '',
    co2Factor: '',
    timeZone: '',
    logRetentionDays: 30,
    ...changes,
  };
}

/** A Firebase service account with a real RSA key (as downloaded from the Firebase console). */
function aServiceAccount(projectId = 'sol-app-push') {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'a1b2c3',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `firebase-adminsdk@${projectId}.iam.gserviceaccount.com`,
    token_uri: 'https://oauth2.googleapis.com/token',
  };
}

describe('network settings (/config)', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let sol: number;
  let move: number;
  let terpel: number;
  let andes: number;

  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const auditOf = async (tenant: number) =>
    t.db.selectFrom('tenant_audit').selectAll().where('tenant_pk', '=', tenant).orderBy('audit_pk').execute();

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operator] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator)]);
    [sol, move, terpel, andes] = await Promise.all(['sol', 'move', 'terpel', 'andes'].map((a) => tenantPk(t, a)));
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('every /config call, for a user without /config, answers 403; without a session 401', async () => {
      const u = await aUserWith(t, { tenant: 'sol', routes: ['/', '/stations'] });
      const calls: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
        ['GET', '/api/config/'],
        ['PUT', '/api/config/', settingsBody()],
        ['PUT', '/api/config/logo', { dataUrl: dataUrl('image/png', PNG_1PX) }],
        ['DELETE', '/api/config/logo'],
        ['PUT', '/api/config/push-credentials', { serviceAccountJson: '{}' }],
        ['DELETE', '/api/config/push-credentials'],
        ['POST', '/api/config/qr-token'],
        ['GET', '/api/config/audit'],
      ];
      for (const [method, url, payload] of calls) {
        expect((await call(u.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await auditOf(sol)).toEqual([]);
    });

    it('a tenant outside the caller’s scope (Sol’s operator asking for Terpel), when read or changed, answers 404 and changes nothing', async () => {
      const read = await call(operator, 'GET', `/api/config/?tenant=${terpel}`);
      const write = await call(operator, 'PUT', `/api/config/?tenant=${terpel}`, settingsBody({ brandName: 'Hijacked' }));
      const rotate = await call(operator, 'POST', `/api/config/qr-token?tenant=${terpel}`);
      const audit = await call(operator, 'GET', `/api/config/audit?tenant=${terpel}`);

      for (const res of [read, write, rotate, audit]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('TENANT_NOT_FOUND');
      }
      const row = await t.db.selectFrom('tenants').select('brand_name').where('tenant_pk', '=', terpel).executeTakeFirstOrThrow();
      expect(row.brand_name).toBeNull();
    });

    it('a tenant id beyond int4 or with a NUL, when asked, answers 400 naming the field', async () => {
      const big = await call(operator, 'GET', '/api/config/?tenant=99999999999');
      const nul = await call(operator, 'PUT', '/api/config/', settingsBody({ brandName: 'a\u0000b' }));

      expect(big.statusCode).toBe(400);
      expect(Object.keys(big.json().fields)).toEqual(['tenant']);
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json().fields)).toEqual(['brandName']);
    });
  });

  describe('reading', () => {
    it('Andes’ settings, when read by the administrator, hold its theme’s colours, Ecuador’s CO₂ default, its plan and its use', async () => {
      const res = await call(admin, 'GET', `/api/config/?tenant=${andes}`);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tenantPk: andes,
        name: 'Andes Carga',
        theme: 'andes',
        country: 'EC',
        currency: 'USD',
        language: 'es-EC',
        brandName: null,
        logoUrl: null,
        primaryColor: null,
        darkColor: null,
        themeColors: { primary: '#2f54eb', dark: '#0b1846' },
        termsOfUseUrl: null,
        supportEmail: 'soporte@andescarga.ec',
        qrToken: null,
        push: { configured: false, projectId: null, clientEmail: null },
        co2Factor: null,
        // Ember 2023: 150.2 g CO₂e/kWh.
        co2FactorDefault: 0.1502,
        timeZone: null,
        logRetentionDays: 30,
        limits: { stations: null, users: null, monthlyReports: null },
        // ANDES-UIO-001; the driver conductor@andescarga.ec; no report downloaded.
        usage: { stations: 1, users: 1, reportsThisMonth: 0 },
        modules: { monetization: true, vouchers: true, smartCharging: true },
      });
    });

    it('the operator’s own settings, without ?tenant=, are Sol’s; a child (Move) is reachable with ?tenant=', async () => {
      const own = await call(operator, 'GET', '/api/config/');
      const child = await call(operator, 'GET', `/api/config/?tenant=${move}`);

      expect(own.json()).toMatchObject({ tenantPk: sol, theme: 'sol', themeColors: { primary: '#d9480f', dark: '#2b1204' } });
      // Move: MOVE-SP-001, MOVE-SP-002, MOVE-RJ-001, MOVE-CWB-001, MOVE-SP-003; its plan allows 200.
      expect(child.json()).toMatchObject({ tenantPk: move, usage: { stations: 5 }, limits: { stations: 200 }, co2FactorDefault: 0.0385 });
    });
  });

  describe('saving', () => {
    it.each([
      ['brandName', 'x'.repeat(41), msg.tooLong],
      ['primaryColor', 'red', msg.colorInvalid],
      ['darkColor', '#12345', msg.colorInvalid],
      ['termsOfUseUrl', 'http://sol.com.br/termos', msg.urlInvalid],
      ['supportEmail', 'suporte-at-sol', msg.emailInvalid],
      ['co2Factor', 2.5, msg.co2Invalid],
      ['co2Factor', -0.1, msg.co2Invalid],
      ['timeZone', 'Mars/Olympus_Mons', msg.timeZoneInvalid],
      ['logRetentionDays', 0, msg.retentionInvalid],
      ['logRetentionDays', 3651, msg.retentionInvalid],
      ['logRetentionDays', 7.5, msg.retentionInvalid],
    ])('%s = %j, when saved, answers 400 with that field’s message and writes nothing', async (field, value, text) => {
      const res = await call(operator, 'PUT', '/api/config/', settingsBody({ [field]: value }));

      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: text });
      expect(await auditOf(sol)).toEqual([]);
    });

    it('a change, when saved, answers the new settings and audits only the changed fields with who made them', async () => {
      const res = await call(
        operator,
        'PUT',
        '/api/config/',
        settingsBody({
          brandName: '  Sol Recarga ',
          primaryColor: '#1A2B3C',
          supportEmail: 'suporte@sol.com.br',
          co2Factor: '0.05',
          timeZone: 'America/Sao_Paulo',
          logRetentionDays: '90',
        }),
      );

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        brandName: 'Sol Recarga',
        primaryColor: '#1a2b3c',
        darkColor: null,
        supportEmail: 'suporte@sol.com.br',
        co2Factor: 0.05,
        timeZone: 'America/Sao_Paulo',
        logRetentionDays: 90,
      });
      const rows = await auditOf(sol);
      expect(rows).toHaveLength(1);
      // supportEmail was already Sol's (demo data): not a change.
      expect(rows[0]).toMatchObject({
        user_pk: (await t.db.selectFrom('users').select('user_pk').where('email', '=', demo.operator.email).executeTakeFirstOrThrow())
          .user_pk,
        area: 'config',
        action: 'settings.update',
        before: { brandName: null, primaryColor: null, co2Factor: null, timeZone: null, logRetentionDays: 30 },
        after: { brandName: 'Sol Recarga', primaryColor: '#1a2b3c', co2Factor: 0.05, timeZone: 'America/Sao_Paulo', logRetentionDays: 90 },
      });
    });

    it('the same settings, when saved again, change nothing and write no audit row', async () => {
      const before = (await auditOf(sol)).length;
      const body = settingsBody({
        brandName: 'Sol Recarga',
        primaryColor: '#1a2b3c',
        supportEmail: 'suporte@sol.com.br',
        co2Factor: 0.05,
        timeZone: 'America/Sao_Paulo',
        logRetentionDays: 90,
      });

      const res = await call(operator, 'PUT', '/api/config/', body);

      expect(res.statusCode).toBe(200);
      expect(await auditOf(sol)).toHaveLength(before);
    });

    it('an emptied field, when saved, is cleared (the theme’s or the country’s again) and audited as before → null', async () => {
      const before = (await auditOf(sol)).length;
      const res = await call(
        operator,
        'PUT',
        '/api/config/',
        settingsBody({
          brandName: 'Sol Recarga',
          primaryColor: '',
          supportEmail: 'suporte@sol.com.br',
          co2Factor: null,
          logRetentionDays: 90,
          timeZone: 'America/Sao_Paulo',
        }),
      );

      expect(res.json()).toMatchObject({ primaryColor: null, co2Factor: null, co2FactorDefault: 0.0385 });
      const rows = await auditOf(sol);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({
        before: { primaryColor: '#1a2b3c', co2Factor: 0.05 },
        after: { primaryColor: null, co2Factor: null },
      });
    });

    it('two saves of the same network at once both apply (the last wins) and each audit row holds what it really replaced', async () => {
      const first = settingsBody({ brandName: 'Sol A', supportEmail: 'suporte@sol.com.br', logRetentionDays: 60 });
      const second = settingsBody({ brandName: 'Sol B', supportEmail: 'suporte@sol.com.br', logRetentionDays: 60 });
      const before = (await auditOf(sol)).length;

      const answers = await Promise.all([
        call(admin, 'PUT', `/api/config/?tenant=${sol}`, first),
        call(operator, 'PUT', '/api/config/', second),
      ]);

      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const rows = (await auditOf(sol)).slice(before);
      expect(rows).toHaveLength(2);
      // Whichever ran first replaced 'Sol Recarga'; the second replaced the first's name.
      expect(rows[0]!.before).toMatchObject({ brandName: 'Sol Recarga', logRetentionDays: 90 });
      expect(rows[1]!.before).toEqual({ brandName: rows[0]!.after!.brandName });
      const final = await t.db.selectFrom('tenants').select('brand_name').where('tenant_pk', '=', sol).executeTakeFirstOrThrow();
      expect(final.brand_name).toBe(rows[1]!.after!.brandName);
    });
  });

  describe('logo', () => {
    const version = createHash('sha256').update(PNG_1PX).digest('hex').slice(0, 16);

    it('a real PNG, when uploaded, gets its own address that serves its bytes publicly, cached for good, and is audited', async () => {
      const res = await call(admin, 'PUT', `/api/config/logo?tenant=${andes}`, { dataUrl: dataUrl('image/png', PNG_1PX) });

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().logoUrl).toBe(`/api/tenant-logos/${andes}/${version}`);
      const image = await t.app.inject({ method: 'GET', url: `/api/tenant-logos/${andes}/${version}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
      expect((await auditOf(andes)).map((r) => [r.action, r.before, r.after])).toEqual([
        ['logo.update', { logoUrl: null }, { logoUrl: `/api/tenant-logos/${andes}/${version}` }],
      ]);
    });

    it('the same image, when uploaded again, is the same address and writes no audit row', async () => {
      const res = await call(admin, 'PUT', `/api/config/logo?tenant=${andes}`, { dataUrl: dataUrl('image/png', PNG_1PX) });

      expect(res.json().logoUrl).toBe(`/api/tenant-logos/${andes}/${version}`);
      expect(await auditOf(andes)).toHaveLength(1);
    });

    it('the uploaded logo, when the network’s assessment report is made, is printed in it (read from its table)', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/report/assessment/unified?tenant_pk=${andes}`, headers: bearer(admin) });

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    });

    it('a JPEG, when uploaded, replaces the PNG: the new address serves image/jpeg and the old one answers 404', async () => {
      const jpeg = Buffer.concat([JPEG_HEAD, Buffer.alloc(64, 1)]);
      const res = await call(admin, 'PUT', `/api/config/logo?tenant=${andes}`, { dataUrl: dataUrl('image/jpeg', jpeg) });

      const url = res.json().logoUrl as string;
      expect(url).not.toBe(`/api/tenant-logos/${andes}/${version}`);
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect((await t.app.inject({ method: 'GET', url: `/api/tenant-logos/${andes}/${version}` })).statusCode).toBe(404);
    });

    it('a logo address with a version that is no image hash (a NUL, a long text) or a tenant above int4 answers 400, never a 500', async () => {
      for (const url of [
        `/api/tenant-logos/${andes}/abc%00def`,
        `/api/tenant-logos/${andes}/${'f'.repeat(40)}`,
        `/api/tenant-logos/2147483648/0123456789abcdef`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/tenant-logos/${andes}/0123456789abcdef` })).statusCode).toBe(404);
    });

    it.each([
      [
        'an SVG',
        dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
        msg.logoType,
      ],
      ['a text named PNG', dataUrl('image/png', Buffer.from('this is not a picture at all')), msg.logoType],
      ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00')), msg.logoType],
      ['no data: URL', 'https://example.com/logo.png', msg.logoType],
      ['an empty data: URL', 'data:image/png;base64,', msg.logoType],
      [
        'a PNG one byte over the limit',
        dataUrl('image/png', Buffer.concat([PNG_1PX, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG_1PX.length)])),
        msg.logoTooLarge,
      ],
      ['a text far over the limit', `data:image/png;base64,${'A'.repeat(400_000)}`, msg.logoTooLarge],
    ])('%s, when uploaded, answers 400 on dataUrl and keeps the logo', async (_what, url, text) => {
      const current = (await call(admin, 'GET', `/api/config/?tenant=${andes}`)).json().logoUrl;

      const res = await call(admin, 'PUT', `/api/config/logo?tenant=${andes}`, { dataUrl: url });

      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ dataUrl: text });
      expect((await call(admin, 'GET', `/api/config/?tenant=${andes}`)).json().logoUrl).toBe(current);
    });

    it('the logo, when removed, is the theme’s again: its address answers 404, the removal is audited, a second removal is not', async () => {
      const url = (await call(admin, 'GET', `/api/config/?tenant=${andes}`)).json().logoUrl as string;

      const res = await call(admin, 'DELETE', `/api/config/logo?tenant=${andes}`);
      await call(admin, 'DELETE', `/api/config/logo?tenant=${andes}`);

      expect(res.json().logoUrl).toBeNull();
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const rows = await auditOf(andes);
      expect(rows.map((r) => r.action)).toEqual(['logo.update', 'logo.update', 'logo.delete']);
      expect(rows.at(-1)).toMatchObject({ before: { logoUrl: url }, after: { logoUrl: null } });
    });

    it('an unknown logo address, when asked, answers 404; a tenant id beyond int4 answers 400', async () => {
      expect((await t.app.inject({ method: 'GET', url: `/api/tenant-logos/${terpel}/0123456789abcdef` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/tenant-logos/99999999999/0123456789abcdef' })).statusCode).toBe(400);
    });
  });

  describe('push credentials', () => {
    const account = aServiceAccount();

    it('a Firebase service account, when set, shows its project and e-mail — never its key, in no answer — and is audited with the secret masked', async () => {
      const res = await call(operator, 'PUT', '/api/config/push-credentials', { serviceAccountJson: JSON.stringify(account) });

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().push).toEqual({
        configured: true,
        projectId: 'sol-app-push',
        clientEmail: 'firebase-adminsdk@sol-app-push.iam.gserviceaccount.com',
      });
      const read = await call(operator, 'GET', '/api/config/');
      const audit = await call(operator, 'GET', '/api/config/audit');
      for (const body of [res.body, read.body, audit.body]) {
        expect(body).not.toContain('PRIVATE KEY');
        expect(body).not.toContain('a1b2c3');
      }
      const row = (await auditOf(sol)).at(-1)!;
      expect(row).toMatchObject({
        action: 'push-credentials.update',
        before: { projectId: null, clientEmail: null, serviceAccount: null },
        after: { projectId: 'sol-app-push', clientEmail: 'firebase-adminsdk@sol-app-push.iam.gserviceaccount.com', serviceAccount: '•••' },
      });
    });

    it('the same file, when set again, writes no audit row; another key of the same project audits only the masked secret', async () => {
      const before = (await auditOf(sol)).length;
      await call(operator, 'PUT', '/api/config/push-credentials', { serviceAccountJson: JSON.stringify(account, null, 2) });
      expect(await auditOf(sol)).toHaveLength(before);

      const rotated = { ...account, private_key: aServiceAccount().private_key };
      await call(operator, 'PUT', '/api/config/push-credentials', { serviceAccountJson: JSON.stringify(rotated) });

      const rows = await auditOf(sol);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ before: { serviceAccount: '•••' }, after: { serviceAccount: '•••' } });
      expect(Object.keys(rows.at(-1)!.after!)).toEqual(['serviceAccount']);
    });

    it.each([
      ['not JSON', 'project_id=x'],
      ['a JSON array', '[1,2]'],
      ['not a service account', JSON.stringify({ ...aServiceAccount(), type: 'authorized_user' })],
      ['no project', JSON.stringify({ ...aServiceAccount(), project_id: undefined })],
      ['no client e-mail', JSON.stringify({ ...aServiceAccount(), client_email: 'firebase' })],
      ['no private key', JSON.stringify({ ...aServiceAccount(), private_key: undefined })],
      ['a key that is not PEM', JSON.stringify({ ...aServiceAccount(), private_key: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC' })],
      [
        'a broken PEM key',
        JSON.stringify({ ...aServiceAccount(), private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n' }),
      ],
    ])('%s, when set as the service account, answers 400 on serviceAccountJson', async (_what, text) => {
      const res = await call(operator, 'PUT', '/api/config/push-credentials', { serviceAccountJson: text });

      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ serviceAccountJson: msg.pushCredentialsInvalid });
    });

    it('the service account, when removed, is gone and the removal audited; a second removal changes nothing', async () => {
      const res = await call(operator, 'DELETE', '/api/config/push-credentials');
      const before = (await auditOf(sol)).length;
      await call(operator, 'DELETE', '/api/config/push-credentials');

      expect(res.json().push).toEqual({ configured: false, projectId: null, clientEmail: null });
      expect(await auditOf(sol)).toHaveLength(before);
      expect((await auditOf(sol)).at(-1)).toMatchObject({
        action: 'push-credentials.delete',
        before: { projectId: 'sol-app-push', serviceAccount: '•••' },
        after: { projectId: null, clientEmail: null, serviceAccount: null },
      });
      expect(await t.db.selectFrom('tenant_push_credentials').selectAll().where('tenant_pk', '=', sol).execute()).toEqual([]);
    });
  });

  describe('QR token', () => {
    const start = (token: string, connectorId = 1) =>
      t.app.inject({
        method: 'POST',
        url: '/api/qrcode/start',
        remoteAddress: `10.88.0.${connectorId + 10}`,
        payload: { chargeBoxId: 'MOVE-CWB-001', connectorId, token, recaptchaResponse: 'human' },
      });

    it('a new token, when made, is shown, audited masked, and the old token printed on QR codes is refused by the QR page', async () => {
      const station = await t.db
        .selectFrom('charge_boxes')
        .select('charge_box_pk')
        .where('charge_box_id', '=', 'MOVE-CWB-001')
        .executeTakeFirstOrThrow();
      const link = await call(admin, 'GET', `/api/qrcode/chargepoints/${station.charge_box_pk}/connectors/1/qrcode.png`);
      const old = new URL(String(link.headers['x-qr-url'])).searchParams.get('token')!;
      expect((await call(operator, 'GET', `/api/config/?tenant=${move}`)).json().qrToken).toBe(old);

      const res = await call(operator, 'POST', `/api/config/qr-token?tenant=${move}`);

      expect(res.statusCode).toBe(200);
      const fresh = res.json().qrToken as string;
      expect(fresh).toMatch(/^[\w-]{32}$/);
      expect(fresh).not.toBe(old);
      expect((await call(operator, 'GET', `/api/config/?tenant=${move}`)).json().qrToken).toBe(fresh);
      const refused = await start(old);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('QR_TOKEN_INVALID');
      // The new token passes the token check: the next check (the connector) answers.
      const passed = await start(fresh, 9);
      expect(passed.json().code).toBe('QR_CONNECTOR_NOT_FOUND');
      expect((await auditOf(move)).map((r) => [r.action, r.before, r.after])).toEqual([
        ['qr-token.rotate', { qrToken: '•••' }, { qrToken: '•••' }],
      ]);
      const qrLink = await call(admin, 'GET', `/api/qrcode/chargepoints/${station.charge_box_pk}/connectors/1/qrcode.png`);
      expect(new URL(String(qrLink.headers['x-qr-url'])).searchParams.get('token')).toBe(fresh);
    });

    it('a network without a token yet (Terpel), when it makes one, audits it as new', async () => {
      expect((await call(admin, 'GET', `/api/config/?tenant=${terpel}`)).json().qrToken).toBeNull();

      const res = await call(admin, 'POST', `/api/config/qr-token?tenant=${terpel}`);

      expect(res.statusCode).toBe(200);
      expect((await auditOf(terpel)).map((r) => [r.action, r.before, r.after])).toEqual([
        ['qr-token.rotate', { qrToken: null }, { qrToken: '•••' }],
      ]);
    });
  });

  describe('history', () => {
    it('the audit list, when read, pages Sol’s changes newest first with who made them, 10 a page', async () => {
      // Four more saves: retention 31, 32, 33, 34 days.
      for (const days of [31, 32, 33, 34]) {
        const res = await call(
          operator,
          'PUT',
          '/api/config/',
          settingsBody({ brandName: 'Sol B', supportEmail: 'suporte@sol.com.br', logRetentionDays: days }),
        );
        expect(res.statusCode).toBe(200);
      }
      const rows = await auditOf(sol);
      // settings ×4 (change, clear, two at once), push ×3 (set, new key, remove), retention ×4.
      expect(rows).toHaveLength(11);

      const first = (await call(operator, 'GET', '/api/config/audit')).json();
      const second = (await call(operator, 'GET', '/api/config/audit?page=2')).json();

      expect(first.count).toBe(11);
      expect(first.results).toHaveLength(10);
      expect(second.results).toHaveLength(1);
      const newest = rows.at(-1)!;
      expect(first.results[0]).toEqual({
        auditPk: Number(newest.audit_pk),
        tenantPk: sol,
        tenantName: 'Sol Energia Mobilidade',
        userPk: newest.user_pk,
        userName: 'Otávio Operador',
        userEmail: demo.operator.email,
        area: 'config',
        action: 'settings.update',
        before: { logRetentionDays: 33 },
        after: { logRetentionDays: 34 },
        at: new Date(newest.at).toISOString(),
      });
      const pks = [...first.results, ...second.results].map((r: { auditPk: number }) => r.auditPk);
      expect(pks).toEqual(rows.map((r) => Number(r.audit_pk)).reverse());
      expect(first.results.every((r: { tenantPk: number }) => r.tenantPk === sol)).toBe(true);
    });
  });
});
