import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { bootedStation, sendRaw, type StationClient } from './ocpp-helpers';

/** Invalid messages get the OCPP-J 1.6 CALLERROR and the connection stays up. */
describe('OCPP 1.6 CALLERRORs for invalid messages', () => {
  let t: TestApp;
  let client: StationClient;
  let n = 0;
  const call = (action: string, payload: unknown) => sendRaw(client, [2, `m-${++n}`, action, payload]);

  beforeAll(async () => {
    t = await createTestApp();
    const url = await t.listen();
    await aStation(t, { id: 'ERRORS-01' });
    client = await bootedStation(url, 'ERRORS-01');
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('payload that is not an object (bad JSON shape): FormationViolation', async () => {
    const [type, , code] = await call('Heartbeat', []);
    expect(type).toBe(4);
    expect(code).toBe('FormationViolation');
  });

  it('unknown property in the payload: FormationViolation', async () => {
    const [, , code] = await call('Authorize', { idTag: '04A1B2C3D4', extra: 1 });
    expect(code).toBe('FormationViolation');
  });

  it('frame that is not JSON: FormationViolation', async () => {
    const answer = await sendRaw(client, '[2, "broken", "Heartbeat", {', '-1');
    expect(answer[0]).toBe(4);
    expect(answer[2]).toBe('FormationViolation');
  });

  it('field of the wrong type (connectorId as a string): TypeConstraintViolation', async () => {
    const [, , code, description] = await call('StatusNotification', { connectorId: '1', errorCode: 'NoError', status: 'Available' });
    expect(code).toBe('TypeConstraintViolation');
    expect(String(description)).toContain('connectorId');
  });

  it('no coercion: meterStart "1000" is not a number: TypeConstraintViolation', async () => {
    const [, , code] = await call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      meterStart: '1000',
      timestamp: new Date().toISOString(),
    });
    expect(code).toBe('TypeConstraintViolation');
    const count = await t.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('value outside the allowed set (status "Sleeping"): PropertyConstraintViolation', async () => {
    const [, , code] = await call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Sleeping' });
    expect(code).toBe('PropertyConstraintViolation');
  });

  it('idTag longer than 20 characters: PropertyConstraintViolation', async () => {
    const [, , code] = await call('Authorize', { idTag: 'X'.repeat(21) });
    expect(code).toBe('PropertyConstraintViolation');
  });

  it('timestamp that is not a date-time: PropertyConstraintViolation', async () => {
    const [, , code] = await call('StartTransaction', { connectorId: 1, idTag: '04A1B2C3D4', meterStart: 0, timestamp: 'yesterday' });
    expect(code).toBe('PropertyConstraintViolation');
  });

  it('required field missing: OccurrenceConstraintViolation', async () => {
    const [, , code] = await call('BootNotification', { chargePointVendor: 'Recarga' });
    expect(code).toBe('OccurrenceConstraintViolation');
  });

  it('unknown action: NotImplemented', async () => {
    const [, , code] = await call('MakeCoffee', {});
    expect(code).toBe('NotImplemented');
  });

  it('a central-system command sent by the station: NotImplemented', async () => {
    const [, , code] = await call('RemoteStartTransaction', { idTag: '04A1B2C3D4' });
    expect(code).toBe('NotImplemented');
  });

  it('after all the invalid messages: the connection is still up and answers', async () => {
    const answer = (await client.call('Heartbeat', {})) as { currentTime: string };
    expect(typeof answer.currentTime).toBe('string');
  });
});
