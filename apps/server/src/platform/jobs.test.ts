// @postgres cluster: two nodes tick one job: it runs on one while the lease holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-app';
import { JobRunner } from './jobs';

describe('periodic jobs', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ seed: false });
  });
  afterAll(() => t.dispose());

  it('a job, when two nodes tick it, runs on one node only while the lease holds', async () => {
    const log = pino({ level: 'silent' });
    const a = new JobRunner(t.database.db, log);
    const b = new JobRunner(t.database.db, log);
    const runs: string[] = [];
    const job = (who: string) => ({ name: 'sweep', everyMs: 1000, run: async () => void runs.push(who) });
    expect(await a.tick(job('a'))).toBe(true);
    expect(await b.tick(job('b'))).toBe(false);
    expect(await a.tick(job('a'))).toBe(true);
    expect(runs).toEqual(['a', 'a']);
  });

  it('a lease, when its holder stopped renewing it, is taken by another node', async () => {
    const log = pino({ level: 'silent' });
    const a = new JobRunner(t.database.db, log);
    const b = new JobRunner(t.database.db, log);
    expect(await a.acquire('report', 60_000)).toBe(true);
    await t.database.db
      .updateTable('job_leases')
      .set({ lease_until: new Date(Date.now() - 1) })
      .where('name', '=', 'report')
      .execute();
    expect(await b.acquire('report', 60_000)).toBe(true);
    expect(await a.acquire('report', 60_000)).toBe(false);
  });

  it('a failing job, when ticked, records its error and keeps the lease usable', async () => {
    const a = new JobRunner(t.database.db, pino({ level: 'silent' }));
    await a.tick({ name: 'broken', everyMs: 1000, run: async () => Promise.reject(new Error('disk full')) });
    const row = await t.database.db.selectFrom('job_leases').selectAll().where('name', '=', 'broken').executeTakeFirstOrThrow();
    expect(row.last_error).toBe('disk full');
  });

  it('stop: waits for a run under way (the database closes after it), then gives up the lease', async () => {
    const a = new JobRunner(t.database.db, pino({ level: 'silent' }));
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    a.schedule({
      name: 'slow-step',
      everyMs: 20,
      run: () => {
        started();
        return new Promise<void>((r) => (release = r));
      },
    });
    await running;

    let stopped = false;
    const stopping = a.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;

    const row = await t.database.db.selectFrom('job_leases').selectAll().where('name', '=', 'slow-step').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
