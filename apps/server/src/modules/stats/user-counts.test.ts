import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-app';
import { userCounts, type StatsScope } from './repository';

/**
 * The registered users of stats/info read from user_counts_daily (0033_user_counts_daily.sql) plus
 * the rows of the period's last UTC day: after inserts, role changes, moves between tenants, a
 * changed creation date and deletes, the figures are the hand-worked ones, and the table kept by the
 * triggers equals a rebuild from the rows.
 */
describe('registered users: kept per tenant and day', () => {
  let tdb: TestDatabase;
  let sol: StatsScope;
  let terpel: StatsScope;
  let movePk: number;
  let terpelPk: number;

  const db = () => tdb.database.db;
  const scopeOf = async (alias: string): Promise<StatsScope> => {
    const root = await db().selectFrom('tenants').select(['tenant_pk', 'path']).where('alias', '=', alias).executeTakeFirstOrThrow();
    const all = await db().selectFrom('tenants').select('tenant_pk').where('path', 'like', `${root.path}%`).execute();
    return { tenantPk: root.tenant_pk, tenantPks: all.map((r) => r.tenant_pk) };
  };
  const at = (iso: string) => new Date(iso);
  const counts = (scope: StatsScope, to: string) => userCounts(db(), scope, at(to));
  const kept = async () =>
    (
      await sql<{ tenant_pk: number; day: string; users: number; drivers: number }>`
        select tenant_pk, day::text as day, users, drivers from user_counts_daily
         where users <> 0 or drivers <> 0 order by tenant_pk, day`.execute(db())
    ).rows;

  const instants = [
    '2015-03-10T23:00:00Z',
    '2015-03-11T00:00:00Z',
    '2015-03-11T00:10:00Z',
    '2015-03-11T00:10:00.001Z',
    '2015-03-12T05:00:00Z',
    '2015-03-13T00:00:00Z',
  ];
  /** The demo's users before the test adds its own, per instant (none of them is from 2015). */
  const base = new Map<string, { sol: Awaited<ReturnType<typeof counts>>; terpel: Awaited<ReturnType<typeof counts>> }>();
  const expectAdded = async (scope: 'sol' | 'terpel', to: string, users: number, drivers: number) => {
    const b = base.get(to)![scope];
    expect(await counts(scope === 'sol' ? sol : terpel, to), `${scope} at ${to}`).toEqual({
      totalUsers: b.totalUsers + users,
      usersRegistered: b.usersRegistered + drivers,
    });
  };

  beforeAll(async () => {
    tdb = await createTestDatabase();
    sol = await scopeOf('sol');
    terpel = await scopeOf('terpel');
    movePk = (await db().selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow()).tenant_pk;
    terpelPk = terpel.tenantPk;
    expect(sol.tenantPks).toContain(movePk);
    for (const to of instants) base.set(to, { sol: await counts(sol, to), terpel: await counts(terpel, to) });
    // One statement, four users of Move (in Sol's scope), three of them on two UTC days.
    await db()
      .insertInto('users')
      .values([
        { tenant_pk: movePk, email: 'uc1@counts.test', first_name: 'Um', role_label: 'driver', created_at: at('2015-03-10T10:00:00Z') },
        { tenant_pk: movePk, email: 'uc2@counts.test', first_name: 'Dois', role_label: 'driver', created_at: at('2015-03-10T23:30:00Z') },
        {
          tenant_pk: movePk,
          email: 'uc3@counts.test',
          first_name: 'Três',
          role_label: 'tenant operator',
          created_at: at('2015-03-11T00:10:00Z'),
        },
        { tenant_pk: movePk, email: 'uc4@counts.test', first_name: 'Quatro', role_label: 'driver', created_at: at('2015-03-12T08:00:00Z') },
      ])
      .execute();
  });
  afterAll(async () => {
    await tdb?.dispose();
  });

  it('counts the users created before the instant: earlier days from the table, its own day from the rows', async () => {
    await expectAdded('sol', '2015-03-10T23:00:00Z', 1, 1);
    await expectAdded('sol', '2015-03-11T00:00:00Z', 2, 2);
    await expectAdded('sol', '2015-03-11T00:10:00Z', 2, 2);
    await expectAdded('sol', '2015-03-11T00:10:00.001Z', 3, 2);
    await expectAdded('sol', '2015-03-12T05:00:00Z', 3, 2);
    await expectAdded('sol', '2015-03-13T00:00:00Z', 4, 3);
    await expectAdded('terpel', '2015-03-13T00:00:00Z', 0, 0);
  });

  it('follows a role change, a move to another tenant and a changed creation date', async () => {
    await db().updateTable('users').set({ role_label: 'tenant operator' }).where('email', '=', 'uc4@counts.test').execute();
    await expectAdded('sol', '2015-03-13T00:00:00Z', 4, 2);

    await db().updateTable('users').set({ tenant_pk: terpelPk }).where('email', '=', 'uc2@counts.test').execute();
    await expectAdded('sol', '2015-03-13T00:00:00Z', 3, 1);
    await expectAdded('terpel', '2015-03-13T00:00:00Z', 1, 1);
    await expectAdded('terpel', '2015-03-10T23:00:00Z', 0, 0);

    await db()
      .updateTable('users')
      .set({ created_at: at('2015-03-12T05:00:00Z') })
      .where('email', '=', 'uc1@counts.test')
      .execute();
    await expectAdded('sol', '2015-03-11T00:00:00Z', 0, 0);
    await expectAdded('sol', '2015-03-12T05:00:00Z', 1, 0);
    await expectAdded('sol', '2015-03-13T00:00:00Z', 3, 1);
  });

  it('an update of other columns writes nothing; a delete takes the user off', async () => {
    const before = await kept();
    const rows = async () => Number((await sql<{ n: number }>`select count(*) as n from user_counts_daily`.execute(db())).rows[0]!.n);
    const n = await rows();
    await db()
      .updateTable('users')
      .set({ updated_at: at('2026-01-01T00:00:00Z') })
      .execute();
    expect(await kept()).toEqual(before);
    expect(await rows()).toBe(n);

    await db().deleteFrom('users').where('email', '=', 'uc3@counts.test').execute();
    await expectAdded('sol', '2015-03-13T00:00:00Z', 2, 1);
    await expectAdded('sol', '2015-03-11T00:10:00.001Z', 0, 0);
  });

  it('the table kept by the triggers equals a rebuild from the rows', async () => {
    const byTriggers = await kept();
    await sql`select user_counts_daily_rebuild()`.execute(db());
    expect(await kept()).toEqual(byTriggers);
    // Move's 2015 days, by hand: uc1 moved to 03-12 (driver), uc4 on 03-12 (now an operator); uc2 went to Terpel; uc3 was deleted.
    const of2015 = byTriggers.filter((r) => r.day.startsWith('2015-'));
    expect(of2015).toHaveLength(2);
    expect(of2015).toContainEqual({ tenant_pk: movePk, day: '2015-03-12', users: 2, drivers: 1 });
    expect(of2015).toContainEqual({ tenant_pk: terpelPk, day: '2015-03-10', users: 1, drivers: 1 });
  });
});
