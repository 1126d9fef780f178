// @postgres concurrency: thirty wrong guesses for one e-mail and eight recovery codes sent at once (advisory locks per e-mail and address).
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { AltchaCaptcha } from '../../platform/captcha/altcha-captcha';
import { AuthService, type AuthDeps } from './service';
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

  it("login, after a stranger's five wrong passwords, still signs the owner in from an address they used before", async () => {
    expect((await login(t, demo.operator, '10.0.20.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await login(t, { email: demo.operator.email, password: `guess ${i}` }, '10.0.20.66')).statusCode).toBe(401);

    const home = await login(t, demo.operator, '10.0.20.1');
    const stranger = await login(t, demo.operator, '10.0.20.66');
    const newPlace = await login(t, demo.operator, '10.0.20.2');

    expect(home.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(429);
    // A place the account never signed in from waits out the e-mail's backoff: 30 s after the latest guess.
    expect(newPlace.statusCode).toBe(429);
    expect(Number(newPlace.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(newPlace.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('login, beyond five failures, is slowed rather than locked: one more check after 30 s, the next after a minute', async () => {
    /** Moves the attempts `ms` into the past, as if that much time had gone by. */
    const age = (ms: number) =>
      t.db
        .updateTable('login_attempts')
        .set({ attempted_at: sql<Date>`attempted_at - (${ms} * interval '1 millisecond')` })
        .execute();
    for (let i = 0; i < 5; i++) await login(t, { email: demo.operator.email, password: 'bad' }, '10.0.21.1');
    const sixth = await login(t, { email: demo.operator.email, password: 'bad' }, '10.0.21.1');
    expect(sixth.statusCode).toBe(429);
    // 30 s after the fifth failure (less the moments the calls took)
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(30);

    await age(31_000);
    expect((await login(t, { email: demo.operator.email, password: 'bad' }, '10.0.21.1')).statusCode).toBe(401);
    await age(31_000);
    const waiting = await login(t, demo.operator, '10.0.21.1');
    expect(waiting.statusCode).toBe(429);
    // a minute after the sixth failure, which is 31 s old
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(29);
    await age(30_000);
    expect((await login(t, demo.operator, '10.0.21.1')).statusCode).toBe(200);
  });

  it('old sign-in attempts are swept: failures after the window, known places after thirty days', async () => {
    const now = Date.now();
    await t.db
      .insertInto('login_attempts')
      .values([
        { email_lc: 'old@example.com', ip: '10.0.22.1', success: false, attempted_at: new Date(now - 16 * 60_000) },
        { email_lc: 'old@example.com', ip: '10.0.22.2', success: false, attempted_at: new Date(now - 60_000) },
        { email_lc: 'old@example.com', ip: '10.0.22.3', success: true, attempted_at: new Date(now - 20 * 86_400_000) },
        { email_lc: 'old@example.com', ip: '10.0.22.4', success: true, attempted_at: new Date(now - 31 * 86_400_000) },
      ])
      .execute();
    // The job's work, run now (the sweep needs only the database).
    await new AuthService({ db: t.db } as AuthDeps).sweepAttempts(new Date(now));
    const left = await t.db.selectFrom('login_attempts').select('ip').where('email_lc', '=', 'old@example.com').orderBy('ip').execute();
    expect(left.map((r) => r.ip)).toEqual(['10.0.22.2', '10.0.22.3']);
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

  // Each test speaks from its own client address, so that the per-client limits of one test do
  // not carry into the next.
  let client = 0;
  let address = '10.9.0.1';
  beforeEach(() => {
    client += 1;
    address = `10.9.0.${client}`;
  });
  const sendCode = (email: string, from = address) =>
    t.app.inject({ method: 'POST', url: '/api/forgotpassword/sendCode/', payload: { email, recaptchaResponse: '' }, remoteAddress: from });
  const change = (email: string, code: string, password = 'Nova@2026', from = address) =>
    t.app.inject({
      method: 'POST',
      url: '/api/forgotpassword/change/',
      payload: { email, code, password, recaptchaResponse: '' },
      remoteAddress: from,
    });
  const lastCode = () => /\b(\d{6})\b/.exec(t.mailer.sent.at(-1)!.text)![1]!;

  it('sendCode, for an unknown e-mail and for an account: the same answer; only the account gets a mail', async () => {
    const before = t.mailer.sent.length;
    const ghost = await sendCode('ghost@nowhere.dev');
    expect(t.mailer.sent.length).toBe(before);
    const known = await sendCode(demo.operator.email);
    expect(t.mailer.sent.length).toBe(before + 1);

    expect([ghost.statusCode, known.statusCode]).toEqual([200, 200]);
    expect(ghost.body).toBe(known.body);
    expect(ghost.json()).toEqual({ data: { error: false, message: 'Code sent' } });
  });

  it('sendCode, for an account: a 6-digit code in the tenant language and brand (wordmark, colours, company)', async () => {
    await sendCode(demo.terpel.email);
    const mail = t.mailer.sent.at(-1)!;

    expect(mail.to).toBe(demo.terpel.email);
    expect(mail.subject).toBe('Su código de recuperación de contraseña');
    expect(lastCode()).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Terpel');
    // Terpel's brand red and its company line, from the shared brand catalogue.
    expect(mail.html).toContain('#d6001c');
    expect(mail.html).toContain('Terpel Movilidad Eléctrica S.A.S.');
    expect(mail.html).toContain(`>${lastCode()}<`);
    expect(mail.html).toContain('Restablecimiento de contraseña');
  });

  it('sendCode, past 3 codes for one e-mail: 429 whether or not the e-mail has an account', async () => {
    const tries = async (email: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await sendCode(email, `10.8.${client}.${i}`)).statusCode);
      return codes;
    };
    expect(await tries(demo.owner.email)).toEqual([200, 200, 200, 429]);
    expect(await tries('nobody-here@nowhere.dev')).toEqual([200, 200, 200, 429]);
  });

  it('sendCode, past 10 requests from one client: 429 for any e-mail', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await sendCode(`ghost-${i}@nowhere.dev`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });

  it('sendCode, 8 at once for one e-mail: exactly 3 go through (the count cannot be raced)', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => sendCode('race@nowhere.dev', `10.7.${client}.${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
  });

  it('change, with no code asked for within 15 minutes (none at all, an unknown e-mail, an expired code): the same 410 The code has expired', async () => {
    await sendCode(demo.driver.email);
    const code = lastCode();
    // Sixteen minutes later: the code and the request are past a code's lifetime.
    const past = new Date(Date.now() - 16 * 60_000);
    await t.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await t.db.updateTable('recovery_counters').set({ last_at: past, window_start: past }).execute();
    const answers = [
      await change(demo.terpel.email, '123456'),
      await change('ghost@nowhere.dev', '123456'),
      await change(demo.driver.email, code),
    ];

    expect(answers.map((a) => a.statusCode)).toEqual([410, 410, 410]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'The code has expired.',
      fields: { code: 'The code has expired.' },
    });
  });

  it('change, with a code asked for a moment ago and the wrong digits: the same 400 Check that the entered code is valid, account or not', async () => {
    await sendCode(demo.owner.email, `10.5.${client}.1`);
    const right = lastCode();
    await sendCode('ghost-recent@nowhere.dev', `10.5.${client}.2`);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [await change(demo.owner.email, wrong), await change('ghost-recent@nowhere.dev', wrong)];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400]);
    expect(answers[0]!.body).toBe(answers[1]!.body);
    expect(answers[0]!.json()).toMatchObject({ code: 'CODE_INVALID', fields: { code: 'Check that the entered code is valid.' } });
  });

  it('change, past 5 checks for one e-mail: 429 whether or not the e-mail has an account, and the right code is refused too', async () => {
    await sendCode(demo.operator.email);
    const right = lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    const tries = async (email: string, last: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await change(email, wrong, 'Nova@2026', `10.6.${client}.${i}`)).statusCode);
      codes.push((await change(email, last, 'Nova@2026', `10.6.${client}.9`)).statusCode);
      return codes;
    };
    expect(await tries(demo.operator.email, right)).toEqual([400, 400, 400, 400, 400, 429]);
    await sendCode('ghost-check@nowhere.dev', `10.6.${client}.8`);
    expect(await tries('ghost-check@nowhere.dev', '123456')).toEqual([400, 400, 400, 400, 400, 429]);
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
    expect((await change(demo.admin.email, code)).statusCode).toBe(400);
  });

  it('change, when the code is not six digits, answers 400 naming the field', async () => {
    const res = await change(demo.admin.email, '12');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('code');
  });
});
