import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStats } from '@recarga/contracts/stats';
import type { LivePublisher } from '../../platform/live-publisher';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-app';
import { StatsLivePublisher } from './live-stats';
import type { StatsService } from './service';

const quiet = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet, level: 'silent', silent() {} };

/** A stats service whose figures take `ms` to compute; records when each computation ran. */
function slowService(ms: number) {
  const runs: { tenantPk: number; start: number; end: number }[] = [];
  let active = 0;
  let maxActive = 0;
  const service = {
    async live(scope: { tenantPk: number }) {
      active++;
      maxActive = Math.max(maxActive, active);
      const start = Date.now();
      await new Promise((r) => setTimeout(r, ms));
      active--;
      runs.push({ tenantPk: scope.tenantPk, start, end: Date.now() });
      return { at: new Date().toISOString(), n: runs.length } as unknown as LiveStats;
    },
  } as unknown as StatsService;
  return { service, runs, maxActive: () => maxActive };
}

const publisher = { onTenantEvent: () => () => undefined, stats() {} } as unknown as LivePublisher;

/** A publisher that records what it is asked to publish. */
function recordingPublisher() {
  const published: { apiKey: string; stats: LiveStats }[] = [];
  const live = { onTenantEvent: () => () => undefined, stats: (apiKey: string, stats: LiveStats) => published.push({ apiKey, stats }) };
  return { live: live as unknown as LivePublisher, published };
}

describe('live stats pacing', () => {
  let tdb: TestDatabase;
  let tenantPks: number[];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    tenantPks = (await tdb.database.db.selectFrom('tenants').select('tenant_pk').orderBy('tenant_pk').limit(3).execute()).map(
      (r) => r.tenant_pk,
    );
  });
  afterAll(() => tdb.dispose());

  it('a burst of changes at one tenant within the debounce window: its figures are computed and published once', async () => {
    // Arrange: a tenant with no ancestor, so only its own api key is due.
    const slow = slowService(5);
    const recorder = recordingPublisher();
    const live = new StatsLivePublisher(tdb.database.db, slow.service, recorder.live, quiet as never, { debounceMs: 50, maxWaitMs: 5000 });
    const root = tenantPks[0]!;

    // Act: four changes in one go (each re-arms the tenant's timer before it can fire)
    for (let i = 0; i < 4; i++) live.touch(root);
    const deadline = Date.now() + 10_000;
    while (slow.runs.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await live.settled();
    live.close();

    // Assert
    expect(slow.runs.map((r) => r.tenantPk)).toEqual([root]);
    expect(recorder.published).toHaveLength(1);
  });

  it('changes at several tenants: their figures are computed one tenant at a time, never side by side', async () => {
    // Arrange
    const slow = slowService(40);
    const live = new StatsLivePublisher(tdb.database.db, slow.service, publisher, quiet as never, { debounceMs: 5, maxWaitMs: 20 });

    // Act
    for (const pk of tenantPks) live.touch(pk);
    // Until every tenant's computation has run (a loaded machine fires the timers late).
    const deadline = Date.now() + 10_000;
    while (slow.runs.length < tenantPks.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await live.settled();
    live.close();

    // Assert
    expect(slow.runs.length).toBeGreaterThanOrEqual(tenantPks.length);
    expect(slow.maxActive()).toBe(1);
  });

  it('a tenant changing all the time: computed again only after resting nine times as long as the last computation took', async () => {
    // Arrange: 100 ms per computation, at most 10 % of the time -> 900 ms of rest
    const slow = slowService(100);
    const live = new StatsLivePublisher(tdb.database.db, slow.service, publisher, quiet as never, {
      debounceMs: 5,
      maxWaitMs: 20,
      dutyCycle: 0.1,
    });
    const tenantPk = tenantPks[0]!;

    // Act: a change every 20 ms for 1.6 s
    const until = Date.now() + 1600;
    while (Date.now() < until) {
      live.touch(tenantPk);
      await new Promise((r) => setTimeout(r, 20));
    }
    await live.settled();
    live.close();

    // Assert
    const mine = slow.runs.filter((r) => r.tenantPk === tenantPk);
    expect(mine.length).toBe(2);
    const rest = mine[1]!.start - mine[0]!.end;
    expect(rest).toBeGreaterThanOrEqual(850);
  });
});
