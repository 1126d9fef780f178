import { describe, expect, it } from 'vitest';
import { demoStationIds } from '../../server/src/db/seed/demo-stations';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { useSimulator } from './support/simulator';

/** A demo station of the Move tenant (the tenant of `localhost`, whose api key the live topics use). */
const stationId = demoStationIds().find((id) => id.startsWith('MOVE-SP-'))!;
const stationName = 'Move Paulista - Conjunto Nacional';

describe('live updates', () => {
  const browser = useBrowser();
  const simulators = useSimulator();

  it('a charge point raising Faulted: the toast appears and the bell list updates without a reload', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    // Searched: other files' stations (E2E-…) may come first in the list and push it to another page.
    await page.goto(appUrl(`/stations?search=${stationId}`));
    await page.locator('.stations-table .ant-table-row').first().waitFor();
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });

    const simulator = await simulators.start({ chargeBoxId: stationId, connectors: 2 });
    await page.locator(`[data-testid="online-${stationId}"][data-online="true"]`).waitFor({ timeout: 20_000 });

    await simulator.fault(1, 'GroundFailure');

    await waitForToast(page, `${stationName} acionou o evento Falha`);
    // The bell's list holds the newest events up to its limit, so after a full run its count may
    // stay the same (the oldest alert drops off); the newest item is the one to look at.
    await page.locator('[data-testid="notifications-button"]').click();
    const newest = page.locator('.notifications-popover .notification-item').first();
    await expect.poll(() => newest.innerText(), { timeout: 15_000 }).toContain(stationName);
    expect(await newest.innerText()).toContain('Falha');
    expect(await newest.innerText()).toContain('Falha de aterramento');
    // The station list row changed live too.
    const pill = page.locator('.stations-table .ant-table-row', { hasText: stationId }).locator('[data-testid="connector-pill-1"]');
    expect(await pill.getAttribute('data-status')).toBe('Faulted');
    expect(loads).toEqual([]);
  });

  it(
    'station status topics: two patterns of the api key, subscribed 5 s after connecting, however many stations there are',
    { timeout: 60_000 },
    async () => {
      const { page } = browser;
      const subscribed: { topic: string; at: number }[] = [];
      let opened = 0;
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/live?')) return;
        opened = Date.now();
        ws.on('framesent', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { action?: string; topic?: string };
          if (message.action === 'subscribe' && message.topic) subscribed.push({ topic: message.topic, at: Date.now() });
        });
      });
      await signIn(page, logins.admin);
      await expect.poll(() => subscribed.filter((s) => s.topic.includes('/chargeBox/+/')).length, { timeout: 20_000 }).toBe(2);
      const apiKey = subscribed.find((s) => s.topic.endsWith('/stats'))!.topic.split('/')[0];
      const patterns = subscribed.filter((s) => s.topic.includes('/chargeBox/+/'));
      expect(patterns.map((s) => s.topic).sort()).toEqual([`${apiKey}/chargeBox/+/connector/+/status`, `${apiKey}/chargeBox/+/status`]);
      for (const p of patterns) expect(p.at - opened).toBeGreaterThanOrEqual(4_900);
      // No topic of one station or one connector.
      expect(subscribed.filter((s) => /\/chargeBox\/[^+/]+\//.test(s.topic))).toEqual([]);
    },
  );

  it('sign-out: closes the live connection', async () => {
    const { page } = browser;
    const sockets: { url: string; closed: boolean }[] = [];
    page.on('websocket', (ws) => {
      const entry = { url: ws.url(), closed: false };
      sockets.push(entry);
      ws.on('close', () => (entry.closed = true));
    });
    await signIn(page, logins.admin);
    await expect.poll(() => sockets.filter((s) => s.url.includes('/live?')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const live = sockets.find((s) => s.url.includes('/live?'))!;
    expect(live.url).toContain('platform=DASHBOARD');
    // The token travels in the first message, not the address.
    expect(live.url).not.toContain('token=');

    await page.locator('[data-testid="user-menu"]').click();
    await page.getByText('Sair', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await expect.poll(() => live.closed, { timeout: 10_000 }).toBe(true);
  });
});
