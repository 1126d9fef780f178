// @postgres concurrency: two notifications of one payment at once credit it once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { closedPort } from '../../../test/helpers/fake-service';
import { userPk } from '../../../test/helpers/station-builders';
import { walletBalance } from '../../../test/helpers/transaction-builders';
import { ledgerImbalances } from '../financial/repository';
import { MercadoPagoProvider } from './mercado-pago-provider';
import { MercadoPagoWebhookService, signatureManifest, signManifest } from './mercado-pago-webhook-service';

/** What the fake Mercado Pago received. */
interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for api.mercadopago.com: payments by id, refunds, a configurable failure. */
async function fakeMercadoPago() {
  const seen: Seen[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const failing = new Set<string>();
  let refundSeq = 9000;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = raw ? JSON.parse(raw) : undefined;
      seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== 'Bearer TEST-ACCESS-TOKEN') return send(401, { message: 'invalid access token' });
      const refundMatch = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
      const paymentMatch = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      const id = (refundMatch ?? paymentMatch)?.[1];
      if (id && failing.has(id)) return send(500, { message: 'internal_error' });
      if (refundMatch && req.method === 'POST') {
        if (!req.headers['x-idempotency-key']) return send(400, { message: 'X-Idempotency-Key required' });
        return send(201, { id: ++refundSeq, payment_id: Number(id), amount: body?.amount ?? null, status: 'approved' });
      }
      if (paymentMatch && req.method === 'GET') {
        const p = payments.get(id!);
        return p ? send(200, p) : send(404, { message: 'Payment not found' });
      }
      send(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    payments,
    failing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Mercado Pago: the adapter against a local fake, refunds through it, payment notifications', () => {
  let mp: Awaited<ReturnType<typeof fakeMercadoPago>>;
  beforeAll(async () => {
    mp = await fakeMercadoPago();
  });
  afterAll(() => mp.close());

  describe('adapter', () => {
    const adapter = () =>
      new MercadoPagoProvider('MERCADO_PAGO_PIX', { accessToken: 'TEST-ACCESS-TOKEN', baseUrl: mp.url, timeoutMs: 2000 });

    it('a partial refund, when asked, posts the amount in major units with the bearer token and the idempotency key', async () => {
      const out = await adapter().refund('123456', 1234, { idempotencyKey: 'key-1' });
      expect(out.reference).toMatch(/^\d+$/);
      const call = mp.seen.at(-1)!;
      expect(call).toMatchObject({ method: 'POST', path: '/v1/payments/123456/refunds', body: { amount: 12.34 } });
      expect(call.headers).toMatchObject({
        authorization: 'Bearer TEST-ACCESS-TOKEN',
        'x-idempotency-key': 'key-1',
        'content-type': 'application/json',
      });
    });

    it('a total refund, when asked, posts no amount (Mercado Pago refunds the whole payment)', async () => {
      await adapter().refund('123457', 5000, { idempotencyKey: 'key-2', total: true });
      expect(mp.seen.at(-1)).toMatchObject({ path: '/v1/payments/123457/refunds', body: {} });
    });

    it('the status of a payment, when read, maps Mercado Pago’s statuses to the ledger’s', async () => {
      mp.payments.set('777', { id: 777, status: 'approved', status_detail: 'accredited', transaction_amount: 10, currency_id: 'BRL' });
      mp.payments.set('778', {
        id: 778,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        transaction_amount: 10,
        currency_id: 'BRL',
      });
      mp.payments.set('779', {
        id: 779,
        status: 'rejected',
        status_detail: 'cc_rejected_other_reason',
        transaction_amount: 10,
        currency_id: 'BRL',
      });
      expect(await adapter().status('777')).toEqual({ status: 'approved', externalId: '777', detail: 'accredited' });
      expect(await adapter().status('778')).toEqual({ status: 'in_process', externalId: '778', detail: 'pending_waiting_transfer' });
      expect(await adapter().status('779')).toEqual({ status: 'rejected', externalId: '779', detail: 'cc_rejected_other_reason' });
      expect(mp.seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/779' });
    });

    it('a failure, when Mercado Pago answers an error or cannot be reached, is a 502 AppError saying so', async () => {
      mp.failing.add('500500');
      await expect(adapter().refund('500500', 100)).rejects.toMatchObject({
        status: 502,
        code: 'PAYMENT_PROVIDER_FAILED',
        message: expect.stringContaining('500'),
      });
      await expect(adapter().status('404404')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('404') });
      const wrongToken = new MercadoPagoProvider('MERCADO_PAGO_CARD', { accessToken: 'WRONG-TOKEN', baseUrl: mp.url, timeoutMs: 2000 });
      await expect(wrongToken.refund('123', 100)).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('invalid access token'),
      });
      const gone = new MercadoPagoProvider('MERCADO_PAGO_CARD', {
        accessToken: 'TEST-ACCESS-TOKEN',
        baseUrl: `http://127.0.0.1:${await closedPort()}`,
        timeoutMs: 2000,
      });
      await expect(gone.refund('123', 100)).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('could not be reached'),
      });
      await expect(adapter().refund('not-a-payment', 100)).rejects.toMatchObject({ status: 502 });
    });

    it('without an access token, every call answers 503 and nothing is sent', async () => {
      const before = mp.seen.length;
      const none = new MercadoPagoProvider('MERCADO_PAGO_PIX', { baseUrl: mp.url, timeoutMs: 2000 });
      expect(none.configured).toBe(false);
      await expect(none.refund('123', 100)).rejects.toMatchObject({ status: 503, code: 'PAYMENT_PROVIDER_NOT_CONFIGURED' });
      await expect(none.status('123')).rejects.toMatchObject({ status: 503 });
      await expect(
        none.charge({ amount: 100, currency: 'BRL', reference: 'r', description: 'd', payer: { userPk: null, email: null } }),
      ).rejects.toMatchObject({
        status: 503,
      });
      expect(mp.seen.length).toBe(before);
    });
  });

  describe('through the app', () => {
    let t: TestApp;
    let sol: string;
    const SECRET = 'test-webhook-secret-0123';
    let julia: number;

    /** A notification signed as Mercado Pago signs it (or with the given signature). */
    const notify = (paymentId: string, requestId: string, opts: { signature?: string; secret?: string; ts?: number } = {}) => {
      const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
      const v1 = signManifest(opts.secret ?? SECRET, signatureManifest(paymentId, requestId, ts));
      return t.app.inject({
        method: 'POST',
        url: `/webhooks/mercado-pago?data.id=${paymentId}&type=payment`,
        headers: { 'x-signature': opts.signature ?? `ts=${ts},v1=${v1}`, 'x-request-id': requestId, 'content-type': 'application/json' },
        payload: { action: 'payment.updated', api_version: 'v1', type: 'payment', data: { id: paymentId } },
      });
    };
    const depositOf = (paymentId: string) =>
      t.db
        .selectFrom('financial_movements')
        .selectAll()
        .where('provider', '=', 'mercado_pago')
        .where('external_id', '=', paymentId)
        .execute();

    beforeAll(async () => {
      t = await createTestApp({
        env: {
          MERCADO_PAGO_ACCESS_TOKEN: 'TEST-ACCESS-TOKEN',
          MERCADO_PAGO_BASE_URL: mp.url,
          MERCADO_PAGO_WEBHOOK_SECRET: SECRET,
          MERCADO_PAGO_TIMEOUT_MS: '2000',
        },
      });
      sol = (await aUserWith(t, { tenant: 'sol', roles: [roles.monetization] })).token;
      julia = await userPk(t, 'julia.santos@move.com.br');
    });
    afterAll(() => t.close());

    it('a signed notification of an approved Pix top-up credits the wallet once, read from Mercado Pago', async () => {
      mp.payments.set('555001', {
        id: 555001,
        status: 'approved',
        status_detail: 'accredited',
        transaction_amount: 25.5,
        currency_id: 'BRL',
        external_reference: `deposit-${julia}`,
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        date_approved: '2026-11-20T10:00:00.000-03:00',
      });
      const before = (await walletBalance(t, 'julia.santos@move.com.br')) ?? 0;
      const res = await notify('555001', 'req-1');
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatch(/^credited movement \d+$/);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before + 2550);
      expect(await depositOf('555001')).toEqual([
        expect.objectContaining({
          target_type: 'USER',
          payment_type: 'MERCADO_PAGO_PIX',
          payment_status: 'approved',
          amount: 2550,
          user_pk: julia,
          paid_at: new Date('2026-11-20T13:00:00.000Z'),
        }),
      ]);
      // The same request again (a replay), and a new notification of the same payment: no second credit.
      expect((await notify('555001', 'req-1')).json().result).toMatch(/^replayed: credited/);
      expect((await notify('555001', 'req-2')).json().result).toMatch(/^recorded movement \d+ \(approved\)$/);
      const twice = await Promise.all([notify('555001', 'req-3'), notify('555001', 'req-4')]);
      expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before + 2550);
      expect(await depositOf('555001')).toHaveLength(1);
    });

    it('a pending top-up, when notified, is recorded in process and credited when a later notification says approved', async () => {
      mp.payments.set('555002', {
        id: 555002,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        transaction_amount: 10,
        currency_id: 'BRL',
        external_reference: `deposit-${julia}-app`,
        payment_method_id: 'pix',
      });
      const before = (await walletBalance(t, 'julia.santos@move.com.br')) ?? 0;
      expect((await notify('555002', 'req-10')).json().result).toMatch(/\(in_process\)$/);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before);
      mp.payments.set('555002', { ...mp.payments.get('555002')!, status: 'approved', status_detail: 'accredited' });
      expect((await notify('555002', 'req-11')).json().result).toMatch(/^credited/);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before + 1000);
    });

    it('a notification, when its signature is wrong, missing or for another secret, answers 401 and nothing is read', async () => {
      mp.payments.set('555003', {
        id: 555003,
        status: 'approved',
        transaction_amount: 99,
        currency_id: 'BRL',
        external_reference: `deposit-${julia}`,
      });
      const calls = mp.seen.length;
      for (const res of [
        await notify('555003', 'req-20', { secret: 'another-secret-123' }),
        await notify('555003', 'req-21', { signature: 'ts=1,v1=abc' }),
        await notify('555003', 'req-22', { signature: '' }),
        await t.app.inject({ method: 'POST', url: '/webhooks/mercado-pago?data.id=555003&type=payment', payload: {} }),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('INVALID_SIGNATURE');
      }
      // Signed for another payment id: the manifest covers data.id.
      const ts = String(Math.floor(Date.now() / 1000));
      const other = signManifest(SECRET, signatureManifest('555001', 'req-23', ts));
      expect((await notify('555003', 'req-23', { signature: `ts=${ts},v1=${other}` })).statusCode).toBe(401);
      expect(mp.seen.length).toBe(calls);
      expect(await depositOf('555003')).toEqual([]);
    });

    it('a notification of something else, or of a payment that is not ours, is answered and ignored', async () => {
      mp.payments.set('555004', {
        id: 555004,
        status: 'approved',
        transaction_amount: 5,
        currency_id: 'BRL',
        external_reference: 'someone-else',
      });
      expect((await notify('555004', 'req-30')).json().result).toBe('ignored: not a reference of ours');
      mp.payments.set('555005', {
        id: 555005,
        status: 'approved',
        transaction_amount: 5,
        currency_id: 'COP',
        external_reference: `deposit-${julia}`,
      });
      expect((await notify('555005', 'req-31')).json().result).toMatch(/^ignored: The payment is in COP/);
      mp.payments.set('555006', {
        id: 555006,
        status: 'approved',
        transaction_amount: 5,
        currency_id: 'BRL',
        external_reference: 'deposit-2000000000',
      });
      expect((await notify('555006', 'req-32')).json().result).toMatch(/^ignored: User not found/);
      expect(await depositOf('555005')).toEqual([]);
    });

    it('Mercado Pago, when it fails while a notification is processed, gets a 502 (it retries) and nothing is recorded', async () => {
      mp.failing.add('555007');
      const res = await notify('555007', 'req-40');
      expect(res.statusCode).toBe(502);
      expect(await t.db.selectFrom('payment_notifications').selectAll().where('request_id', '=', 'req-40').execute()).toEqual([]);
    });

    it('a deposit paid through Mercado Pago, when refunded from the dashboard, is refunded there and taken out of the wallet', async () => {
      const [dep] = await depositOf('555001');
      const before = (await walletBalance(t, 'julia.santos@move.com.br'))!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/gateway/transactions/${dep!.movement_pk}/payments/refunds?partialAmount=550`,
        headers: { ...bearer(sol), 'idempotency-key': 'mp-refund-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().transaction).toMatchObject({
        paymentStatus: 'partial_refund',
        paymentTransactionAmountAvailable: 2000,
        paymentType: 'MERCADO_PAGO_PIX',
      });
      expect(mp.seen.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payments/555001/refunds', body: { amount: 5.5 } });
      expect(mp.seen.at(-1)!.headers['x-idempotency-key']).toContain('mp-refund-1');
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before - 550);
      const ref = await t.db
        .selectFrom('payment_refunds')
        .select('provider_reference')
        .where('movement_pk', '=', dep!.movement_pk)
        .executeTakeFirstOrThrow();
      expect(ref.provider_reference).toMatch(/^\d+$/);
    });

    it('a Mercado Pago refund, when Mercado Pago fails, answers 502 with the reason and leaves the movement, the wallet and the key unchanged', async () => {
      const [dep] = await depositOf('555002');
      mp.failing.add('555002');
      const before = (await walletBalance(t, 'julia.santos@move.com.br'))!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/gateway/transactions/${dep!.movement_pk}/payments/refunds`,
        headers: { ...bearer(sol), 'idempotency-key': 'mp-refund-2' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: expect.stringContaining('Mercado Pago') });
      expect(
        await t.db
          .selectFrom('financial_movements')
          .select(['payment_status', 'refunded_amount'])
          .where('movement_pk', '=', dep!.movement_pk)
          .executeTakeFirstOrThrow(),
      ).toEqual({
        payment_status: 'approved',
        refunded_amount: 0,
      });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before);
      expect(await t.db.selectFrom('refund_idempotency_keys').selectAll().where('idempotency_key', '=', 'mp-refund-2').execute()).toEqual(
        [],
      );
      // Once Mercado Pago is back, the same key goes through.
      mp.failing.delete('555002');
      const retry = await t.app.inject({
        method: 'POST',
        url: `/gateway/transactions/${dep!.movement_pk}/payments/refunds`,
        headers: { ...bearer(sol), 'idempotency-key': 'mp-refund-2' },
      });
      expect(retry.json().transaction).toMatchObject({ paymentStatus: 'refunded' });
      expect(mp.seen.at(-1)).toMatchObject({ path: '/v1/payments/555002/refunds', body: {} });
    });

    it('the ledger, after the notifications and refunds, balances', async () => {
      expect(await ledgerImbalances(t.db)).toEqual([]);
    });
  });

  it('the webhook, when no secret is configured, answers a signed notification 503 and an unsigned one 401; with a maximum age, an old signed notification is refused', () => {
    const base = { db: undefined as never, ledger: undefined as never, provider: undefined as never, log: { warn: () => undefined } };
    const n = { signature: `ts=1,v1=${'0'.repeat(64)}`, requestId: 'r', dataId: '1', topic: 'payment' };
    expect(() => new MercadoPagoWebhookService({ ...base, maxAgeSec: 0 }).verify(n)).toThrow(
      expect.objectContaining({ status: 503, code: 'WEBHOOK_NOT_CONFIGURED' }),
    );
    // Without a signature it is refused as unsigned, configured or not.
    expect(() => new MercadoPagoWebhookService({ ...base, maxAgeSec: 0 }).verify({ ...n, signature: undefined })).toThrow(
      expect.objectContaining({ status: 401, code: 'INVALID_SIGNATURE' }),
    );
    const secret = 'test-webhook-secret-0123';
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const signed = (ts: number) => ({ ...n, signature: `ts=${ts},v1=${signManifest(secret, signatureManifest('1', 'r', String(ts)))}` });
    const strict = new MercadoPagoWebhookService({ ...base, secret, maxAgeSec: 300 });
    expect(() => strict.verify(signed(now / 1000 - 60), now)).not.toThrow();
    expect(() => strict.verify(signed(now / 1000 - 301), now)).toThrow(expect.objectContaining({ status: 401 }));
    // The manifest as Mercado Pago documents it: an alphanumeric id in lower case, absent parts left out.
    expect(signatureManifest('ABC123', 'req', '1704908010')).toBe('id:abc123;request-id:req;ts:1704908010;');
    expect(signatureManifest(undefined, undefined, '1704908010')).toBe('ts:1704908010;');
  });
});
