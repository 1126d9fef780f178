// @postgres concurrency, cluster: three nodes tick a job at the same moment: it runs exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { JobRunner, type JobDefinition } from '../../src/platform/jobs';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app';
import { eventually } from '../ocpp/ocpp-helpers';

/** What a job saw: which node ran each period, and whether two runs ever overlapped. */
function recordingJob(name: string, everyMs: number) {
  const runs: string[] = [];
  let running = 0;
  let overlaps = 0;
  const on = (node: string): JobDefinition => ({
    name,
    everyMs,
    run: async () => {
      running++;
      if (running > 1) overlaps++;
      runs.push(node);
      // A run takes a while (a query or two): long enough for a second one to overlap if the lease let it.
      await new Promise((r) => setTimeout(r, 5));
      running--;
    },
  });
  return { runs, on, overlaps: () => overlaps };
}

/** Three nodes' job runners on one database, as in a cluster (the jobs need no bus). */
describe('periodic jobs on three nodes', () => {
  let t: TestDatabase;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await createTestDatabase({ seed: false });
  });
  afterAll(() => t.dispose());

  it('three nodes tick a job at the same moment, period after period: it runs exactly once per period, on the same node', async () => {
    // Arrange
    const nodes = ['a', 'b', 'c'].map((n) => ({ n, runner: new JobRunner(t.database.db, log) }));
    const job = recordingJob('cluster.sweep', 1000);

    // Act
    const ran: boolean[][] = [];
    for (let period = 0; period < 10; period++) ran.push(await Promise.all(nodes.map(({ n, runner }) => runner.tick(job.on(n)))));

    // Assert
    for (const round of ran) expect(round.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toHaveLength(10);
    expect(new Set(job.runs).size).toBe(1);
    expect(job.overlaps()).toBe(0);
  });

  it('three nodes schedule a job: it runs at most once per period for the whole cluster, and when its node stops another takes over alone', async () => {
    // Arrange
    const everyMs = 20;
    const nodes = ['a', 'b', 'c'].map((n) => ({ n, runner: new JobRunner(t.database.db, log) }));
    const job = recordingJob('cluster.fold', everyMs);
    const began = performance.now();

    // Act
    for (const { n, runner } of nodes) runner.schedule(job.on(n));
    await eventually(() => job.runs.length >= 15);
    const firstElapsed = performance.now() - began;
    const first = job.runs.splice(0);
    const holder = nodes.find(({ n }) => n === first[0])!;
    await holder.runner.stop();
    // A run the stopping node had begun before stop() counts as its own.
    job.runs.splice(0);
    await eventually(() => job.runs.length >= 15);
    const second = job.runs.splice(0);
    for (const { runner } of nodes) await runner.stop();

    // Assert: one node at a time, never overlapping, and never more often than the period allows
    // (three nodes each running it would come close to three times that).
    expect(new Set(first).size).toBe(1);
    expect(first.length).toBeLessThanOrEqual(Math.floor(firstElapsed / everyMs) + 1);
    expect(new Set(second).size).toBe(1);
    expect(second[0]).not.toBe(holder.n);
    expect(job.overlaps()).toBe(0);
  });
});
