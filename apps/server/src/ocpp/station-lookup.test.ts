import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/db';
import { aStation } from '../../test/helpers/station-builders';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-app';
import { StationLookup } from './station-lookup';

describe('station look-up of handshakes', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await aStation({ db: t.database.db }, { id: 'LOOKUP-01' });
    await aStation({ db: t.database.db }, { id: 'LOOKUP-02' });
  });
  afterAll(() => t.dispose());

  it('handshakes of the same moment: one statement; each gets its own station, an unknown id none, a repeated id the same', async () => {
    // Arrange: count the statements the look-up sends
    let statements = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, prop) {
        if (prop === 'selectFrom') statements++;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as Executor;
    const lookup = new StationLookup(counting);

    // Act
    const [a, b, unknown, again] = await Promise.all([
      lookup.find('LOOKUP-01'),
      lookup.find('LOOKUP-02'),
      lookup.find('LOOKUP-99'),
      lookup.find('LOOKUP-01'),
    ]);

    // Assert
    expect(statements).toBe(1);
    expect(a?.charge_box_id).toBe('LOOKUP-01');
    expect(b?.charge_box_id).toBe('LOOKUP-02');
    expect(unknown).toBeUndefined();
    expect(again).toEqual(a);
    // Ids are exact: another case is another station (here: none).
    expect(await lookup.find('lookup-01')).toBeUndefined();
  });

  it('a failing statement: every handshake waiting on it is told, none hangs', async () => {
    const broken = {
      selectFrom: () => ({
        select: () => {
          throw new Error('database down');
        },
      }),
    } as unknown as Executor;
    const lookup = new StationLookup(broken);
    const outcomes = await Promise.allSettled([lookup.find('LOOKUP-01'), lookup.find('LOOKUP-02')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
