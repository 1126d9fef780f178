// @postgres write-pool: the write batches' metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { bootedStation, eventually, iso } from './ocpp-helpers';

/** The value of one series in a /metrics page, or undefined. */
function series(page: string, name: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('OCPP metrics', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterAll(() => t.close());

  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  it('messages handled: counted per action with their duration, write batches and connected stations shown', async () => {
    // Arrange
    await aStation(t, { id: 'METRICS-01', connectors: 1 });
    const client = await bootedStation(url, 'METRICS-01');

    // Act
    await client.call('Heartbeat', {});
    await client.call('MeterValues', {
      connectorId: 1,
      meterValue: [
        { timestamp: iso(new Date()), sampledValue: [{ value: '1200', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
      ],
    });
    const whileConnected = await metrics();
    await client.close();

    // Assert
    expect(series(whileConnected, 'recarga_ocpp_message_duration_seconds_count{action="BootNotification"}')).toBe(1);
    expect(series(whileConnected, 'recarga_ocpp_message_duration_seconds_count{action="Heartbeat"}')).toBe(1);
    expect(series(whileConnected, 'recarga_ocpp_message_duration_seconds_count{action="MeterValues"}')).toBe(1);
    expect(series(whileConnected, 'recarga_ocpp_message_duration_seconds_bucket{action="MeterValues",le="+Inf"}')).toBe(1);
    expect(series(whileConnected, 'recarga_ocpp_write_batch_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(series(whileConnected, 'recarga_ocpp_write_batch_messages_sum')).toBeGreaterThanOrEqual(2);
    expect(series(whileConnected, 'recarga_ocpp_connected_stations')).toBe(1);
    await eventually(async () => expect(series(await metrics(), 'recarga_ocpp_connected_stations')).toBe(0));
  });

  it('event loop delay: sampled while the server runs, in a histogram', async () => {
    // Arrange
    const before = series(await metrics(), 'recarga_event_loop_delay_seconds_count') ?? 0;

    // Act
    await new Promise((r) => setTimeout(r, 200));
    const page = await metrics();

    // Assert
    expect(series(page, 'recarga_event_loop_delay_seconds_count')).toBeGreaterThan(before);
    expect(page).toMatch(/^recarga_event_loop_delay_seconds_bucket\{le="0\.05"\} \d+$/m);
  });
});
