// @postgres driver-types: lines bound as arrays to unnest(): the driver's array encoding decides what is stored.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-app';
import { eventually } from '../../../test/ocpp/ocpp-helpers';
import { TenantLog, type TenantLogLine } from './tenant-log-service';

/** A phrase token as stored (worded in the tenant's language when read). */
const k = (key: string) => `\u27e6${key}\u27e7`;

/** Counts the INSERT statements sent; while `gate` is set, every statement waits for it. */
class Probe implements KyselyPlugin {
  inserts = 0;
  gate: Promise<void> | null = null;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode' || (node.kind === 'RawNode' && /^\s*insert\b/i.test(node.sqlFragments[0] ?? ''))) this.inserts++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.gate) await this.gate;
    return args.result;
  }
}

describe('the tenant log writer: batched, bounded, never waited on', () => {
  let tdb: TestDatabase;
  let tenantPk: number;
  let probe: Probe;
  const line = (i: number): TenantLogLine => ({ tenantPk, level: 'INFO', category: 'ocpp', chargeBoxId: 'W-1', text: `line ${i}` });
  const count = async () =>
    Number(
      (
        await tdb.database.db
          .selectFrom('tenant_log_lines')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const writer = (opts: ConstructorParameters<typeof TenantLog>[1]) => new TenantLog(tdb.database.db.withPlugin(probe), opts);

  beforeAll(async () => {
    tdb = await createTestDatabase();
    tenantPk = (await tdb.database.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow())
      .tenant_pk;
  });
  afterAll(() => tdb.dispose());
  beforeEach(async () => {
    probe = new Probe();
    await tdb.database.db.deleteFrom('tenant_log_lines').execute();
  });

  it('writes 250 lines that arrive together as one insert, after the flush interval', async () => {
    const log = writer({ flushMs: 50, batchLines: 500 });
    for (let i = 0; i < 250; i++) log.write(line(i));

    expect(probe.inserts).toBe(0);
    await eventually(async () => (await count()) === 250);
    expect(probe.inserts).toBe(1);
    await log.close();
  });

  it('writes a full batch at once and splits 1,200 lines into inserts of 500, 500 and 200', async () => {
    const log = writer({ flushMs: 60_000, batchLines: 500 });
    for (let i = 0; i < 1200; i++) log.write(line(i));

    // No flush and a minute's interval: full batches go at once, and the rest with them.
    await eventually(async () => (await count()) === 1200);

    expect(probe.inserts).toBe(3);
    await log.close();
  });

  it('keeps lines until close, writes them then, and drops (counts) lines written after it', async () => {
    const log = writer({ flushMs: 60_000 });
    log.write(line(1));
    log.write(line(2));
    log.write(line(3));
    expect(await count()).toBe(0);

    await log.close();
    log.write(line(4));

    expect(await count()).toBe(3);
    expect(log.dropped).toBe(1);
  });

  it('answers at once while the database is stuck, holds at most maxBuffered lines and counts the rest as dropped', async () => {
    const log = writer({ flushMs: 60_000, batchLines: 100, maxBuffered: 10 });
    let open!: () => void;
    probe.gate = new Promise<void>((r) => (open = r));
    for (let i = 0; i < 10; i++) log.write(line(i));
    const flushed = log.flush(); // the batch of 10 is now waiting on the database

    const started = performance.now();
    const answers = Array.from({ length: 15 }, (_, i) => log.write(line(100 + i)));
    const elapsed = performance.now() - started;

    expect(answers.every((a) => a === undefined)).toBe(true);
    expect(elapsed).toBeLessThan(50);
    expect(log.pending).toBe(10);
    expect(log.dropped).toBe(5);
    probe.gate = null;
    open();
    await flushed;
    await log.close();
    expect(await count()).toBe(20);
  });

  it('words the hook points’ lines: calls, commands, smart-charging decisions and sign-ins, each with its level', async () => {
    const log = writer({ flushMs: 60_000 });
    const station = { tenantPk, chargeBoxId: 'W-9' };
    log.stationCall(station, 'Authorize', { idTag: 'TAG-1' }, { idTagInfo: { status: 'Blocked' } });
    log.stationCall(station, 'Heartbeat', {}, { currentTime: '2026-11-25T15:00:00Z' });
    log.command({ tenant_pk: tenantPk, charge_box_id: 'W-9' }, 'Reset', 4, {
      status: 'answered',
      response: 'Rejected',
      errorCode: null,
      errorMessage: null,
    });
    log.command({ tenant_pk: tenantPk, charge_box_id: 'W-9' }, 'Reset', 5, {
      status: 'error',
      response: null,
      errorCode: 'TIMEOUT',
      errorMessage: 'no answer',
    });
    log.smartChargingLimit(tenantPk, 'W-9', {
      groupPk: 3,
      connectorId: 1,
      transactionId: 77,
      limitA: 12.5,
      reason: 'SHARE',
      status: 'ACCEPTED',
    });
    log.smartChargingEvents(tenantPk, 3, [
      {
        kind: 'FAILSAFE',
        detail: { reason: 'METER_OFFLINE', basis: 'PEAK_24H', building_a: 40, available_a: 18, breaker_a: 63, chargers: 4 },
      },
      { kind: 'PLAN_CHANGED', detail: {} },
    ]);
    log.signIn(tenantPk, 'ana@sol.com.br', '10.0.0.7', 'USER_BLOCKED');
    await log.close();

    const rows = await tdb.database.db
      .selectFrom('tenant_log_lines')
      .select(['level', 'category', 'charge_box_id', 'text'])
      .orderBy('line_pk')
      .execute();
    expect(rows).toEqual([
      { level: 'WARN', category: 'ocpp', charge_box_id: 'W-9', text: `Authorize ${k('field.idTag')}=TAG-1 → Blocked` },
      { level: 'INFO', category: 'ocpp', charge_box_id: 'W-9', text: 'Heartbeat' },
      { level: 'WARN', category: 'command', charge_box_id: 'W-9', text: `Reset → Rejected (${k('task')} 4)` },
      { level: 'ERROR', category: 'command', charge_box_id: 'W-9', text: `Reset → TIMEOUT: no answer (${k('task')} 5)` },
      {
        level: 'INFO',
        category: 'smart-charging',
        charge_box_id: 'W-9',
        text: `${k('limit')} 12.5 A ${k('field.group')}=3 ${k('field.connector')}=1 ${k('field.tx')}=77 ${k('field.reason')}=SHARE → ACCEPTED`,
      },
      {
        level: 'WARN',
        category: 'smart-charging',
        charge_box_id: null,
        text: `${k('smartCharging.FAILSAFE')} ${k('field.group')}=3 ${k('field.reason')}=METER_OFFLINE ${k('field.basis')}=PEAK_24H ${k('field.buildingA')}=40 ${k('field.availableA')}=18 ${k('field.breakerA')}=63 ${k('field.chargers')}=4`,
      },
      {
        level: 'WARN',
        category: 'sign-in',
        charge_box_id: null,
        text: `${k('signInRefused')} (${k('signIn.USER_BLOCKED')}) ${k('field.email')}=ana@sol.com.br ${k('field.address')}=10.0.0.7`,
      },
    ]);
  });

  it('makes a station’s text one safe line: control characters become spaces, NUL included', async () => {
    const log = writer({ flushMs: 60_000 });
    log.write({ tenantPk, level: 'WARN', category: 'ocpp', chargeBoxId: 'W\u00002', text: 'a\nb\r\nc\u0000d' });
    await log.close();

    const row = await tdb.database.db.selectFrom('tenant_log_lines').select(['charge_box_id', 'text']).executeTakeFirstOrThrow();
    expect(row).toEqual({ charge_box_id: 'W 2', text: 'a b  c d' });
  });

  it('keeps texts that array syntax would break, and a line without a station, exactly as written', async () => {
    const log = writer({ flushMs: 60_000 });
    const tricky = 'a "quoted", back\\slash {brace} NULL \'single\' ünïcode';
    log.write({ tenantPk, level: 'INFO', category: 'ocpp', chargeBoxId: 'W,{1}', text: tricky });
    log.write({ tenantPk, level: 'ERROR', category: 'command', chargeBoxId: null, text: 'NULL', at: new Date('2026-11-20T10:00:00.123Z') });
    await log.close();

    const rows = await tdb.database.db
      .selectFrom('tenant_log_lines')
      .select(['level', 'category', 'charge_box_id', 'text', 'at'])
      .orderBy('line_pk')
      .execute();
    expect(rows[0]).toMatchObject({ level: 'INFO', category: 'ocpp', charge_box_id: 'W,{1}', text: tricky });
    expect(rows[1]).toEqual({
      level: 'ERROR',
      category: 'command',
      charge_box_id: null,
      text: 'NULL',
      at: new Date('2026-11-20T10:00:00.123Z'),
    });
  });
  it('a station cannot forge a phrase: token brackets in what it sent are stored as plain brackets', async () => {
    const log = writer({ flushMs: 60_000 });
    log.stationCall(
      { tenantPk, chargeBoxId: 'W-9' },
      'Authorize',
      { idTag: '\u27e6signedIn\u27e7' },
      { idTagInfo: { status: 'Accepted' } },
    );
    await log.close();

    const row = await tdb.database.db.selectFrom('tenant_log_lines').select(['text']).executeTakeFirstOrThrow();
    expect(row.text).toBe(`Authorize ${k('field.idTag')}=[signedIn] → Accepted`);
  });
});
