// @postgres concurrency: eight messages at once from one sender pass five (advisory lock per sender).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { tenantPk } from '../../../test/helpers/station-builders';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { FileMailer } from '../../platform/mail/mailer';
import { NoCaptcha } from '../../platform/captcha/no-captcha';
import { SupportService } from './service';
import type { SupportMail } from './support-mail';

const send = (t: TestApp, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/settings/supportMail/', headers: bearer(token), payload: payload as object });

const rowsOf = (t: TestApp, userPk: number) =>
  t.db.selectFrom('support_messages').selectAll().where('user_pk', '=', userPk).orderBy('support_message_pk').execute();

describe('support mail (POST /api/settings/supportMail/)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
    restoreClock();
  });

  it('a complaint from the Sol operator, when sent, is mailed to Sol’s support with the sender and Reply-To, stored as sent and listed', async () => {
    const token = await loginAs(t.app, demo.operator);
    t.mailer.sent.length = 0;

    const res = await send(t, token, { subject: 'complaint', message: 'A estação 3 não libera o cabo.' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Message sent successfully!',
      supportMessage: { subject: 'complaint', message: 'A estação 3 não libera o cabo.', status: 'sent' },
    });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0] as SupportMail;
    expect(mail.to).toBe('suporte@sol.com.br');
    expect(mail.replyTo).toEqual({ name: 'Otávio Operador', address: 'operador@sol.com.br' });
    expect(mail.subject).toBe('[Suporte] Reclamação — Sol Energia Mobilidade');
    expect(mail.text).toContain('Remetente: Otávio Operador');
    expect(mail.text).toContain('E-mail: operador@sol.com.br');
    expect(mail.text).toContain('Rede: Sol Energia Mobilidade (sol)');
    expect(mail.text).toContain('A estação 3 não libera o cabo.');
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/supportMail/', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalElements).toBe(1);
    expect(list.json().content[0]).toMatchObject({ subject: 'complaint', status: 'sent' });
  });

  it('a message without a subject, when sent by a Move user, counts as general and goes to Sol’s address (Move sets none, Sol is its parent)', async () => {
    const u = await aUserWith(t, { tenant: 'move', routes: ['/support'] });
    t.mailer.sent.length = 0;

    const res = await send(t, u.token, { message: 'Dúvida sobre o relatório.' });

    expect(res.statusCode).toBe(200);
    expect(res.json().supportMessage.subject).toBe('general');
    expect(t.mailer.sent[0]!.to).toBe('suporte@sol.com.br');
    expect(t.mailer.sent[0]!.subject).toBe('[Suporte] Geral — Move Eletropostos');
    const [row] = await rowsOf(t, u.userPk);
    expect(row).toMatchObject({
      tenant_pk: await tenantPk(t, 'move'),
      origin: 'dashboard',
      recipient: 'suporte@sol.com.br',
      status: 'sent',
      error: null,
    });
  });

  it.each([
    [{ subject: 'general' }, 'message', 'The message field is required.'],
    [{ message: '   ' }, 'message', 'The message field is required.'],
    [{ message: 'x'.repeat(256) }, 'message', 'At most 255 characters.'],
    [{ message: 'ok', subject: 'praise' }, 'subject', undefined],
    [{ message: 'a\u0000b' }, 'message', 'Must not contain a NUL character'],
    [{ message: 42 }, 'message', undefined],
  ])('a body %j, when sent, answers 400 naming the field and mails nothing', async (body, field, text) => {
    const token = await loginAs(t.app, demo.operator);
    t.mailer.sent.length = 0;

    const res = await send(t, token, body);

    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    if (text) expect(res.json().fields[field]).toBe(text);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('a message of exactly 255 characters, when sent, is accepted', async () => {
    const u = await aUserWith(t, { tenant: 'sol', routes: ['/support'] });
    expect((await send(t, u.token, { message: 'é'.repeat(255) })).statusCode).toBe(200);
  });

  it('a user without /support, when sending or listing, answers 403; without a session 401', async () => {
    const u = await aUserWith(t, { tenant: 'sol', routes: ['/'] });
    expect((await send(t, u.token, { message: 'hi' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/supportMail/', headers: bearer(u.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/settings/supportMail/', payload: { message: 'hi' } })).statusCode).toBe(401);
  });

  it('the list, when asked by another user of the same network, shows only that user’s own messages', async () => {
    const a = await aUserWith(t, { tenant: 'sol', routes: ['/support'] });
    const b = await aUserWith(t, { tenant: 'sol', routes: ['/support'] });
    await send(t, a.token, { message: 'from a' });

    const list = await t.app.inject({ method: 'GET', url: '/api/settings/supportMail/?page=1&size=5', headers: bearer(b.token) });

    expect(list.json()).toEqual({ content: [], totalElements: 0 });
  });

  it('a mail the server cannot deliver, when sent, answers 502 and is stored as failed with the reason', async () => {
    const u = await aUserWith(t, { tenant: 'sol', routes: ['/support'] });
    vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:25'));

    const res = await send(t, u.token, { subject: 'suggestion', message: 'Sugestão' });

    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('MAIL_FAILED');
    const [row] = await rowsOf(t, u.userPk);
    expect(row).toMatchObject({
      status: 'failed',
      recipient: 'suporte@sol.com.br',
      error: 'connect ECONNREFUSED 127.0.0.1:25',
      sent_at: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/supportMail/', headers: bearer(u.token) });
    expect(list.json().content[0].status).toBe('failed');
  });

  it('a network with no support address up its tree and none configured, when mailing, answers 503 and stores the message as failed', async () => {
    const u = await aUserWith(t, { tenant: 'andes', routes: ['/support'] });
    await t.db.updateTable('tenants').set({ support_email: null }).where('alias', 'in', ['andes', 'recarga']).execute();
    try {
      const res = await send(t, u.token, { message: 'Alguém aí?' });

      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SUPPORT_ADDRESS_MISSING');
      const [row] = await rowsOf(t, u.userPk);
      expect(row).toMatchObject({ status: 'failed', recipient: null, error: 'No support address configured' });
    } finally {
      await t.db.updateTable('tenants').set({ support_email: 'suporte@recarga.app' }).where('alias', '=', 'recarga').execute();
      await t.db.updateTable('tenants').set({ support_email: 'soporte@andescarga.ec' }).where('alias', '=', 'andes').execute();
    }
  });

  it('eight messages at once from one user, when sent, pass 5 (the limit per 15 minutes) and refuse 3 with 429; 16 minutes later one passes again', async () => {
    setClock('2026-11-25T12:00:00Z');
    const u = await aUserWith(t, { tenant: 'sol', routes: ['/support'] });

    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(t, u.token, { message: `bomb ${i}` })));

    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(answers.find((r) => r.statusCode === 429)!.headers['retry-after']).toBe('900');
    expect(await rowsOf(t, u.userPk)).toHaveLength(5);
    setClock('2026-11-25T12:16:00Z');
    expect((await send(t, u.token, { message: 'later' })).statusCode).toBe(200);
  });
});

describe('support mail through the file mailer (no MAIL_URL)', () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-support-mail-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a support message, when sent, is written as an .eml with To, Reply-To and the sender in the body', async () => {
    const service = new SupportService({
      db: t.db,
      mailer: new FileMailer(dir, 'Recarga <no-reply@recarga.app>', t.app.log),
      captcha: new NoCaptcha(),
    });
    const u = await aUserWith(t, { tenant: 'terpel', routes: ['/support'] });
    const ctx = { user: { userPk: u.userPk, name: 'Test terpel', email: 'camila@terpel.co', tenantPk: await tenantPk(t, 'terpel') } };

    await service.send(ctx as Parameters<SupportService['send']>[0], { subject: 'suggestion', message: 'Más estaciones en Medellín' });

    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: soporte@terpel\.co$/m);
    expect(eml).toMatch(/^Reply-To: Test terpel <camila@terpel\.co>$/m);
    // The subject is encoded (it holds non-ASCII letters): '[Soporte] Sugerencia — Terpel Energía'.
    expect(eml).toContain('Subject: =?UTF-8?Q?=5BSoporte=5D_Sugerencia_');
    expect(eml).toContain('camila@terpel.co');
  });
});

describe('contact form (POST /api/contact/, public, ALTCHA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha', ALTCHA_MAX_NUMBER: '200' } });
  });
  afterAll(() => t.close());
  afterEach(() => restoreClock());

  async function solved(): Promise<string> {
    const ch = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' })).json();
    const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    return Buffer.from(
      JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: s!.number, salt: ch.salt, signature: ch.signature }),
    ).toString('base64');
  }
  const form = {
    firstName: 'Lucas',
    lastName: 'Prado',
    email: 'lucas@example.com',
    phone: '+55 11 98765-4321',
    subject: 'complaint',
    message: 'Cobrança em dobro.',
  };
  const contact = (payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload,
      remoteAddress: opts.ip ?? '203.0.113.10',
      headers: { host: 'localhost', ...opts.headers },
    });

  it('a filled form with a solved captcha, when sent from the Move host, is mailed to Move’s support (Sol’s address) with Reply-To the visitor', async () => {
    t.mailer.sent.length = 0;

    const res = await contact({ ...form, recaptchaResponse: await solved() }, { ip: '203.0.113.1' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });
    const mail = t.mailer.sent[0] as SupportMail;
    expect(mail.to).toBe('suporte@sol.com.br');
    expect(mail.replyTo).toEqual({ name: 'Lucas Prado', address: 'lucas@example.com' });
    expect(mail.subject).toBe('[Contato] Reclamação — Move Eletropostos');
    expect(mail.text).toContain('Telefone: +55 11 98765-4321');
    const row = await t.db
      .selectFrom('support_messages')
      .selectAll()
      .where('sender_email', '=', 'lucas@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      origin: 'contact',
      user_pk: null,
      tenant_pk: await tenantPk(t, 'move'),
      status: 'sent',
      client_address: '203.0.113.1',
    });
  });

  it('the Api-Key of another network, when sent with the form, routes the mail to that network’s support', async () => {
    const terpel = await t.db.selectFrom('tenants').select('api_key').where('alias', '=', 'terpel').executeTakeFirstOrThrow();
    t.mailer.sent.length = 0;

    const res = await contact(
      { ...form, recaptchaResponse: await solved() },
      { ip: '203.0.113.2', headers: { 'api-key': terpel.api_key } },
    );

    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent[0]!.to).toBe('soporte@terpel.co');
    expect(t.mailer.sent[0]!.subject).toBe('[Contacto] Queja — Terpel Energía');
  });

  it('a failed or missing captcha, when sent, answers 400 on recaptchaResponse and stores and mails nothing', async () => {
    t.mailer.sent.length = 0;
    const before = await t.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    for (const recaptchaResponse of ['', 'bm90IGEgc29sdXRpb24=']) {
      const res = await contact({ ...form, recaptchaResponse }, { ip: '203.0.113.3' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CAPTCHA_INVALID', fields: { recaptchaResponse: 'Human verification failed' } });
    }
    const after = await t.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('an unknown Api-Key, when sent, answers 400 UNKNOWN_TENANT', async () => {
    const res = await contact({ ...form, recaptchaResponse: await solved() }, { ip: '203.0.113.4', headers: { 'api-key': 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_TENANT');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ firstName: '' }, 'firstName'],
    [{ phone: 'call me' }, 'phone'],
    [{ message: 'x'.repeat(256) }, 'message'],
  ])('a form with %j, when sent, answers 400 naming the field', async (change, field) => {
    const res = await contact({ ...form, ...change, recaptchaResponse: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('a fourth form from one client address within 15 minutes, when sent, answers 429 — a forged X-Forwarded-For does not help (no TRUST_PROXY)', async () => {
    setClock('2026-11-25T15:00:00Z');
    for (let i = 0; i < 3; i++) {
      expect((await contact({ ...form, recaptchaResponse: await solved() }, { ip: '198.51.100.50' })).statusCode).toBe(200);
    }

    const res = await contact(
      { ...form, recaptchaResponse: await solved() },
      { ip: '198.51.100.50', headers: { 'x-forwarded-for': '192.0.2.99' } },
    );

    expect(res.statusCode).toBe(429);
    expect((await contact({ ...form, recaptchaResponse: await solved() }, { ip: '198.51.100.51' })).statusCode).toBe(200);
  });
});
