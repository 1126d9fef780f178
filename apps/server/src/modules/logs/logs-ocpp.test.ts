// @postgres write-pool: two live stations written by the batcher's pool while a command uses the main pool; asserts line order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { aStation } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { bootedStation, eventually, type StationClient } from '../../../test/ocpp/ocpp-helpers';

/** The lines of a tenant's log of today, without their time. */
const withoutTime = (text: string) => text.split('\n').map((l) => l.replace(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} /, ''));

describe('the tenant log over real OCPP websockets (ocpp-rpc, strict mode)', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  const clients: StationClient[] = [];

  const logOf = async (tenant: string) => {
    await t.app.services.get('tenantLog').flush();
    const res = await t.app.inject({ method: 'GET', url: `/api/log/?tenant=${encodeURIComponent(tenant)}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return withoutTime(res.body);
  };

  beforeAll(async () => {
    setClock('2026-11-25T15:00:00Z');
    t = await createTestApp();
    url = await t.listen();
    admin = await loginAs(t.app, demo.admin);
    await aStation(t, { id: 'LOG-SOL', tenant: 'sol', connectors: 2 });
    await aStation(t, { id: 'LOG-TER', tenant: 'terpel', connectors: 1 });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close({ force: true })));
    await t.close();
    restoreClock();
  });

  it('a station’s boot, its calls, an invalid call and a remote command appear in its tenant’s log only, in its language (Sol pt-BR, Terpel es-CO)', async () => {
    const sol = await bootedStation(url, 'LOG-SOL');
    const terpel = await bootedStation(url, 'LOG-TER');
    clients.push(sol, terpel);
    sol.handle('ChangeAvailability', async () => ({ status: 'Accepted' }));
    await sol.call('MeterValues', {
      connectorId: 1,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '1234', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '16.2', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
          ],
        },
      ],
    });
    // Strict mode on both sides: the client's validation is bypassed by a raw frame.
    sol.sendRaw(JSON.stringify([2, 'bad-1', 'StatusNotification', { connectorId: 1 }]));

    const command = await t.app.inject({
      method: 'POST',
      url: '/api/operations/v1.6/change_availability/',
      headers: bearer(admin),
      payload: { chargePointSelectList: ['LOG-SOL'], availType: 'MAINTENANCE', connectorId: 0 },
    });
    expect(command.statusCode).toBe(200);
    const taskId = command.json().taskId as number;
    await eventually(async () => (await logOf('Sol Energia Mobilidade')).some((l) => l.includes('ChangeAvailability')), 10_000);

    const solLog = await logOf('Sol Energia Mobilidade');
    const terpelLog = await logOf('Terpel Energía');

    expect(solLog).toEqual([
      'INFO [LOG-SOL] Conectada protocolo=ocpp1.6 endereço=127.0.0.1',
      'INFO [LOG-SOL] BootNotification fabricante=Recarga modelo=TestBox → Accepted',
      'INFO [LOG-SOL] MeterValues conector=1 valores=2 grandezas=Energy.Active.Import.Register,Current.Import',
      expect.stringMatching(/^WARN \[LOG-SOL\] Mensagem inválida \(call\): .+/),
      `INFO [LOG-SOL] ChangeAvailability → Accepted (tarefa ${taskId})`,
    ]);
    // The meter's readings themselves are not copied into the log.
    expect(solLog.join('\n')).not.toContain('1234');
    expect(terpelLog).toEqual([
      'INFO [LOG-TER] Conectada protocolo=ocpp1.6 dirección=127.0.0.1',
      'INFO [LOG-TER] BootNotification fabricante=Recarga modelo=TestBox → Accepted',
    ]);

    await sol.close();
    await eventually(async () => (await logOf('Sol Energia Mobilidade')).at(-1) === 'WARN [LOG-SOL] Desconectada');
  });
});
