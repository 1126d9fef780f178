// @postgres concurrency: two notifications of one payment at once credit it once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { closedPort } from '../../../test/helpers/fake-service';
import { userPk } from '../../../test/helpers/station-builders';
import { aTransaction, walletBalance } from '../../../test/helpers/transaction-builders';
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

/**
 * A local stand-in for api.mercadopago.com: payments by id; refunds made once per X-Idempotency-Key
 * (a key sent again answers the first refund, as Mercado Pago does); payments whose calls fail
 * (500), whose refunds are refused (400), or whose refunds wait until released.
 */
async function fakeMercadoPago() {
  const seen: Seen[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const failing = new Set<string>();
  const refusing = new Set<string>();
  /** Refunds made, each once, by idempotency key. */
  const refunds = new Map<string, { id: number; paymentId: string; amount: number | null }>();
  /** Payments whose refunds wait for `release()`. */
  const held = new Set<string>();
  let waiting: (() => void)[] = [];
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
        const key = req.headers['x-idempotency-key'];
        if (typeof key !== 'string' || !key) return send(400, { message: 'X-Idempotency-Key required' });
        if (refusing.has(id!)) return send(400, { message: 'invalid refund amount' });
        const answer = () => {
          let r = refunds.get(key);
          if (!r) refunds.set(key, (r = { id: ++refundSeq, paymentId: id!, amount: body?.amount ?? null }));
          send(201, { id: r.id, payment_id: Number(id), amount: r.amount, status: 'approved' });
        };
        if (held.has(id!)) return void waiting.push(answer);
        return answer();
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
    refusing,
    held,
    /** Refunds Mercado Pago made of a payment (each key once). */
    refundsOf: (paymentId: string) => [...refunds.values()].filter((r) => r.paymentId === paymentId),
    /** Refund requests received for a payment, repeats included. */
    refundCallsOf: (paymentId: string) => seen.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/refunds`),
    /** Answers the refunds that were held. */
    release: () => {
      const now = waiting;
      waiting = [];
      for (const answer of now) answer();
    },
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
          // Long enough that a refund held by the fake outlasts the slow-provider test's 3 s bound.
          MERCADO_PAGO_TIMEOUT_MS: '8000',
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
      // Mercado Pago's key names the refund row: the same refund sent again is made once there.
      expect(mp.seen.at(-1)!.headers['x-idempotency-key']).toMatch(/^recarga-refund-\d+$/);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before - 550);
      const ref = await t.db
        .selectFrom('payment_refunds')
        .select('provider_reference')
        .where('movement_pk', '=', dep!.movement_pk)
        .executeTakeFirstOrThrow();
      expect(ref.provider_reference).toMatch(/^\d+$/);
    });

    const refundOf = (movementPk: number, opts: { key?: string; partial?: number } = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/gateway/transactions/${movementPk}/payments/refunds${opts.partial === undefined ? '' : `?partialAmount=${opts.partial}`}`,
        headers: { ...bearer(sol), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
      });
    const refundRows = (movementPk: number) =>
      t.db
        .selectFrom('payment_refunds')
        .select(['refund_pk', 'amount', 'state', 'attempts', 'provider_reference'])
        .where('movement_pk', '=', movementPk)
        .orderBy('refund_pk')
        .execute();
    const movementState = (movementPk: number) =>
      t.db
        .selectFrom('financial_movements')
        .select(['payment_status', 'refunded_amount'])
        .where('movement_pk', '=', movementPk)
        .executeTakeFirstOrThrow();
    const keyRow = (key: string) => t.db.selectFrom('refund_idempotency_keys').selectAll().where('idempotency_key', '=', key).execute();
    /** An approved Pix top-up of Júlia, notified by Mercado Pago: its movement. */
    async function aPixDeposit(paymentId: string, reais: number) {
      mp.payments.set(paymentId, {
        id: Number(paymentId),
        status: 'approved',
        status_detail: 'accredited',
        transaction_amount: reais,
        currency_id: 'BRL',
        external_reference: `deposit-${julia}`,
        payment_method_id: 'pix',
      });
      expect((await notify(paymentId, `req-${paymentId}`)).json().result).toMatch(/^credited movement \d+$/);
      return Number((await depositOf(paymentId))[0]!.movement_pk);
    }
    /** Júlia spends from her wallet (a recharge billed to it) until `left` remains. */
    async function spendDownTo(left: number) {
      const spend = (await walletBalance(t, 'julia.santos@move.com.br'))! - left;
      const pk = await aTransaction(t, { idTag: '04B2C3D4E5', minutes: 30 });
      const station = await t.db.selectFrom('transactions').select('tenant_pk').where('transaction_pk', '=', pk).executeTakeFirstOrThrow();
      const bill = await t.db.transaction().execute((trx) =>
        t.app.services.get('ledger').bill(trx, {
          transactionPk: pk,
          tenantPk: station.tenant_pk,
          userPk: julia,
          amount: spend,
          currency: 'BRL',
          isIdle: false,
          pendingType: 'MANUAL_DASHBOARD',
        }),
      );
      expect(bill).toMatchObject({ payment_type: 'WALLET', payment_status: 'approved' });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(left);
    }

    it('a deposit refund, when the wallet was spent below the deposit, is refused before Mercado Pago is asked: four tries send no money back', async () => {
      const dep = await aPixDeposit('555010', 30);
      await spendDownTo(1595);
      for (const key of ['low-1', 'low-2', 'low-3', 'low-4']) {
        const res = await refundOf(dep, { key });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('WALLET_BALANCE_LOW');
        expect(await keyRow(key)).toEqual([]);
      }
      expect(mp.refundCallsOf('555010')).toEqual([]);
      expect(await movementState(dep)).toEqual({ payment_status: 'approved', refunded_amount: 0 });
      expect(await refundRows(dep)).toEqual([]);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(1595);
      // What the wallet still holds can go back.
      const part = await refundOf(dep, { key: 'low-5', partial: 1595 });
      expect(part.statusCode).toBe(200);
      expect(mp.refundsOf('555010')).toEqual([expect.objectContaining({ amount: 15.95 })]);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(0);
    });

    it('two refunds of one deposit, when sent at once, send the money back once: one is made, the other refused', async () => {
      const dep = await aPixDeposit('555011', 20);
      const both = await Promise.all([refundOf(dep, { key: 'twice-a' }), refundOf(dep, { key: 'twice-b' })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(['REFUND_IN_PROGRESS', 'NOT_REFUNDABLE']).toContain(both.find((r) => r.statusCode === 409)!.json().code);
      expect(mp.refundsOf('555011')).toHaveLength(1);
      expect(await movementState(dep)).toEqual({ payment_status: 'refunded', refunded_amount: 2000 });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(0);
      // One key sent twice at once: one refund, at Mercado Pago and here.
      const again = await aPixDeposit('555012', 7);
      const same = await Promise.all([refundOf(again, { key: 'same-key' }), refundOf(again, { key: 'same-key' })]);
      expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(mp.refundsOf('555012')).toHaveLength(1);
      expect(await refundRows(again)).toEqual([expect.objectContaining({ amount: 700, state: 'settled' })]);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(0);
    });

    it('a slow Mercado Pago, while it thinks about a refund, holds no database transaction: other reads are answered at once', async () => {
      const dep = await aPixDeposit('555013', 5);
      mp.held.add('555013');
      const pending = refundOf(dep, { key: 'slow-1' });
      await expect.poll(() => mp.refundCallsOf('555013').length).toBe(1);
      // While Mercado Pago thinks, an unrelated screen reads the ledger (3 s bounds a read that waits for the refund).
      const read = t.app.inject({ method: 'GET', url: '/gateway/transactions?page=0&size=5', headers: bearer(sol) });
      const bound = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000).unref());
      expect(await Promise.race([read.then((r) => r.statusCode), bound])).toBe(200);
      // The refund is reserved, committed, waiting for Mercado Pago's answer.
      expect(await refundRows(dep)).toEqual([expect.objectContaining({ state: 'reserved', amount: 500 })]);
      mp.held.delete('555013');
      mp.release();
      expect((await pending).statusCode).toBe(200);
      expect(await movementState(dep)).toEqual({ payment_status: 'refunded', refunded_amount: 500 });
    });

    it('a Mercado Pago refund, when Mercado Pago does not answer (500), is kept reserved: 502, the money held, the key kept; sent again under the same Mercado Pago key, it is made once', async () => {
      const dep = { movement_pk: await aPixDeposit('555016', 10) };
      mp.failing.add('555016');
      const before = (await walletBalance(t, 'julia.santos@move.com.br'))!;
      const res = await refundOf(dep!.movement_pk, { key: 'mp-refund-2' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNCONFIRMED', message: expect.stringContaining('Mercado Pago') });
      expect(await movementState(dep!.movement_pk)).toEqual({ payment_status: 'approved', refunded_amount: 0 });
      const [reserved] = await refundRows(dep!.movement_pk);
      expect(reserved).toMatchObject({ amount: 1000, state: 'reserved', attempts: 1, provider_reference: null });
      // The deposit's money is out of the wallet while its refund is on the way; a second refund waits for the first.
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before - 1000);
      expect((await refundOf(dep!.movement_pk, { key: 'mp-refund-other' })).json().code).toBe('REFUND_IN_PROGRESS');
      expect(await keyRow('mp-refund-2')).toEqual([expect.objectContaining({ refund_pk: reserved!.refund_pk })]);
      // Once Mercado Pago is back, the same key sends the same refund again and settles it.
      mp.failing.delete('555016');
      const retry = await refundOf(dep!.movement_pk, { key: 'mp-refund-2' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().transaction).toMatchObject({ paymentStatus: 'refunded' });
      const calls = mp.refundCallsOf('555016');
      expect(calls).toHaveLength(2);
      expect(calls.map((c) => c.headers['x-idempotency-key'])).toEqual([
        `recarga-refund-${reserved!.refund_pk}`,
        `recarga-refund-${reserved!.refund_pk}`,
      ]);
      expect(mp.refundsOf('555016')).toHaveLength(1);
      expect(await refundRows(dep!.movement_pk)).toEqual([expect.objectContaining({ state: 'settled', attempts: 2 })]);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before - 1000);
    });

    it('a refund left on its way (no answer, then nobody retried), when the billing job passes, is sent again and settled once', async () => {
      const dep = await aPixDeposit('555014', 4);
      mp.failing.add('555014');
      expect((await refundOf(dep)).json().code).toBe('PAYMENT_PROVIDER_UNCONFIRMED');
      mp.failing.delete('555014');
      const ledger = t.app.services.get('ledger');
      expect(await ledger.resumeRefunds(0)).toBe(1);
      expect(await ledger.resumeRefunds(0)).toBe(0);
      expect(await movementState(dep)).toEqual({ payment_status: 'refunded', refunded_amount: 400 });
      expect(mp.refundsOf('555014')).toHaveLength(1);
    });

    it('a Mercado Pago refund, when Mercado Pago refuses it (400), fails: 502, the wallet gets its money back, the key is free, the attempt stays as history', async () => {
      const dep = await aPixDeposit('555015', 6);
      mp.refusing.add('555015');
      const before = (await walletBalance(t, 'julia.santos@move.com.br'))!;
      const res = await refundOf(dep, { key: 'refused-1' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: expect.stringContaining('invalid refund amount') });
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before);
      expect(await movementState(dep)).toEqual({ payment_status: 'approved', refunded_amount: 0 });
      expect(await refundRows(dep)).toEqual([expect.objectContaining({ amount: 600, state: 'failed', attempts: 1 })]);
      expect(await keyRow('refused-1')).toEqual([]);
      mp.refusing.delete('555015');
      expect((await refundOf(dep, { key: 'refused-1' })).statusCode).toBe(200);
      expect(mp.refundsOf('555015')).toHaveLength(1);
      expect(await walletBalance(t, 'julia.santos@move.com.br')).toBe(before - 600);
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
