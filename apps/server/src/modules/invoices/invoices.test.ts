// @postgres write-pool, planner: payments through prepared statements and the transaction list with jit off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { aTransaction } from '../../../test/helpers/transaction-builders';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { accessKey, isValidCpf, mod11 } from './access-key';
import { InvoiceService } from './service';

describe('invoices (NF): local issuer state machine, PDF, errors, not configured, resend', () => {
  let t: TestApp;
  let finance: string;
  let terpel: string;

  const post = (token: string, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const state = async (pk: number) =>
    (await t.db.selectFrom('invoices').selectAll().where('transaction_pk', '=', pk).executeTakeFirst())?.state;
  const row = async (token: string, pk: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/transaction?searchInput=${pk}`, headers: bearer(token) })).json().list[0];
  const paid = async (idTag: string, station = 'MOVE-SP-001') => {
    const pk = await aTransaction(t, { idTag, station });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/transaction/${pk}/pay`,
      headers: bearer(station.startsWith('TERPEL') ? terpel : finance),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return pk;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.get('invoices').setAutomatic(false);
    const all = [roles.financialIndicators, roles.paymentApproval, roles.invoice];
    finance = (await aUserWith(t, { tenant: 'sol', roles: all })).token;
    terpel = (await aUserWith(t, { tenant: 'terpel', roles: all })).token;
  });
  afterAll(() => t.close());

  it('a paid recharge of a tenant with invoicing: PROCESSING, then the issuer steps to AUTHORIZED with a number, an access key and a PDF', async () => {
    const pk = await paid('04B2C3D4E5');
    expect(await state(pk)).toBe('PROCESSING');
    expect(await row(finance, pk)).toMatchObject({
      nfeStatus: 'PROCESSANDO_AUTORIZACAO',
      nfeStatusFinancial: 'processando_autorizacao',
      nfeUrl: null,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/nfe/${pk}/pdf`, headers: bearer(finance) })).statusCode).toBe(404);
    await t.app.services.get('invoices').processDue(new Date(Date.now() + 60_000), 1); // submitted
    expect(await state(pk)).toBe('PROCESSING');
    await t.app.services.get('invoices').drain();
    const inv = (await t.db.selectFrom('invoices').selectAll().where('transaction_pk', '=', pk).executeTakeFirstOrThrow())!;
    expect(inv).toMatchObject({ state: 'AUTHORIZED', number: 1, series: '1', issuer: 'local' });
    expect(inv.access_key).toMatch(/^\d{44}$/);
    expect(mod11(inv.access_key!.slice(0, 43))).toBe(Number(inv.access_key![43]));
    expect(await row(finance, pk)).toMatchObject({
      nfeStatus: 'AUTORIZADO',
      nfeStatusFinancial: 'autorizado',
      nfeUrl: `/api/nfe/${pk}/pdf`,
    });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/nfe/${pk}/pdf/`, headers: bearer(finance) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: `/api/nfe/${pk}/pdf`, headers: bearer(terpel) })).statusCode).toBe(404);
    const again = await post(finance, '/api/nfe/resend', pk);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVOICE_NOT_RESENDABLE');
  });

  it('a driver without a CPF: AUTHORIZATION_ERROR (ERROR_CS / erro_autorizacao); after the CPF is fixed, resend authorises it', async () => {
    await t.db.updateTable('users').set({ doc_number: null, doc_type: null }).where('email', '=', 'julia.santos@move.com.br').execute();
    const pk = await paid('04B2C3D4E5');
    await t.app.services.get('invoices').drain();
    expect(await state(pk)).toBe('AUTHORIZATION_ERROR');
    expect(await row(finance, pk)).toMatchObject({ nfeStatus: 'ERROR_CS', nfeStatusFinancial: 'erro_autorizacao' });
    expect(
      (await t.db.selectFrom('invoices').select('message').where('transaction_pk', '=', pk).executeTakeFirstOrThrow()).message,
    ).toContain('CPF');
    await t.db
      .updateTable('users')
      .set({ doc_number: '39053344705', doc_type: 'CPF' })
      .where('email', '=', 'julia.santos@move.com.br')
      .execute();
    const res = await post(finance, '/api/nfe/resend', pk);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Invoice resent successfully!',
      nfeStatus: 'PROCESSANDO_AUTORIZACAO',
      nfeStatusFinancial: 'processando_autorizacao',
    });
    await t.app.services.get('invoices').drain();
    expect(await state(pk)).toBe('AUTHORIZED');
    expect((await t.db.selectFrom('invoices').select('attempts').where('transaction_pk', '=', pk).executeTakeFirstOrThrow()).attempts).toBe(
      2,
    );
  });

  it('a tenant without invoicing shows the not-configured state; resend says so (409) until invoicing is enabled', async () => {
    const pk = await paid('04D4E5F6A7', 'TERPEL-BOG-001');
    expect(await state(pk)).toBe('NOT_CONFIGURED');
    expect(await row(terpel, pk)).toMatchObject({
      nfeStatus: 'ERROR_DISABLE_OR_NOT_CONFIGURED',
      nfeStatusFinancial: 'error_disabled_or_not_configured',
    });
    const refused = await post(terpel, '/api/nfe/resend', { transactionPk: pk });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVOICING_NOT_CONFIGURED');
    await t.db.updateTable('tenants').set({ invoicing_enabled: true }).where('alias', '=', 'terpel').execute();
    const ok = await post(terpel, '/api/nfe/resend', { transaction_pk: pk });
    expect(ok.json().nfeStatus).toBe('PROCESSANDO_AUTORIZACAO');
    await t.app.services.get('invoices').drain();
    // The Colombian driver has no document: the local issuer refuses it.
    expect(await state(pk)).toBe('AUTHORIZATION_ERROR');
  });

  it("resend: needs DASH_INVOICE or /transactions/show_nf_column (403); an unpaid recharge is 409; another tenant's is 404", async () => {
    const plain = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/transactions'] })).token;
    const pk = await aTransaction(t, { idTag: '1A2B3C4D' });
    expect((await post(plain, '/api/nfe/resend', pk)).statusCode).toBe(403);
    const withColumn = (await aUserWith(t, { tenant: 'sol', routes: ['/', '/transactions', '/transactions/show_nf_column'] })).token;
    const unpaid = await post(withColumn, '/api/nfe/resend', pk);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('NOT_PAID');
    expect((await post(terpel, '/api/nfe/resend', pk)).statusCode).toBe(404);
    expect((await post(finance, '/api/nfe/resend', 'abc')).statusCode).toBe(400);
  });

  it('an issuer that fails is retried with a growing delay and ends in CS_ERROR (ERROR_CS) after 5 attempts', async () => {
    const broken = new InvoiceService({
      db: t.db,
      dataDir: t.config.dataDir,
      stepDelayMs: 0,
      issuer: {
        name: 'broken',
        submit: async () => {
          throw new Error('connection refused');
        },
        check: async () => {
          throw new Error('connection refused');
        },
      },
    });
    broken.setAutomatic(false);
    const pk = await paid('1A2B3C4D');
    for (let i = 0; i < 6; i++) await broken.processDue(new Date(Date.now() + 86_400_000));
    const inv = await t.db.selectFrom('invoices').selectAll().where('transaction_pk', '=', pk).executeTakeFirstOrThrow();
    expect(inv).toMatchObject({ state: 'CS_ERROR', attempts: 5 });
    expect(inv.message).toContain('connection refused');
    expect(await row(finance, pk)).toMatchObject({ nfeStatus: 'ERROR_CS', nfeStatusFinancial: 'error_cs' });
  });

  it('access key and CPF helpers', () => {
    const key = accessKey({ issuedAt: new Date('2026-03-05T12:00:00Z'), tenantPk: 3, series: '1', number: 42, invoicePk: 9 });
    expect(key).toHaveLength(44);
    expect(key.slice(0, 6)).toBe('352603');
    expect(key.slice(25, 34)).toBe('000000042');
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('52998224724')).toBe(false);
  });
});
