import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { bootedStation, eventually, iso, sendRaw, type StationClient } from './ocpp-helpers';

/**
 * Values the official schemas let through but no message may carry (a NUL character, an integer
 * beyond 32 bits, a negative connector id) get the 1.6 CALLERROR, not InternalError; nothing of
 * the message is stored and the connection stays up.
 */
describe('OCPP 1.6: values the schemas allow but the store cannot hold', () => {
  let t: TestApp;
  let client: StationClient;
  let n = 0;
  const call = (action: string, payload: unknown) => sendRaw(client, [2, `bad-${++n}`, action, payload]);
  const count = async (table: 'transactions' | 'meter_values' | 'unknown_tags') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const url = await t.listen();
    await aStation(t, { id: 'BADVAL-01' });
    client = await bootedStation(url, 'BADVAL-01');
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('a NUL in the idTag of Authorize: PropertyConstraintViolation, no unknown tag recorded', async () => {
    const [type, , code, description] = await call('Authorize', { idTag: 'AB\u0000CD' });
    expect([type, code]).toEqual([4, 'PropertyConstraintViolation']);
    expect(String(description)).toContain('idTag');
    expect(await count('unknown_tags')).toBe(0);
  });

  it('a NUL in the idTag of StartTransaction: PropertyConstraintViolation, no recharge', async () => {
    const [, , code] = await call('StartTransaction', { connectorId: 1, idTag: '\u0000', meterStart: 0, timestamp: iso() });
    expect(code).toBe('PropertyConstraintViolation');
    expect(await count('transactions')).toBe(0);
  });

  it('a NUL in a meter value: PropertyConstraintViolation, nothing stored', async () => {
    const [, , code, description] = await call('MeterValues', {
      connectorId: 1,
      meterValue: [{ timestamp: iso(), sampledValue: [{ value: '12\u00003' }] }],
    });
    expect(code).toBe('PropertyConstraintViolation');
    expect(String(description)).toContain('/meterValue/0/sampledValue/0/value');
    expect(await count('meter_values')).toBe(0);
  });

  it('connectorId -5: PropertyConstraintViolation; 99999999999: TypeConstraintViolation', async () => {
    const negative = await call('StatusNotification', { connectorId: -5, errorCode: 'NoError', status: 'Available' });
    const huge = await call('StatusNotification', { connectorId: 99999999999, errorCode: 'NoError', status: 'Available' });
    expect([negative[2], huge[2]]).toEqual(['PropertyConstraintViolation', 'TypeConstraintViolation']);
    const connectors = await t.db
      .selectFrom('connectors as c')
      .innerJoin('charge_boxes as b', 'b.charge_box_pk', 'c.charge_box_pk')
      .select('c.connector_id')
      .where('b.charge_box_id', '=', 'BADVAL-01')
      .execute();
    expect(connectors.map((c) => c.connector_id).filter((id) => id < 0 || id > 2147483647)).toEqual([]);
  });

  it('meterStart 99999999999: TypeConstraintViolation, no recharge', async () => {
    const [, , code] = await call('StartTransaction', { connectorId: 1, idTag: 'TAG-1', meterStart: 99999999999, timestamp: iso() });
    expect(code).toBe('TypeConstraintViolation');
    expect(await count('transactions')).toBe(0);
  });

  it('a second call with the id of one still being handled: GenericError (a 1.6 code); the first is answered normally', async () => {
    const frames: unknown[][] = [];
    const onMessage = ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (!outbound) frames.push(JSON.parse(message) as unknown[]);
    };
    client.on('message', onMessage as never);
    const frame = JSON.stringify([2, 'dup-1', 'Authorize', { idTag: 'DUPLICATE' }]);
    client.sendRaw(frame);
    client.sendRaw(frame);
    await eventually(() => frames.filter((f) => f[1] === 'dup-1').length === 2);
    client.off('message', onMessage as never);

    const answers = frames.filter((f) => f[1] === 'dup-1');
    const error = answers.find((f) => f[0] === 4)!;
    const result = answers.find((f) => f[0] === 3)!;
    expect(error[2]).toBe('GenericError');
    expect(String(error[3])).toContain('dup-1');
    expect(result[2]).toMatchObject({ idTagInfo: { status: expect.any(String) } });
  });

  it('after all of them: the connection is up and a Heartbeat answers', async () => {
    const [type, , payload] = await call('Heartbeat', {});
    expect(type).toBe(3);
    expect(payload).toHaveProperty('currentTime');
  });
});
