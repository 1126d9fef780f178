import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/db';

export interface JobDefinition {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Periodic jobs, run once per cluster: before each run a node takes the job's lease in the
 * database (a row in job_leases); the lease lasts a few intervals, so if the holder dies another
 * node takes over.
 */
export class JobRunner {
  readonly nodeId = randomUUID();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Runs under way: stop() lets them finish (the database closes after it). */
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True when this node holds (or just took) the job's lease. */
  async acquire(name: string, leaseMs: number): Promise<boolean> {
    const until = new Date(Date.now() + leaseMs);
    const row = await this.db
      .insertInto('job_leases')
      .values({ name, owner: this.nodeId, lease_until: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ owner: this.nodeId, lease_until: until })
          .where((eb) => eb.or([eb('job_leases.owner', '=', this.nodeId), eb('job_leases.lease_until', '<', sql<Date>`now()`)])),
      )
      .returning('owner')
      .executeTakeFirst();
    return row?.owner === this.nodeId;
  }

  /** Runs the job now if this node holds its lease; records the outcome. */
  async tick(job: JobDefinition): Promise<boolean> {
    if (!(await this.acquire(job.name, Math.max(job.everyMs * 3, 30_000)))) return false;
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = (err as Error).message;
      this.log.error({ err, job: job.name }, 'job failed');
    }
    await this.db.updateTable('job_leases').set({ last_run_at: new Date(), last_error: error }).where('name', '=', job.name).execute();
    return true;
  }

  schedule(job: JobDefinition) {
    let run: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      if (run || this.stopped) return;
      run = this.tick(job)
        .catch((err) => this.log.error({ err, job: job.name }, 'job lease failed'))
        .finally(() => {
          this.running.delete(run!);
          run = undefined;
        });
      this.running.add(run);
    }, job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** No new runs; waits for the runs under way, then gives up this node's leases. */
  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.allSettled([...this.running]);
    await this.db
      .deleteFrom('job_leases')
      .where('owner', '=', this.nodeId)
      .execute()
      .catch(() => undefined);
  }
}
