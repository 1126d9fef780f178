import { createVerify, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { closedPort } from '../../../test/helpers/fake-service';
import { tenantPk, userPk } from '../../../test/helpers/station-builders';
import { FcmPushProvider } from './fcm-provider';
import { PushProviderError } from './push-provider';

const push = (t: TestApp, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/push-notification/', headers: bearer(token), payload: payload as object });
const list = (t: TestApp, token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/push-notification/${query}`, headers: bearer(token) });

describe('push notifications with the default outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a message from a Move operator, when sent, reaches Move’s 2 app users (3 devices), is stored as sent and listed', async () => {
    const u = await aUserWith(t, { tenant: 'move', routes: ['/push_notification'] });

    const res = await push(t, u.token, { message: '  Nova estação no centro!  ' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Push Notification sent successfully!',
      notification: {
        message: 'Nova estação no centro!',
        recipients: 2,
        devices: 3,
        delivered: 3,
        provider: 'outbox',
        status: 'sent',
        error: null,
        senderName: 'Test move',
      },
    });
    const page = (await list(t, u.token)).json();
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({ message: 'Nova estação no centro!', status: 'sent', recipients: 2 });
  });

  it('the list, when read by a user of another network (even the parent Sol), shows only that network’s notifications', async () => {
    const sol = await aUserWith(t, { tenant: 'sol', routes: ['/push_notification'] });
    const before = (await list(t, sol.token)).json().totalElements as number;

    const res = await push(t, sol.token, { message: 'Sol avisa' });

    expect(res.json().notification).toMatchObject({ recipients: 1, devices: 1 });
    const page = (await list(t, sol.token)).json();
    expect(page.totalElements).toBe(before + 1);
    expect(page.content.map((n: { message: string }) => n.message)).not.toContain('Nova estação no centro!');
  });

  it('pages of the list, when asked, come newest first and size-limited', async () => {
    const u = await aUserWith(t, { tenant: 'terpel', routes: ['/push_notification'] });
    for (const m of ['uno', 'dos', 'tres']) expect((await push(t, u.token, { message: m })).statusCode).toBe(200);

    const second = (await list(t, u.token, '?page=2&size=2')).json();

    expect(second.totalElements).toBe(3);
    expect(second.content.map((n: { message: string }) => n.message)).toEqual(['uno']);
  });

  it('a network whose app users have no registered device, when pushing, answers 422 NO_RECIPIENTS and stores nothing', async () => {
    const u = await aUserWith(t, { tenant: 'andes', routes: ['/push_notification'] });

    const res = await push(t, u.token, { message: 'hola' });

    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NO_RECIPIENTS');
    expect((await list(t, u.token)).json().totalElements).toBe(0);
  });

  it.each([
    [{}, 'The message field is required.'],
    [{ message: '' }, 'The message field is required.'],
    [{ message: 'x'.repeat(256) }, 'At most 255 characters.'],
  ])('a body %j, when pushed, answers 400 on message', async (body, text) => {
    const u = await aUserWith(t, { tenant: 'move', routes: ['/push_notification'] });
    const res = await push(t, u.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ message: text });
  });

  it('a user without /push_notification, when pushing or listing, answers 403; without a session 401', async () => {
    const u = await aUserWith(t, { tenant: 'move', routes: ['/support'] });
    expect((await push(t, u.token, { message: 'x' })).statusCode).toBe(403);
    expect((await list(t, u.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/push-notification/' })).statusCode).toBe(401);
  });
});

/** A local stand-in for Google's token service and FCM HTTP v1. */
async function fakeFcm(publicKey: string) {
  const state = {
    tokenRequests: [] as { grantType: string | null; claims: Record<string, unknown>; validSignature: boolean }[],
    sends: [] as {
      path: string;
      authorization?: string;
      body: { message: { token: string; notification: { title: string; body: string } } };
    }[],
    failAll: 0,
    refuseToken: false,
    unregistered: new Set<string>(),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        const [h, c, s] = (form.get('assertion') ?? '..').split('.');
        const validSignature = createVerify('RSA-SHA256')
          .update(`${h}.${c}`)
          .verify(publicKey, Buffer.from(s ?? '', 'base64url'));
        state.tokenRequests.push({
          grantType: form.get('grant_type'),
          claims: JSON.parse(Buffer.from(c ?? '', 'base64url').toString() || '{}'),
          validSignature,
        });
        if (state.refuseToken || !validSignature)
          return reply(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        return reply(200, { access_token: 'ya29.fake-access-token', expires_in: 3599, token_type: 'Bearer' });
      }
      const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (m && req.method === 'POST') {
        const body = JSON.parse(raw);
        state.sends.push({ path: url.pathname, authorization: req.headers.authorization, body });
        if (req.headers.authorization !== 'Bearer ya29.fake-access-token')
          return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'bad token' } });
        if (state.failAll)
          return reply(state.failAll, { error: { code: state.failAll, status: 'INTERNAL', message: 'Internal error encountered.' } });
        if (state.unregistered.has(body.message.token)) {
          return reply(404, {
            error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.', details: [{ errorCode: 'UNREGISTERED' }] },
          });
        }
        return reply(200, { name: `projects/${m[1]}/messages/${state.sends.length}` });
      }
      reply(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('push notifications through FCM HTTP v1 (against a local fake)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-fcm-'));
  const accountFile = path.join(dir, 'service-account.json');
  const account = {
    type: 'service_account',
    project_id: 'recarga-demo',
    client_email: 'push@recarga-demo.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  fs.writeFileSync(accountFile, JSON.stringify(account));
  let fcm: Awaited<ReturnType<typeof fakeFcm>>;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    fcm = await fakeFcm(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    // No PUSH_PROVIDER: the service account alone selects FCM.
    t = await createTestApp({
      env: { FCM_SERVICE_ACCOUNT_FILE: accountFile, FCM_BASE_URL: fcm.url, FCM_TOKEN_URL: `${fcm.url}/token`, FCM_TIMEOUT_MS: '2000' },
    });
    token = (await aUserWith(t, { tenant: 'move', routes: ['/push_notification'] })).token;
  });
  afterAll(async () => {
    await t.close();
    await fcm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a push, when sent, gets one access token by a signed JWT bearer grant and posts once per device of Move’s app users', async () => {
    const res = await push(t, token, { message: 'Recarga grátis hoje' });

    expect(res.statusCode).toBe(200);
    expect(res.json().notification).toMatchObject({ provider: 'fcm', status: 'sent', recipients: 2, devices: 3, delivered: 3 });
    expect(fcm.state.tokenRequests).toHaveLength(1);
    const grant = fcm.state.tokenRequests[0]!;
    expect(grant.grantType).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(grant.validSignature).toBe(true);
    expect(grant.claims).toMatchObject({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${fcm.url}/token`,
    });
    expect((grant.claims.exp as number) - (grant.claims.iat as number)).toBe(3600);
    expect(fcm.state.sends.map((s) => s.body.message.token).sort()).toEqual([
      'demo-fcm-token-move-julia-android',
      'demo-fcm-token-move-marcos-android',
      'demo-fcm-token-move-marcos-ios',
    ]);
    for (const s of fcm.state.sends) {
      expect(s.path).toBe('/v1/projects/recarga-demo/messages:send');
      expect(s.authorization).toBe('Bearer ya29.fake-access-token');
      expect(s.body.message.notification).toEqual({ title: 'Move Eletropostos', body: 'Recarga grátis hoje' });
    }
  });

  it('a second push, when sent within the hour, reuses the access token', async () => {
    fcm.state.sends.length = 0;
    expect((await push(t, token, { message: 'de novo' })).statusCode).toBe(200);
    expect(fcm.state.tokenRequests).toHaveLength(1);
    expect(fcm.state.sends).toHaveLength(3);
  });

  it('one device FCM no longer knows (404 UNREGISTERED), when pushed, leaves the push partial with the reason and forgets that device', async () => {
    fcm.state.unregistered.add('demo-fcm-token-move-marcos-ios');

    const res = await push(t, token, { message: 'parcial' });

    expect(res.statusCode).toBe(200);
    expect(res.json().notification).toMatchObject({ status: 'partial', devices: 3, delivered: 2 });
    expect(res.json().notification.error).toBe('FCM answered 404: NOT_FOUND: Requested entity was not found.');
    const left = await t.db
      .selectFrom('push_devices')
      .select('token')
      .where('user_pk', '=', await userPk(t, 'motorista@move.com.br'))
      .execute();
    expect(left.map((d) => d.token)).toEqual(['demo-fcm-token-move-marcos-android']);
  });

  it('FCM answering 500 to every send, when pushed, answers 502 and the outbox row is failed with FCM’s reason', async () => {
    fcm.state.failAll = 500;
    try {
      const res = await push(t, token, { message: 'falha' });

      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PUSH_FAILED');
      expect(res.json().message).toContain('FCM answered 500: INTERNAL: Internal error encountered.');
      const row = await t.db.selectFrom('push_notifications').selectAll().where('message', '=', 'falha').executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'failed',
        delivered: 0,
        error: 'FCM answered 500: INTERNAL: Internal error encountered.',
        tenant_pk: await tenantPk(t, 'move'),
      });
    } finally {
      fcm.state.failAll = 0;
    }
  });

  it('FCM out of reach, when pushed, answers 502 saying so and the row is failed with the reason', async () => {
    const port = await closedPort();
    const provider = new FcmPushProvider({
      serviceAccount: account,
      baseUrl: `http://127.0.0.1:${port}`,
      tokenUrl: `${fcm.url}/token`,
      timeoutMs: 1000,
    });
    await expect(provider.send({ title: 'x', body: 'y' }, ['a', 'b'])).rejects.toThrow(/^FCM unreachable \(http:\/\/127\.0\.0\.1:\d+\)/);
    const noTokenService = new FcmPushProvider({
      serviceAccount: account,
      baseUrl: fcm.url,
      tokenUrl: `http://127.0.0.1:${port}/token`,
      timeoutMs: 1000,
    });
    await expect(noTokenService.send({ title: 'x', body: 'y' }, ['a'])).rejects.toThrow(PushProviderError);
    await expect(noTokenService.send({ title: 'x', body: 'y' }, ['a'])).rejects.toThrow(/FCM token service unreachable/);

    // The app's provider, once its service is gone (the access token is still cached).
    await fcm.close();
    const res = await push(t, token, { message: 'sem rede' });

    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/FCM unreachable/);
    const row = await t.db.selectFrom('push_notifications').selectAll().where('message', '=', 'sem rede').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^FCM unreachable/);
  });

  it('a token service refusing the credentials, when asked, is a clear error', async () => {
    const again = await fakeFcm(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    again.state.refuseToken = true;
    try {
      const provider = new FcmPushProvider({
        serviceAccount: account,
        baseUrl: again.url,
        tokenUrl: `${again.url}/token`,
        timeoutMs: 1000,
      });
      await expect(provider.send({ title: 'x', body: 'y' }, ['a'])).rejects.toThrow(
        'FCM token service refused the credentials (400): invalid_grant: Invalid JWT Signature.',
      );
      expect(again.state.sends).toHaveLength(0);
    } finally {
      await again.close();
    }
  });
});

describe('push notifications with a network’s own FCM account (set in /config)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account = {
    type: 'service_account',
    project_id: 'move-app',
    client_email: 'push@move-app.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // Never used: the server posts its assertions to its own token endpoint, not a file's.
    token_uri: 'https://token.example.invalid/token',
  };
  let fcm: Awaited<ReturnType<typeof fakeFcm>>;
  let t: TestApp;
  let admin: string;
  let moveUser: string;
  let move: number;
  const setAccount = (app: TestApp, token: string) =>
    app.app.inject({
      method: 'PUT',
      url: `/api/config/push-credentials?tenant=${move}`,
      headers: bearer(token),
      payload: { serviceAccountJson: JSON.stringify(account) },
    });

  beforeAll(async () => {
    fcm = await fakeFcm(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    // No server service account: the outbox is the server's provider.
    t = await createTestApp({ env: { FCM_BASE_URL: fcm.url, FCM_TOKEN_URL: `${fcm.url}/token`, FCM_TIMEOUT_MS: '2000' } });
    move = await tenantPk(t, 'move');
    admin = (await aUserWith(t, { tenant: 'recarga', routes: ['/config'] })).token;
    moveUser = (await aUserWith(t, { tenant: 'move', routes: ['/push_notification'] })).token;
  });
  afterAll(async () => {
    await t.close();
    await fcm.close();
  });

  it('Move with its own account, when pushing, goes through FCM signed with Move’s key, to Move’s project, via the server’s token endpoint', async () => {
    expect((await setAccount(t, admin)).statusCode).toBe(200);

    const res = await push(t, moveUser, { message: 'Conta própria' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification).toMatchObject({ provider: 'fcm', status: 'sent', devices: 3, delivered: 3 });
    expect(fcm.state.tokenRequests).toHaveLength(1);
    expect(fcm.state.tokenRequests[0]).toMatchObject({
      validSignature: true,
      claims: { iss: 'push@move-app.iam.gserviceaccount.com', aud: `${fcm.url}/token` },
    });
    expect(new Set(fcm.state.sends.map((s) => s.path))).toEqual(new Set(['/v1/projects/move-app/messages:send']));
  });

  it('Sol, without an account of its own, when pushing, keeps the server’s outbox', async () => {
    const sol = (await aUserWith(t, { tenant: 'sol', routes: ['/push_notification'] })).token;
    const sends = fcm.state.sends.length;

    const res = await push(t, sol, { message: 'Sem conta' });

    expect(res.json().notification).toMatchObject({ provider: 'outbox', status: 'sent' });
    expect(fcm.state.sends).toHaveLength(sends);
  });

  it('Move’s account, once removed in /config, no longer sends: the outbox again', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/config/push-credentials?tenant=${move}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);

    const res = await push(t, moveUser, { message: 'Sem conta de novo' });

    expect(res.json().notification.provider).toBe('outbox');
  });

  it('a server run with PUSH_PROVIDER=outbox, when Move has its own account, still keeps everything in the outbox', async () => {
    const local = await createTestApp({ env: { PUSH_PROVIDER: 'outbox', FCM_BASE_URL: fcm.url, FCM_TOKEN_URL: `${fcm.url}/token` } });
    try {
      const localAdmin = (await aUserWith(local, { tenant: 'recarga', routes: ['/config'] })).token;
      const localMove = (await aUserWith(local, { tenant: 'move', routes: ['/push_notification'] })).token;
      expect((await setAccount(local, localAdmin)).statusCode).toBe(200);
      const sends = fcm.state.sends.length;

      const res = await push(local, localMove, { message: 'Local' });

      expect(res.json().notification).toMatchObject({ provider: 'outbox', status: 'sent' });
      expect(fcm.state.sends).toHaveLength(sends);
    } finally {
      await local.close();
    }
  });
});

describe('push configuration', () => {
  it('PUSH_PROVIDER=fcm without a service account, when loaded, is refused at boot; without anything the outbox is chosen', () => {
    expect(() => loadConfig({ PUSH_PROVIDER: 'fcm' })).toThrow(ConfigError);
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_FILE: '/nonexistent/sa.json' })).toThrow(/FCM_SERVICE_ACCOUNT_FILE: file does not exist/);
    expect(loadConfig({}).push).toEqual({
      provider: 'outbox',
      fcm: undefined,
      // A network's own service account (set in /config) is used unless PUSH_PROVIDER=outbox.
      tenantFcm: { baseUrl: 'https://fcm.googleapis.com', tokenUrl: undefined, timeoutMs: 5000 },
    });
    expect(loadConfig({ PUSH_PROVIDER: 'outbox' }).push.tenantFcm).toBeUndefined();
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-sa-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a service-account file without its private key, when loaded, is refused naming the field', () => {
    const file = path.join(dir, 'sa.json');
    fs.writeFileSync(file, JSON.stringify({ project_id: 'p', client_email: 'c@x' }));
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_FILE: file })).toThrow(/the service account lacks private_key/);
    fs.writeFileSync(file, JSON.stringify({ project_id: 'p', client_email: 'c@x', private_key: 'k' }));
    expect(loadConfig({ FCM_SERVICE_ACCOUNT_FILE: file }).push.provider).toBe('fcm');
    expect(loadConfig({ FCM_SERVICE_ACCOUNT_FILE: file, PUSH_PROVIDER: 'outbox' }).push.provider).toBe('outbox');
  });
});
