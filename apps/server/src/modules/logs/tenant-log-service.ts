import type { Kysely } from 'kysely';
import type { LogCategory, LogLevel } from '@recarga/contracts/logs';
import type { DB } from '../../db/db';
import { fields, lineText, MAX_LINE_TEXT, oneLine, phrase } from './line-text';
import { summarizeCall } from './ocpp-summary';
import { LineBuffer } from './line-buffer';
import { insertLines } from './repository';

/** One line of a tenant's operational log, as the hook points hand it over. */
export interface TenantLogLine {
  tenantPk: number;
  level: LogLevel;
  category: LogCategory;
  /** The station the line is about, if any. */
  chargeBoxId?: string | null;
  text: string;
  /** When it happened; default: when it was written. */
  at?: Date;
}

/** A station as the OCPP session knows it: its tenant comes with it (no query per message). */
export interface LoggedStation {
  tenantPk: number;
  chargeBoxId: string;
}

export interface TenantLogOptions {
  /** Longest wait before buffered lines are written (ms). */
  flushMs?: number;
  /** Lines per INSERT; a full batch is written right away. */
  batchLines?: number;
  /** Lines held at most; beyond that new lines are dropped (and counted) rather than held. */
  maxBuffered?: number;
  now?: () => Date;
  /** A batch that could not be written (its lines are lost, and counted). */
  onError?: (err: unknown, lines: number) => void;
}

/**
 * The per-tenant operational log's writer (issue 21 item 3). Hook points call it synchronously and
 * never wait: a line goes into an in-memory buffer that is written as one multi-row INSERT every
 * `flushMs` or every `batchLines` lines, whichever comes first. The buffer is bounded: when the
 * database falls behind, new lines are dropped and counted (`dropped`, exported as a metric)
 * instead of the node's memory growing. close() writes what is left.
 */
export class TenantLog {
  private buffer = new LineBuffer();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;
  private droppedLines = 0;
  private failedLines = 0;
  private readonly flushMs: number;
  private readonly batchLines: number;
  private readonly maxBuffered: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: TenantLogOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 500;
    this.batchLines = opts.batchLines ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 20_000;
    this.now = opts.now ?? (() => new Date());
  }

  /** Lines dropped because the buffer was full or the log was closed. */
  get dropped(): number {
    return this.droppedLines;
  }

  /** Lines lost because their batch failed to write. */
  get failed(): number {
    return this.failedLines;
  }

  /** Lines waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Adds a line; returns at once (nothing here touches the database). */
  write(line: TenantLogLine): void {
    if (this.closed || this.buffer.length >= this.maxBuffered) {
      this.droppedLines++;
      return;
    }
    this.buffer.push(
      line.tenantPk,
      (line.at ?? this.now()).getTime(),
      line.level,
      line.category,
      line.chargeBoxId ? oneLine(line.chargeBoxId, 255) : null,
      lineText(line.text, MAX_LINE_TEXT),
    );
    if (this.buffer.length >= this.batchLines) this.schedule(0);
    else this.schedule(this.flushMs);
  }

  /** Writes everything buffered so far (tests, shutdown); resolves when it is in the database. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.writing || this.buffer.length) {
      if (!this.writing) this.startWriting();
      await this.writing;
    }
  }

  /** No more lines; writes what is buffered. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(delayMs: number) {
    if (this.writing) return; // the running write loop picks the lines up
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.startWriting();
    }, delayMs);
    this.timer.unref();
  }

  private startWriting() {
    if (this.writing || !this.buffer.length) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = null;
      // Lines that came while the last batch was written wait for the next tick at most.
      if (this.buffer.length && !this.closed) this.schedule(this.buffer.length >= this.batchLines ? 0 : this.flushMs);
    });
  }

  private async writeAll() {
    while (this.buffer.length) {
      const batch = this.buffer.take(this.batchLines);
      try {
        await insertLines(this.db, batch);
      } catch (err) {
        this.failedLines += batch.texts.length;
        this.opts.onError?.(err, batch.texts.length);
      }
    }
  }

  // --- The hook points' one-line calls ------------------------------------------------------

  /** A station's socket opened. */
  stationConnected(station: LoggedStation, protocol: string, address: string | null): void {
    this.write({
      ...this.of(station),
      level: 'INFO',
      category: 'ocpp',
      text: `${phrase('connected')} ${fields({ protocol, address })}`.trim(),
    });
  }

  /** A registered station's connection refused because it offers no subprotocol this server speaks (an OCPP 2.0.1 station today). */
  stationRefusedProtocol(station: LoggedStation, offered: string, spoken: string): void {
    this.write({
      ...this.of(station),
      level: 'WARN',
      category: 'ocpp',
      text: `${phrase('refusedProtocol')} ${offered.trim() ? fields({ offered: oneLine(offered, 120) }) : `${phrase('field.offered')}=${phrase('none')}`} ${fields({ spoken })}`,
    });
  }

  /** A station's socket closed. */
  stationDisconnected(station: LoggedStation, replaced: boolean): void {
    this.write({
      ...this.of(station),
      level: replaced ? 'INFO' : 'WARN',
      category: 'ocpp',
      text: phrase(replaced ? 'disconnectedReplaced' : 'disconnected'),
    });
  }

  /** An incoming call and the central system's answer, in one compact line. */
  stationCall(station: LoggedStation, action: string, request: unknown, response: unknown): void {
    const { level, text } = summarizeCall(action, request, response);
    this.write({ ...this.of(station), level, category: 'ocpp', text });
  }

  /** An incoming call answered with a CALLERROR (invalid, not processed). */
  stationCallFailed(station: LoggedStation, action: string, code: string, message: string): void {
    this.write({
      ...this.of(station),
      level: code === 'InternalError' ? 'ERROR' : 'WARN',
      category: 'ocpp',
      text: `${oneLine(action)} → CALLERROR ${oneLine(code)}: ${oneLine(message, 300)}`,
    });
  }

  /** A frame the station sent that is not valid OCPP (malformed, or failing the schema). */
  stationInvalidMessage(station: LoggedStation, what: string, detail: string): void {
    this.write({
      ...this.of(station),
      level: 'WARN',
      category: 'ocpp',
      text: `${phrase('invalidMessage')} (${oneLine(what, 40)}): ${oneLine(detail, 300)}`,
    });
  }

  /** A command sent to a station (an operator's task or the platform's own) and its outcome. */
  command(
    station: { tenant_pk: number; charge_box_id: string },
    action: string,
    taskPk: number,
    result: {
      status: 'answered' | 'error' | 'interrupted';
      response: string | null;
      errorCode: string | null;
      errorMessage: string | null;
    },
  ): void {
    const outcome =
      result.status === 'answered'
        ? (result.response ?? phrase('answered'))
        : [result.errorCode, result.errorMessage]
            .filter(Boolean)
            .map((s) => oneLine(s, 200))
            .join(': ');
    const ok =
      result.status === 'answered' && (result.response === null || result.response === 'Accepted' || /^\d+$/.test(result.response));
    this.write({
      tenantPk: station.tenant_pk,
      chargeBoxId: station.charge_box_id,
      level: result.status === 'answered' ? (ok ? 'INFO' : 'WARN') : 'ERROR',
      category: 'command',
      text: `${oneLine(action)} → ${result.status === 'answered' && result.response === null ? outcome : oneLine(outcome, 300)} (${phrase('task')} ${taskPk})`,
    });
  }

  /** A limit the load manager sent to one recharge, and the station's answer. */
  smartChargingLimit(
    tenantPk: number,
    chargeBoxId: string,
    limit: { groupPk: number; connectorId: number; transactionId: number; limitA: number; reason?: string; status: string },
  ): void {
    this.write({
      tenantPk,
      chargeBoxId,
      level: limit.status === 'ACCEPTED' ? 'INFO' : 'WARN',
      category: 'smart-charging',
      text: `${phrase('limit')} ${limit.limitA} A ${fields({
        group: limit.groupPk,
        connector: limit.connectorId,
        tx: limit.transactionId,
        reason: limit.reason,
      })} → ${oneLine(limit.status)}`,
    });
  }

  /** The load manager's state changes of one pass (meter online/offline, failsafe, breaker margin). */
  smartChargingEvents(tenantPk: number, groupPk: number, events: { kind: string; detail: unknown }[]): void {
    for (const e of events) {
      // Limits are logged one by one (smartChargingLimit); refusals with them.
      if (e.kind === 'PROFILE_REJECTED' || e.kind === 'PLAN_CHANGED') continue;
      const d = (e.detail ?? {}) as Record<string, unknown>;
      const level: LogLevel = e.kind === 'METER_ONLINE' || e.kind === 'FAILSAFE_ENDED' ? 'INFO' : 'WARN';
      const detail =
        e.kind === 'FAILSAFE'
          ? fields({
              reason: d.reason,
              basis: d.basis,
              buildingA: d.building_a,
              availableA: d.available_a,
              breakerA: d.breaker_a,
              chargers: d.chargers,
            })
          : e.kind === 'FAILSAFE_ENDED'
            ? fields({ afterS: d.after_s })
            : e.kind === 'BREAKER_MARGIN_BREACHED'
              ? fields({ totalA: d.total_a, breakerA: d.breaker_a, marginA: d.margin_a })
              : fields({ measuredAt: d.measured_at });
      this.write({
        tenantPk,
        level,
        category: 'smart-charging',
        text: `${phrase(`smartCharging.${oneLine(e.kind).replace(/[^A-Z_]/g, '')}`)} ${fields({ group: groupPk })} ${detail}`.trim(),
      });
    }
  }

  /** A dashboard sign-in of a user of the tenant: success, or why it failed (never the password). */
  signIn(
    tenantPk: number,
    email: string,
    address: string,
    outcome: 'SUCCESS' | 'INVALID_CREDENTIALS' | 'USER_BLOCKED' | 'NO_PERMISSION',
  ): void {
    this.write({
      tenantPk,
      level: outcome === 'SUCCESS' ? 'INFO' : 'WARN',
      category: 'sign-in',
      text: `${outcome === 'SUCCESS' ? phrase('signedIn') : `${phrase('signInRefused')} (${phrase(`signIn.${outcome}`)})`} ${fields({ email, address })}`,
    });
  }

  private of(station: LoggedStation) {
    return { tenantPk: station.tenantPk, chargeBoxId: station.chargeBoxId };
  }
}
