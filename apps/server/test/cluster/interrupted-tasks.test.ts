import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTasks, insertTask } from '../../src/modules/operations/repository';
import { aStation, tenantPk } from '../helpers/station-builders';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app';

/** The job that closes the tasks of a node that died, as a surviving node runs it. */
describe('closing the tasks of a dead node', () => {
  let t: TestDatabase;
  let db: TestDatabase['database']['db'];
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db;
  });
  afterAll(() => t.dispose());

  it('the closing fails half-way (its results cannot be written): the task stays open for the next run, not closed with its results pending', async () => {
    // Arrange: a task whose node stopped beating a minute ago, one station still pending.
    const pk = await aStation({ db }, { id: 'DEAD-NODE-01' });
    const taskPk = await insertTask(
      db,
      {
        origin: 'DASHBOARD',
        issuerUserPk: null,
        issuer: 'admin@recarga.app',
        ocppVersion: '1.6',
        operationName: 'clear_cache',
        parameters: {},
        nodeId: 'node-c',
      },
      [{ charge_box_pk: pk, charge_box_id: 'DEAD-NODE-01', tenant_pk: await tenantPk({ db }, 'move') }],
    );
    await db
      .updateTable('operation_tasks')
      .set({ heartbeat_at: new Date(Date.now() - 60_000) })
      .where('task_pk', '=', taskPk)
      .execute();
    await sql`create function refuse_result_update() returns trigger language plpgsql as $$ begin raise exception 'results are not writable'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_result_update before update on operation_task_results for each row execute function refuse_result_update()`.execute(
      db,
    );

    // Act
    const failed = await closeTasks(db, { staleBefore: new Date(Date.now() - 40_000) }).catch((err: Error) => err);
    const afterFailure = await db
      .selectFrom('operation_tasks')
      .select(['end_timestamp', 'interrupted'])
      .where('task_pk', '=', taskPk)
      .executeTakeFirstOrThrow();
    await sql`drop trigger refuse_result_update on operation_task_results`.execute(db);
    const closed = await closeTasks(db, { staleBefore: new Date(Date.now() - 40_000) });

    // Assert
    expect(failed).toBeInstanceOf(Error);
    expect(afterFailure).toEqual({ end_timestamp: null, interrupted: false });
    expect(closed).toContain(taskPk);
    const result = await db
      .selectFrom('operation_task_results')
      .select(['status', 'error_code'])
      .where('task_pk', '=', taskPk)
      .executeTakeFirstOrThrow();
    expect(result).toEqual({ status: 'interrupted', error_code: 'INTERRUPTED' });
  });
});
