import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { THREE_DS_SCRIPT_URL_DEFAULT } from '@recarga/contracts/startup';
import { appUrl, useBrowser } from './support/browser';
import { callApi } from './support/api';
import { logins, signIn, waitForToast } from './support/auth';
import { connectStation, type StationClient } from './support/ocpp-station';
import { openStationEntry } from './support/stations';

/** A public station priced at nothing (the QR page starts only those), one connector. */
const STATION = 'E2E-QR-01';

/** Registers the station once per server; answers its key. */
async function ensureStation(page: Page): Promise<number> {
  const created = await callApi(page, '/api/chargepoints/', {
    method: 'POST',
    json: {
      chargeBoxId: STATION,
      description: 'Estação do QR code',
      typeOf: 'PUBLIC',
      showLocation: false,
      locationLatitude: null,
      locationLongitude: null,
      address: { street: 'Rua do QR', city: 'São Paulo', state: 'SP' },
      connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 22000 }],
    },
  });
  const exists = created.status === 409 || (created.status === 400 && created.text.includes('already exists'));
  expect(created.status === 200 || exists, created.text).toBe(true);
  const list = await callApi<{ chargePointList: { chargeBoxPk: number; chargeBoxId: string }[] }>(
    page,
    `/api/chargepoints?page=1&searchInput=${STATION}`,
  );
  return list.body.chargePointList.find((s) => s.chargeBoxId === STATION)!.chargeBoxPk;
}

let link: string | undefined;

/**
 * The address connector 1's QR code carries (item 2), as an administrator gets it: the station
 * card's QR code switched to connector 1; its link is the x-qr-url header of the PNG.
 */
async function qrLink(page: Page): Promise<string> {
  if (link) return link;
  await signIn(page, logins.admin, undefined, { at: null });
  const pk = await ensureStation(page);
  await page.goto(appUrl('/stations'));
  await page.locator('[data-testid="station-search"]').fill(STATION);
  await openStationEntry(page, STATION);
  const card = page.locator(`[data-testid="station-card-${STATION}"]`);
  await card.locator('[data-testid="station-qr"]').waitFor();
  const png = page.waitForResponse(
    (r) => new URL(r.url()).pathname.replace(/\/$/, '') === `/api/qrcode/chargepoints/${pk}/connectors/1/qrcode.png`,
  );
  await card.locator('[data-testid="qr-target"]').click();
  await page.locator('.ant-select-item-option', { hasText: 'Conector 1 — página de recarga' }).click();
  const answer = await png;
  expect(answer.status()).toBe(200);
  await card.locator(`img[alt="QR code do conector 1 da estação ${STATION}"]`).waitFor();
  link = (await answer.headerValue('x-qr-url'))!;
  // The page is public: the visitor holds no session.
  await page.evaluate(() => localStorage.clear());
  return link;
}

const toastLocator = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first();

async function solveQrCaptcha(page: Page) {
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await page.locator('[data-testid="qr-start"]:not([disabled])').waitFor({ timeout: 30_000 });
}

describe('public QR page (/qrcode/start/{chargeBoxId}/{connectorId}) on a phone', () => {
  const state = useBrowser({ viewport: { width: 390, height: 844 } });

  it('a visitor passes the robot check, starts the recharge (RemoteStartTransaction) and stops it (RemoteStopTransaction)', async () => {
    const { page } = state;
    const url = await qrLink(page);
    expect(url).toMatch(new RegExp(`^${appUrl('/qrcode/start/').replace(/[.]/g, '\\.')}${STATION}/1\\?token=[\\w-]{32}$`));

    let station: StationClient | undefined;
    try {
      station = await connectStation(STATION, 'E2E-QR');
      const starts: { connectorId: number; idTag: string }[] = [];
      const stops: { transactionId: number }[] = [];
      station.handle('RemoteStartTransaction', async ({ params }) => {
        starts.push(params as (typeof starts)[number]);
        return { status: 'Accepted' };
      });
      station.handle('RemoteStopTransaction', async ({ params }) => {
        stops.push(params as (typeof stops)[number]);
        return { status: 'Accepted' };
      });

      await page.goto(url);
      await page.getByRole('heading', { name: 'Recarga pelo QR code' }).waitFor();
      expect(await page.locator('[data-testid="qr-station"]').textContent()).toBe(STATION);
      // Both disabled until the robot check passes.
      expect(await page.locator('[data-testid="qr-start"]').isDisabled()).toBe(true);
      expect(await page.locator('[data-testid="qr-stop"]').isDisabled()).toBe(true);
      await solveQrCaptcha(page);
      expect(await page.locator('[data-testid="qr-stop"]').isDisabled()).toBe(false);

      await page.locator('[data-testid="qr-start"]').click();
      await waitForToast(page, 'Comando START enviado.');
      expect(starts).toHaveLength(1);
      expect(starts[0]!.connectorId).toBe(1);

      // The station starts the recharge with the tag it was sent (the network's QR guest tag).
      const started = (await station.call('StartTransaction', {
        connectorId: 1,
        idTag: starts[0]!.idTag,
        meterStart: 1000,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number; idTagInfo: { status: string } };
      expect(started.idTagInfo.status).toBe('Accepted');

      await page.locator('[data-testid="qr-stop"]').click();
      await waitForToast(page, 'Comando STOP enviado.');
      expect(stops).toEqual([{ transactionId: started.transactionId }]);
      await station.call('StopTransaction', {
        transactionId: started.transactionId,
        idTag: starts[0]!.idTag,
        meterStop: 4000,
        timestamp: new Date().toISOString(),
        reason: 'Remote',
      });
    } finally {
      await station?.close({ force: true });
    }
  });

  it('a failed robot check: the server refuses the start and the page says so, for 10 seconds', async () => {
    const { page } = state;
    const url = await qrLink(page);
    await page.goto(url);
    await solveQrCaptcha(page);
    // The check's answer is spoiled on its way (as a forged or replayed answer would be).
    await page.route('**/api/qrcode/start/', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), recaptchaResponse: 'forged' }) }),
    );
    await page.locator('[data-testid="qr-start"]').click();
    const toast = toastLocator(page, 'Por favor verifique que você não é um robô!');
    await toast.waitFor({ state: 'visible', timeout: 15_000 });
    const shownAt = Date.now();
    await toast.waitFor({ state: 'hidden', timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(9_000);
  });
});

/** The fake card provider's script: PagSeguro's two calls; a request with `fail` is refused. */
const FAKE_PROVIDER = `
window.PagSeguro = {
  setUp: function (options) { window.__setUp = options; },
  authenticate3DS: function (request) {
    if (request.fail) {
      var error = new Error('Card declined');
      error.detail = { code: 'DECLINED' };
      return Promise.reject(error);
    }
    return Promise.resolve({ status: 'AUTH_FLOW_COMPLETED', id: '3DS-' + window.__setUp.session + '-' + window.__setUp.env });
  }
};`;

/** A page that plays the native app: it embeds the bridge and keeps every answer it gets. */
const NATIVE_APP = (bridge: string) => `<!doctype html><html><body>
<iframe id="bridge" src="${bridge}" style="width:360px;height:640px"></iframe>
<script>
  window.answers = [];
  window.addEventListener('message', function (event) { window.answers.push({ origin: event.origin, data: event.data }); });
  window.send = function (message) { document.getElementById('bridge').contentWindow.postMessage(message, '*'); };
</script></body></html>`;

describe('card-payment bridge (/three-ds-authentication) driven by a fake native app', () => {
  const state = useBrowser();
  /**
   * The fake app's page, from a small server of the test on the loopback address (Chromium lets
   * only a private-network page frame a private-network one).
   */
  let native: Server;
  let nativeUrl = '';
  beforeAll(async () => {
    native = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(NATIVE_APP(appUrl('/three-ds-authentication')));
    });
    await new Promise<void>((resolve) => native.listen(0, '127.0.0.1', resolve));
    nativeUrl = `http://127.0.0.1:${(native.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => native.close(() => resolve())));

  /**
   * A context of its own that allows the provider's script host: the app's Content-Security-Policy
   * of the bridge page allows *.pagseguro.uol.com.br only, not PagBank's SDK host (see the report).
   * The provider's script address is answered by the test: the fake provider, or a failure.
   */
  async function nativeApp(provider: 'serve' | 'fail'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await state.context.browser()!.newContext({ bypassCSP: true });
    await context.route(THREE_DS_SCRIPT_URL_DEFAULT, (route) =>
      provider === 'serve' ? route.fulfill({ contentType: 'text/javascript', body: FAKE_PROVIDER }) : route.abort('failed'),
    );
    const page = await context.newPage();
    await page.goto(nativeUrl);
    await page.frameLocator('#bridge').locator('[data-testid="three-ds"]').waitFor();
    return { context, page };
  }
  const answers = (page: Page, n: number) =>
    page
      .waitForFunction((count) => (window as unknown as { answers: unknown[] }).answers.length >= count, n)
      .then(() => page.evaluate(() => (window as unknown as { answers: { origin: string; data: unknown }[] }).answers));

  it('startPagSeguro: runs the provider’s check in production and posts the result, then an error-typed answer; the spinner hides 10 s after a message', async () => {
    const { context, page } = await nativeApp('serve');
    try {
      const spinner = page.frameLocator('#bridge').locator('[data-testid="three-ds"] [role="status"]');
      await spinner.waitFor({ state: 'visible' });
      // Other messages are not for the bridge; JSON text (React Native) and objects both work.
      await page.evaluate(() => {
        const w = window as unknown as { send(m: unknown): void };
        w.send({ hello: 'world' });
        w.send(JSON.stringify({ command: 'startPagSeguro', session: 'S1', request: { amount: { value: 1990 } } }));
      });
      const [success] = await answers(page, 1);
      expect(success!.data).toEqual({ type: 'success', result: { status: 'AUTH_FLOW_COMPLETED', id: '3DS-S1-PROD' } });
      expect(success!.origin).toBe(new URL(appUrl()).origin);
      const answeredAt = Date.now();

      await page.evaluate(() =>
        (window as unknown as { send(m: unknown): void }).send({ command: 'startPagSeguro', session: 'S2', request: { fail: true } }),
      );
      const [, failure] = await answers(page, 2);
      expect(failure!.data).toEqual({ type: 'error', message: 'Card declined', detail: { code: 'DECLINED' } });
      await page.evaluate(() => (window as unknown as { send(m: unknown): void }).send({ command: 'startPagSeguro', request: {} }));
      const [, , invalid] = await answers(page, 3);
      expect(invalid!.data).toMatchObject({ type: 'error' });

      // Still working right after the messages; hidden 10 s after the last one.
      expect(Date.now() - answeredAt).toBeLessThan(9_000);
      expect(await spinner.isVisible()).toBe(true);
      await spinner.waitFor({ state: 'hidden', timeout: 15_000 });
      expect(Date.now() - answeredAt).toBeGreaterThan(9_500);
    } finally {
      await context.close();
    }
  });

  it('startPagSeguro, when the provider’s script cannot be loaded: posts that the provider could not be loaded', async () => {
    const { context, page } = await nativeApp('fail');
    try {
      await page.evaluate(() =>
        (window as unknown as { send(m: unknown): void }).send({ command: 'startPagSeguro', session: 'S3', request: { amount: 1 } }),
      );
      const [answer] = await answers(page, 1);
      expect(answer!.data).toEqual({ type: 'providerNotLoaded', message: 'The card payment provider (PagSeguro) could not be loaded' });
    } finally {
      await context.close();
    }
  });
});
