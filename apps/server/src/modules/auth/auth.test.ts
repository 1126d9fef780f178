import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { AltchaCaptcha } from '../../platform/captcha/altcha-captcha';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';

const login = (t: TestApp, body: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: { recaptchaResponse: '', ...body }, remoteAddress: ip });

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('login_attempts').execute();
  });

  it('login, when the credentials are right, answers a token and the user with permissions', async () => {
    const res = await login(t, demo.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ name: 'Ana Administradora', id: expect.any(Number), tenant_pk: expect.any(Number) });
    expect(body.user.permissions).toContainEqual({ route: '/stations', status: true });
    expect(body.user.permissions).toContainEqual({ role_id: 'DASH_CVE_PRO_MONETIZATION_CONFIG', status: true });
  });

  it('login, when the e-mail differs only in case and spaces, still signs in', async () => {
    const res = await login(t, { email: '  ADMIN@Recarga.app ', password: demo.admin.password });
    expect(res.statusCode).toBe(200);
  });

  it('login, when the password is wrong, answers 401', async () => {
    const res = await login(t, { email: demo.admin.email, password: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('login, when the e-mail is unknown, answers 401', async () => {
    const res = await login(t, { email: 'ghost@nowhere.dev', password: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('login, when the user has no dashboard permission, answers 401', async () => {
    const res = await login(t, demo.driver);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NO_PERMISSION');
  });

  it('login, when the user is blocked, answers 403', async () => {
    await t.db.updateTable('users').set({ active: false }).where('email', '=', demo.owner.email).execute();
    try {
      const res = await login(t, demo.owner);
      expect(res.statusCode).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ active: true }).where('email', '=', demo.owner.email).execute();
    }
  });

  it('login, when a field is missing, answers 400 with the field named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'a@b.c' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('password');
  });

  it('login, after five failures for one e-mail, answers 429 even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, { email: demo.operator.email, password: 'bad' })).statusCode).toBe(401);
    const res = await login(t, demo.operator);
    expect(res.statusCode).toBe(429);
    // Another e-mail from another address is not affected.
    expect((await login(t, demo.admin, '10.0.0.2')).statusCode).toBe(200);
  });

  it('login, with 30 wrong guesses for one e-mail sent at once, checks no more than five passwords', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t, { email: 'raced@example.com', password: `guess ${i}` }, `10.0.8.${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    const failures = await t.db.selectFrom('login_attempts').select('attempt_pk').where('email_lc', '=', 'raced@example.com').execute();
    expect(failures).toHaveLength(5);
  });

  it('login, when the captcha fails, does not use up one of the five checks', async () => {
    const altcha = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await altcha.app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { recaptchaResponse: 'not a solution', email: 'captcha@example.com', password: 'x' },
          remoteAddress: '10.0.7.1',
        });
        expect(res.statusCode).toBe(400);
      }
      expect(await altcha.db.selectFrom('login_attempts').select('attempt_pk').execute()).toEqual([]);
    } finally {
      await altcha.close();
    }
  });

  it('a session token, when used on a call, opens it; after logout the same token answers 401', async () => {
    const token = await loginAs(t.app, demo.admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a token, when tampered with, answers 401', async () => {
    const token = await loginAs(t.app, demo.admin);
    const [id, exp] = token.split('.');
    const forged = `${id}.${Number(exp) + 86_400_000}.${token.split('.')[2]}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(forged) })).statusCode).toBe(401);
  });

  it('a token, when its session has expired, answers 401', async () => {
    const token = await loginAs(t.app, demo.admin);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logout, without a session, answers 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout/' })).statusCode).toBe(401);
  });

  it('login, with a forged X-Forwarded-For and no trusted proxy, counts against the address it came from', async () => {
    // 40 wrong passwords, each claiming another address, from one client (the address limit is 30)
    for (let i = 0; i < 40; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { recaptchaResponse: '', email: `nobody${i}@example.com`, password: 'bad' },
        remoteAddress: '10.0.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    }
    const ips = await t.db.selectFrom('login_attempts').select('ip').distinct().where('email_lc', 'like', 'nobody%').execute();
    expect(ips.map((r) => r.ip)).toEqual(['10.0.9.9']);
    expect((await login(t, demo.admin, '10.0.9.9')).statusCode).toBe(429);
  });
});

describe('sign-in behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.1.0.1' } });
  });
  afterAll(() => t.close());

  it('login, through the trusted proxy, counts against the address the proxy names; from anyone else, the header is ignored', async () => {
    const wrong = (remoteAddress: string, forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { recaptchaResponse: '', email: 'nobody@example.com', password: 'bad' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
    await wrong('10.1.0.1', '198.51.100.7');
    await wrong('10.1.0.2', '198.51.100.8');
    const ips = await t.db.selectFrom('login_attempts').select('ip').orderBy('attempted_at').orderBy('ip').execute();
    expect(ips.map((r) => r.ip).sort()).toEqual(['10.1.0.2', '198.51.100.7']);
  });
});

describe('sign-in with the ALTCHA captcha', () => {
  let t: TestApp;
  const hmacKey = 'test-hmac-key';
  beforeAll(async () => {
    // The challenge comes from the public endpoint, as in a browser.
    t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
  });
  afterAll(() => t.close());

  async function solved(): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
    expect(res.statusCode).toBe(200);
    const ch = res.json();
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    return Buffer.from(
      JSON.stringify({
        algorithm: ch.algorithm,
        challenge: ch.challenge,
        number: solution!.number,
        salt: ch.salt,
        signature: ch.signature,
      }),
    ).toString('base64');
  }

  it('login, when the captcha is missing, answers 400', async () => {
    const res = await login(t, demo.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CAPTCHA_INVALID');
  });

  it('login, when the captcha is solved, signs in; the same solution replayed is refused', async () => {
    const response = await solved();
    expect((await login(t, { ...demo.admin, recaptchaResponse: response })).statusCode).toBe(200);
    expect((await login(t, { ...demo.admin, recaptchaResponse: response })).statusCode).toBe(400);
  });

  it('the captcha, when signed with another key, is refused', async () => {
    const captcha = new AltchaCaptcha(t.db, 'server-key', 1000);
    const ch = await createChallenge({ hmacKey, maxNumber: 1000 });
    const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    const payload = Buffer.from(JSON.stringify({ ...ch, number: s!.number })).toString('base64');
    expect(await captcha.verify(payload)).toBe(false);
  });
});

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sendCode = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/forgotpassword/sendCode/', payload: { email, recaptchaResponse: '' } });
  const change = (email: string, code: string, password = 'Nova@2026') =>
    t.app.inject({ method: 'POST', url: '/api/forgotpassword/change/', payload: { email, code, password, recaptchaResponse: '' } });
  const lastCode = () => /\b(\d{6})\b/.exec(t.mailer.sent.at(-1)!.text)![1]!;

  it('sendCode, when the e-mail is unknown, answers data.error true and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await sendCode('ghost@nowhere.dev');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.error).toBe(true);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('sendCode, when the e-mail exists, mails a 6-digit code in the tenant language', async () => {
    const res = await sendCode(demo.operator.email);
    expect(res.json().data.error).toBe(false);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(demo.operator.email);
    expect(mail.subject).toBe('Seu código de recuperação de senha');
    expect(lastCode()).toMatch(/^\d{6}$/);
  });

  it('change, when no code was requested, answers 404', async () => {
    expect((await change(demo.terpel.email, '123456')).statusCode).toBe(404);
  });

  it('change, when the code expired, answers 410', async () => {
    await sendCode(demo.owner.email);
    await t.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await change(demo.owner.email, lastCode())).statusCode).toBe(410);
  });

  it('change, when the code is wrong, answers 400; the fifth wrong try and later ones answer 429', async () => {
    await sendCode(demo.operator.email);
    const right = lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await change(demo.operator.email, wrong)).statusCode).toBe(400);
    expect((await change(demo.operator.email, wrong)).statusCode).toBe(429);
    expect((await change(demo.operator.email, right)).statusCode).toBe(429);
  });

  it('change, when the code is right, sets the new password, ends old sessions and consumes the code', async () => {
    const oldToken = await loginAs(t.app, demo.admin);
    await sendCode(demo.admin.email);
    const code = lastCode();
    const res = await change(demo.admin.email, code, 'Trocada@2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.error).toBe(false);
    expect((await login(t, demo.admin)).statusCode).toBe(401);
    expect((await login(t, { email: demo.admin.email, password: 'Trocada@2026' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await change(demo.admin.email, code)).statusCode).toBe(404);
  });

  it('change, when the code is not six digits, answers 400 naming the field', async () => {
    const res = await change(demo.admin.email, '12');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('code');
  });
});
