/**
 * The cluster bench's database checks after the run: everything the stations saw acknowledged is
 * stored, no transaction is there twice, and the dead node's command was closed as interrupted.
 */
import type pg from 'pg';
import type { Ledger } from './messages';

export interface LedgerCheck {
  starts: number;
  startsMissing: number;
  /** Stored, but with another station, meter start or start time than the station sent. */
  startsDifferent: number;
  stops: number;
  /** Not stopped, or stopped with another meter value than the station sent. */
  stopsMissing: number;
  meterValues: number;
  meterValuesMissing: number;
  /** Starts of this run stored more than once (same station, connector and start time). */
  duplicateStarts: number;
  /** Acknowledged starts of the same station, connector and time that got different transaction ids. */
  duplicateIds: number;
  /** Transactions of this run still open once the stations stopped (their StopTransaction was never acknowledged). */
  leftOpen: number;
}

/** Checks the merged ledger of all workers against the database (transactions of this run: received since `since`). */
export async function checkLedger(db: pg.Client, ledger: Ledger, prefix: string, since: Date): Promise<LedgerCheck> {
  const starts = await db.query<{ missing: number; different: number }>(
    `select count(*) filter (where t.transaction_pk is null)::int as missing,
            count(*) filter (where t.transaction_pk is not null
              and (c.charge_box_id <> a.cb or t.start_value_wh <> a.meter_start
                   or t.start_timestamp <> 'epoch'::timestamptz + a.ms * interval '1 millisecond'))::int as different
       from unnest($1::int[], $2::text[], $3::bigint[], $4::bigint[]) as a(tx, cb, meter_start, ms)
       left join transactions t on t.transaction_pk = a.tx
       left join charge_boxes c on c.charge_box_pk = t.charge_box_pk`,
    [ledger.starts.map((s) => s[0]), ledger.starts.map((s) => s[1]), ledger.starts.map((s) => s[3]), ledger.starts.map((s) => s[4])],
  );
  const stops = await db.query<{ missing: number }>(
    `select count(*)::int as missing
       from unnest($1::int[], $2::bigint[]) as a(tx, meter_stop)
       left join transactions t on t.transaction_pk = a.tx
      where t.transaction_pk is null or t.stop_timestamp is null or t.stop_value_wh <> a.meter_stop`,
    [ledger.stops.map((s) => s[0]), ledger.stops.map((s) => s[1])],
  );
  // Power.Active.Import travels in MeterValues only (the stations' StopTransaction data holds the
  // energy register alone), so a reading found here came with the acknowledged MeterValues.
  const txs: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < ledger.samples.length; i += 2) {
    txs.push(ledger.samples[i]!);
    times.push(ledger.samples[i + 1]!);
  }
  const samples = await db.query<{ missing: number }>(
    `select count(*)::int as missing
       from unnest($1::int[], $2::bigint[]) as a(tx, ms)
      where not exists (select 1 from meter_values mv
                         where mv.transaction_pk = a.tx and mv.measurand = 'Power.Active.Import'
                           and mv.value_timestamp = 'epoch'::timestamptz + a.ms * interval '1 millisecond')`,
    [txs, times],
  );
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const duplicates = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select t.charge_box_pk, t.connector_pk, t.start_timestamp
         from transactions t join charge_boxes c on c.charge_box_pk = t.charge_box_pk
        where c.charge_box_id like $1 and t.received_start_at >= $2
        group by 1, 2, 3 having count(*) > 1) d`,
    [like, since],
  );
  const open = await db.query<{ n: number }>(
    `select count(*)::int as n
       from transactions t join charge_boxes c on c.charge_box_pk = t.charge_box_pk
      where c.charge_box_id like $1 and t.received_start_at >= $2 and t.stop_timestamp is null`,
    [like, since],
  );
  const idsOfStart = new Map<string, Set<number>>();
  for (const [tx, cb, connector, , ms] of ledger.starts) {
    const key = `${cb}|${connector}|${ms}`;
    idsOfStart.set(key, (idsOfStart.get(key) ?? new Set()).add(tx));
  }
  return {
    starts: ledger.starts.length,
    startsMissing: starts.rows[0]!.missing,
    startsDifferent: starts.rows[0]!.different,
    stops: ledger.stops.length,
    stopsMissing: stops.rows[0]!.missing,
    meterValues: txs.length,
    meterValuesMissing: samples.rows[0]!.missing,
    duplicateStarts: duplicates.rows[0]!.n,
    duplicateIds: [...idsOfStart.values()].filter((ids) => ids.size > 1).length,
    leftOpen: open.rows[0]!.n,
  };
}

export interface TaskCheck {
  closed: boolean;
  interrupted: boolean;
  resultStatus: string | null;
  errorCode: string | null;
}

/** The state of a task and of its one station's result. */
export async function taskState(db: pg.Client, taskPk: number): Promise<TaskCheck> {
  const { rows } = await db.query<{ end_timestamp: Date | null; interrupted: boolean; status: string | null; error_code: string | null }>(
    `select ot.end_timestamp, ot.interrupted, r.status, r.error_code
       from operation_tasks ot left join operation_task_results r on r.task_pk = ot.task_pk
      where ot.task_pk = $1`,
    [taskPk],
  );
  const row = rows[0];
  return {
    closed: Boolean(row?.end_timestamp),
    interrupted: Boolean(row?.interrupted),
    resultStatus: row?.status ?? null,
    errorCode: row?.error_code ?? null,
  };
}

/** When each task's station answer was recorded (epoch ms), by task id. */
export async function resultTimes(db: pg.Client, taskPks: number[]): Promise<Map<number, { status: string; finishedAt: number | null }>> {
  const { rows } = await db.query<{ task_pk: string | number; status: string; finished_at: Date | null }>(
    `select task_pk, status, finished_at from operation_task_results where task_pk = any($1::bigint[])`,
    [taskPks],
  );
  return new Map(rows.map((r) => [Number(r.task_pk), { status: r.status, finishedAt: r.finished_at ? r.finished_at.getTime() : null }]));
}
