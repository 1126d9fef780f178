import type { Kysely, Transaction } from 'kysely';
import type { BootNotificationRequest, MeterValue } from '@recarga/contracts/ocpp';
import type { DB } from '../db/db';
import { recordNotifications, type NewNotification } from '../modules/notifications/service';
import {
  applyStatuses,
  applyTouches,
  closeRejectedStarts,
  ensureConnectors,
  insertMeterValues,
  meterAndTouchStatement,
  openConnections,
  transactionsOfStations,
  updateBoots,
  type ConnectionRecord,
  type KnownConnectorMeter,
  type StatusChange,
  type StatusReport,
  type Touch,
} from './repository';

/** Meter readings of one MeterValues message (or a StopTransaction's transactionData). */
export interface MeterInput {
  chargeBoxPk: number;
  connectorId: number;
  transactionId?: number;
  meterValues: MeterValue[];
}

/** A status report, and the events (notifications) it causes given the status before it. */
export interface StatusInput extends StatusReport {
  events(change: StatusChange): NewNotification[];
}

export interface StatusResult {
  change: StatusChange;
  notificationPks: number[];
}

/** A BootNotification: what the station says of itself, at `at`. */
export interface BootInput {
  chargeBoxPk: number;
  req: BootNotificationRequest;
  at: Date;
}

type Op =
  | { kind: 'connect'; record: ConnectionRecord; done: Settle<number[]> }
  | { kind: 'boot'; input: BootInput; done: Settle<number[]> }
  | { kind: 'touch'; touch: Touch; done?: Settle<void> }
  | { kind: 'status'; input: StatusInput; done: Settle<StatusResult> }
  | { kind: 'meter'; input: MeterInput; done: Settle<void> }
  | { kind: 'work'; work: (trx: Transaction<DB>) => Promise<unknown>; done: Settle<unknown> };

interface Settle<T> {
  resolve(value: T): void;
  reject(err: unknown): void;
}

export interface WriteBatcherOptions {
  /** Queues written side by side, a station always in the same one (default 1: PGlite has one connection). */
  lanes?: number;
  /** Longest wait before a batch is written (ms). */
  maxDelayMs?: number;
  /** A batch is written as soon as it holds this many messages. */
  maxItems?: number;
  /** Told about touched connections whose record was missing (closed meanwhile or swept). */
  onMissedTouches?: (connectionIds: Set<string>) => void;
  onError?: (err: unknown) => void;
  /** Told after each batch written (or failed on the transactional path): its messages and how long it took (ms). */
  onBatch?: (items: number, ms: number) => void;
}

/**
 * Write-behind batching for the hot path (heartbeats and liveness, status notifications, meter
 * values): messages arriving within a few milliseconds are written in ONE database transaction,
 * and each caller's promise settles only after the transaction holding its writes committed — the
 * station is answered after commit. Messages go to one of `lanes` queues by station, so one
 * station's messages are written in order while the lanes commit side by side (on PostgreSQL a
 * commit waits for the disk; one lane leaves the others' batches queued behind it). Each lane
 * writes one batch at a time; while it is written the next one fills. If a batch fails, its
 * messages are retried one by one so one bad message cannot fail the others.
 */
export class WriteBatcher {
  private readonly lanes: Lane[];
  private closed = false;

  constructor(db: Kysely<DB>, opts: WriteBatcherOptions = {}) {
    const count = Math.max(1, Math.floor(opts.lanes ?? 1));
    const connectorKeys = new Map<string, number>();
    this.lanes = Array.from({ length: count }, () => new Lane(db, opts, connectorKeys));
  }

  /** Liveness of a socket (a message or a pong); written with the next batch, nobody waits. */
  touch(touch: Touch) {
    if (this.closed) return;
    this.lane(touch.chargeBoxPk).push({ kind: 'touch', touch });
  }

  /** Liveness, resolved once written (Heartbeat is answered after commit). */
  touchAndWait(touch: Touch): Promise<void> {
    return new Promise((resolve, reject) => this.push(touch.chargeBoxPk, { kind: 'touch', touch, done: { resolve, reject } }));
  }

  /**
   * A socket opened: its connection record and Connected event, written with the other sockets of
   * its batch (a reconnect storm: thousands in a few statements). Resolves with the event's pk.
   */
  connected(record: ConnectionRecord): Promise<number[]> {
    return new Promise((resolve, reject) => this.push(record.chargeBoxPk, { kind: 'connect', record, done: { resolve, reject } }));
  }

  /** A BootNotification: stored with the other boots of its batch; resolves with its StationBooted event's pk. */
  boot(input: BootInput): Promise<number[]> {
    return new Promise((resolve, reject) => this.push(input.chargeBoxPk, { kind: 'boot', input, done: { resolve, reject } }));
  }

  /** A StatusNotification: stored with the other reports of its batch, in arrival order. */
  status(input: StatusInput): Promise<StatusResult> {
    return new Promise((resolve, reject) => this.push(input.chargeBoxPk, { kind: 'status', input, done: { resolve, reject } }));
  }

  meterValues(input: MeterInput): Promise<void> {
    return new Promise((resolve, reject) => this.push(input.chargeBoxPk, { kind: 'meter', input, done: { resolve, reject } }));
  }

  /**
   * Runs `work` inside the next batch's transaction and resolves with its result. Work with the same
   * `key` (a station's pk) shares a lane and runs in submission order.
   */
  run<R>(work: (trx: Transaction<DB>) => Promise<R>, key = 0): Promise<R> {
    return new Promise<R>((resolve, reject) =>
      this.push(key, { kind: 'work', work, done: { resolve: resolve as (v: unknown) => void, reject } }),
    );
  }

  /** Resolves when everything submitted so far is written. */
  async drain(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.drain()));
  }

  /** Writes what is pending and refuses new writes (touches are dropped). */
  async close() {
    this.closed = true;
    await Promise.all(this.lanes.map((l) => l.close()));
  }

  private lane(key: number): Lane {
    return this.lanes[Math.abs(Math.trunc(key)) % this.lanes.length]!;
  }

  private push(key: number, op: Op) {
    if (this.closed && op.kind === 'touch') return op.done?.resolve();
    if (this.closed) return (op.done as Settle<unknown>).reject(new Error('write batcher closed'));
    this.lane(key).push(op);
  }
}

/** One queue of the batcher: batches written one after the other. */
class Lane {
  private pending: Op[] = [];
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | null = null;
  private readonly maxDelayMs: number;
  private readonly maxItems: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: WriteBatcherOptions,
    /** Connector keys (`${chargeBoxPk}:${connectorId}` -> connector_pk) seen by earlier batches, shared by the lanes. */
    private readonly connectorKeys: Map<string, number>,
  ) {
    this.maxDelayMs = opts.maxDelayMs ?? 5;
    this.maxItems = opts.maxItems ?? 500;
  }

  async drain(): Promise<void> {
    while (this.pending.length || this.loop) {
      if (!this.loop) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.startLoop();
      }
      await this.loop;
    }
  }

  async close() {
    clearTimeout(this.timer);
    await this.drain();
  }

  push(op: Op) {
    this.pending.push(op);
    if (this.loop) return;
    if (this.pending.length >= this.maxItems) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.startLoop();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (!this.loop) this.startLoop();
      }, this.maxDelayMs);
    }
  }

  private startLoop() {
    this.loop = (async () => {
      try {
        while (this.pending.length) {
          const ops = this.pending.splice(0, this.maxItems);
          await this.write(ops);
        }
      } finally {
        this.loop = null;
      }
    })();
  }

  private async write(ops: Op[]) {
    if (await this.writeFast(ops)) return;
    let results: unknown[];
    let missed: Set<string>;
    const started = performance.now();
    try {
      ({ results, missed } = await this.db.transaction().execute((trx) => this.apply(trx, ops)));
      this.opts.onBatch?.(ops.length, performance.now() - started);
    } catch (err) {
      this.opts.onBatch?.(ops.length, performance.now() - started);
      if (ops.length === 1) return this.fail(ops[0]!, err);
      // One bad message must not sink the batch: each is written on its own.
      for (const op of ops) await this.write([op]);
      return;
    }
    ops.forEach((op, i) => op.done?.resolve(results[i] as never));
    if (missed.size) this.opts.onMissedTouches?.(missed);
  }

  /**
   * The usual batch — meter readings and liveness — in one statement without BEGIN/COMMIT
   * (repository.meterAndTouchStatement). A connector this node has not written readings for yet
   * (each one once after a start) is first looked up, or created, by one statement of its own
   * (idempotent, so it needs no transaction): a batch holding the first reading of one connector
   * among others' no longer goes the transactional way (six round trips instead of two). False
   * when the batch holds other work or the statement failed (nothing was written): the
   * transactional path then writes it.
   */
  private async writeFast(ops: Op[]): Promise<boolean> {
    const touches: Touch[] = [];
    const meterOps: Extract<Op, { kind: 'meter' }>[] = [];
    for (const op of ops) {
      if (op.kind === 'touch') touches.push(op.touch);
      else if (op.kind === 'meter') meterOps.push(op);
      else return false;
    }
    const unseen = meterOps.map((op) => op.input).filter((input) => !this.connectorKeys.has(`${input.chargeBoxPk}:${input.connectorId}`));
    if (unseen.length) {
      try {
        for (const [key, pk] of await ensureConnectors(this.db, unseen)) this.connectorKeys.set(key, pk);
      } catch {
        return false;
      }
    }
    const meters: KnownConnectorMeter[] = [];
    for (const { input } of meterOps) {
      const connectorPk = this.connectorKeys.get(`${input.chargeBoxPk}:${input.connectorId}`);
      if (connectorPk === undefined) return false;
      meters.push({ chargeBoxPk: input.chargeBoxPk, connectorPk, transactionId: input.transactionId, meterValues: input.meterValues });
    }
    const started = performance.now();
    let missed: Set<string>;
    try {
      missed = await meterAndTouchStatement(this.db, meters, touches);
    } catch {
      // E.g. a connector key of a station deleted meanwhile: forget the keys, write it the long way
      // (that write is the batch the metrics count).
      for (const op of ops) if (op.kind === 'meter') this.connectorKeys.delete(`${op.input.chargeBoxPk}:${op.input.connectorId}`);
      return false;
    }
    this.opts.onBatch?.(ops.length, performance.now() - started);
    for (const op of ops) op.done?.resolve(undefined as never);
    if (missed.size) this.opts.onMissedTouches?.(missed);
    return true;
  }

  private fail(op: Op, err: unknown) {
    if (op.done) op.done.reject(err);
    else this.opts.onError?.(err);
  }

  private async apply(trx: Transaction<DB>, ops: Op[]): Promise<{ results: unknown[]; missed: Set<string> }> {
    const results: unknown[] = new Array(ops.length).fill(undefined);

    // Sockets opened, then boots (a station boots only once its socket is on record, so never in
    // the same batch as its connection), each kind in a few statements for the whole batch.
    const connectAt = ops.flatMap((op, i) => (op.kind === 'connect' ? [i] : []));
    if (connectAt.length) {
      const records = connectAt.map((i) => (ops[i] as Extract<Op, { kind: 'connect' }>).record);
      await openConnections(trx, records);
      const pks = await recordNotifications(
        trx,
        records.map((r) => ({ chargeBoxPk: r.chargeBoxPk, type: 'Connected', timestamp: r.connectedAt })),
      );
      connectAt.forEach((i, n) => (results[i] = [pks[n]!]));
    }
    const bootAt = ops.flatMap((op, i) => (op.kind === 'boot' ? [i] : []));
    if (bootAt.length) {
      const boots = bootAt.map((i) => (ops[i] as Extract<Op, { kind: 'boot' }>).input);
      await updateBoots(trx, boots);
      // A rebooted station has forgotten the starts it was refused.
      await closeRejectedStarts(
        trx,
        boots.map((b) => ({ chargeBoxPk: b.chargeBoxPk, at: b.at })),
        'boot',
      );
      const pks = await recordNotifications(
        trx,
        boots.map((b) => ({ chargeBoxPk: b.chargeBoxPk, type: 'StationBooted', timestamp: b.at })),
      );
      bootAt.forEach((i, n) => (results[i] = [pks[n]!]));
    }

    // Custom work next, in submission order (status reports of one connector stay ordered).
    for (const [i, op] of ops.entries()) {
      if (op.kind === 'work') results[i] = await op.work(trx);
    }

    // Status reports of the whole batch in a few statements, then their events in one insert.
    const statusAt = ops.flatMap((op, i) => (op.kind === 'status' ? [i] : []));
    if (statusAt.length) {
      const inputs = statusAt.map((i) => (ops[i] as Extract<Op, { kind: 'status' }>).input);
      const changes = await applyStatuses(trx, inputs);
      // A connector back to Available or Preparing has left any start it was refused.
      await closeRejectedStarts(
        trx,
        inputs
          .filter((input) => input.req.status === 'Available' || input.req.status === 'Preparing')
          .map((input) => ({ chargeBoxPk: input.chargeBoxPk, connectorId: input.req.connectorId, at: input.at })),
        'status',
      );
      const events = inputs.map((input, n) => input.events(changes[n]!));
      const pks = await recordNotifications(trx, events.flat());
      let next = 0;
      statusAt.forEach((i, n) => {
        const count = events[n]!.length;
        results[i] = { change: changes[n]!, notificationPks: pks.slice(next, next + count) } satisfies StatusResult;
        next += count;
      });
    }

    const meters = ops.flatMap((op) => (op.kind === 'meter' ? [op.input] : []));
    if (meters.length) {
      const connectors = await ensureConnectors(
        trx,
        meters.map((m) => ({ chargeBoxPk: m.chargeBoxPk, connectorId: m.connectorId })),
      );
      for (const [key, pk] of connectors) this.connectorKeys.set(key, pk);
      const withTx = meters.filter((m) => m.transactionId !== undefined);
      const owned = await transactionsOfStations(
        trx,
        withTx.map((m) => ({ chargeBoxPk: m.chargeBoxPk, transactionPk: m.transactionId! })),
      );
      await insertMeterValues(
        trx,
        meters.flatMap((m) =>
          m.meterValues.map((meterValue) => ({
            connectorPk: connectors.get(`${m.chargeBoxPk}:${m.connectorId}`)!,
            // A transaction id the station does not own is not trusted: the readings stay on the connector.
            transactionPk: m.transactionId !== undefined && owned.has(`${m.chargeBoxPk}:${m.transactionId}`) ? m.transactionId : null,
            stoppedAt: owned.get(`${m.chargeBoxPk}:${m.transactionId}`)?.stoppedAt ?? null,
            meterValue,
          })),
        ),
      );
    }

    const touches = ops.flatMap((op) => (op.kind === 'touch' ? [op.touch] : []));
    const missed = touches.length ? await applyTouches(trx, touches) : new Set<string>();
    return { results, missed };
  }
}
