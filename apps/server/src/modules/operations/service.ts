import type { Kysely } from 'kysely';
import {
  availabilityTypes,
  commandPermission,
  MAX_LOCAL_LIST_ENTRIES,
  MAX_RESERVATION_HOURS,
  operationMessages,
  ocppConfKeys,
  resetTypes,
  triggerMessageTypes,
  v16OnlyCommands,
  versionPermission,
  type CommandAccepted,
  type CommandBody,
  type LiveTask,
  type OcppVersionPath,
  type OperationCommand,
  type OperationOptions,
  type Task,
  type TaskDetailResponse,
  type TaskErrorCode,
  type TaskListResponse,
} from '@recarga/contracts/operations';
import { liveTopics } from '@recarga/contracts/live';
import type { PaymentType } from '@recarga/contracts/payments';
import { roles } from '@recarga/contracts/permissions';
import type { DB } from '../../db/db';
import type { TaskOrigin } from '../../db/schema-operations';
import { localListAt } from '../../ocpp/authorization';
import {
  callStation,
  NotSupportedByProtocolError,
  StationCallError,
  StationOfflineError,
  StationResponseInvalidError,
  StationTimeoutError,
} from '../../ocpp/call-station';
import type { RequestContext } from '../../platform/auth/context';
import type { Bus } from '../../platform/bus';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { LivePublisher } from '../../platform/live-publisher';
import type { TenantLog } from '../logs/tenant-log-service';
import { digits } from '../../platform/text';
import { offsetMs, type Zone } from '../../platform/time-zone';
import * as profiles from './charging-profile-repository';
import { stationCommand, summarize, type CommandContext, type StationCommand } from './ocpp-commands';
import * as repo from './repository';

/** Stations called at once by one task. */
const FAN_OUT = 50;
/** A running task's node refreshes its heartbeat this often; the job closes tasks silent for 4 beats. */
export const TASK_HEARTBEAT_MS = 10_000;
export const TASK_STALE_MS = 4 * TASK_HEARTBEAT_MS;
const TAG_OPTIONS = 20;

const versionOf = (v: OcppVersionPath) => (v === 'v1.5' ? '1.5' : '1.6');

/** A failed call as the task records it: a code the screen words, and the technical detail. */
function failureOf(err: unknown): { errorCode: TaskErrorCode; errorMessage: string } {
  if (err instanceof StationCallError)
    return {
      errorCode: 'CALL_ERROR',
      errorMessage: err.ocppErrorDescription ? `${err.ocppErrorCode}: ${err.ocppErrorDescription}` : err.ocppErrorCode,
    };
  const code: TaskErrorCode =
    err instanceof StationOfflineError
      ? 'OFFLINE'
      : err instanceof StationTimeoutError
        ? 'TIMEOUT'
        : err instanceof StationResponseInvalidError
          ? 'INVALID_RESPONSE'
          : err instanceof NotSupportedByProtocolError
            ? 'NOT_SUPPORTED'
            : 'FAILED';
  return { errorCode: code, errorMessage: err instanceof Error ? err.message : String(err) };
}

/** Commands whose option data lists each station's connectors. */
const connectorCommands: ReadonlySet<OperationCommand> = new Set([
  'change_availability',
  'remote_start_transaction',
  'unlock_connector',
  'trigger_message',
  'set_charging_profile',
  'clear_charging_profile',
  'reserve_now',
  'get_composite_schedule',
]);
/** Commands whose option data offers tags of the caller's networks. */
const tagCommands: ReadonlySet<OperationCommand> = new Set(['remote_start_transaction', 'reserve_now', 'send_local_list']);

/** ISO 8601 in a zone, with its offset ('2026-11-24T21:00:00.000-03:00'); UTC ('Z') without one. */
function inZone(at: Date | string | null, zone: Zone | null): string | null {
  if (at === null) return null;
  const ms = new Date(at).getTime();
  if (!zone) return new Date(ms).toISOString();
  const off = offsetMs(zone, ms);
  const local = new Date(ms + off).toISOString().slice(0, -1);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off) / 60_000;
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** One station's part of a task: the station and what its message is built from. */
interface Plan {
  station: repo.ScopedStation;
  context: CommandContext;
}

interface Deps {
  bus: Bus;
  live: LivePublisher;
  nodeId: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How long a station has to answer (ms). */
  callTimeoutMs?: number;
  /** The payment types a tenant offers (GET payment/types), for a remote start's payment generation. */
  paymentTypes?: (ctx: RequestContext, tenantPk: number) => Promise<PaymentType[]>;
  /** The per-tenant operational log: every command sent and its outcome. */
  tenantLog?: TenantLog;
}

/**
 * Remote operations (001 §2, §7 Operations): the option data of each command, the commands —
 * each a persisted task that fans out to the chosen stations and records every answer — and the
 * task history. Works from any node: callStation reaches the node holding each station.
 */
export class OperationService {
  /** Tasks this node is running: their ids, for the heartbeat. */
  private readonly running = new Map<number, Promise<void>>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: Deps,
  ) {
    this.heartbeat = setInterval(() => {
      if (this.running.size === 0) return;
      repo.touchTasks(this.db, [...this.running.keys()]).catch((err) => this.deps.log.warn({ err }, 'operations: heartbeat failed'));
    }, TASK_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private checkVersion(ctx: RequestContext, version: OcppVersionPath, command?: OperationCommand) {
    if (!ctx.user.permitted.has(versionPermission[version])) throw forbidden();
    if (command && version === 'v1.5' && v16OnlyCommands.has(command)) {
      throw new AppError(422, 'NOT_SUPPORTED_BY_PROTOCOL', operationMessages.v16Only);
    }
  }

  async options(
    ctx: RequestContext,
    version: OcppVersionPath,
    command: OperationCommand,
    q: { idTag?: string; searchInput?: string; size?: number; chargeBoxIds?: string[] },
  ): Promise<OperationOptions> {
    this.checkVersion(ctx, version, command);
    const scope = ctx.tenantScope;
    const ocppVersion = versionOf(version);
    const search = q.searchInput?.trim() || undefined;
    // Without `size`, the spec's answer: every station of the version (matching the search, if any).
    // With it, a page of the search paged in the database, its count, and the chosen stations.
    const [found, chosen, count] = await Promise.all([
      q.size === 0 ? [] : repo.stationsOfVersion(this.db, scope, ocppVersion, { search, limit: q.size }),
      repo.stationsOfVersionByIds(this.db, scope, ocppVersion, q.chargeBoxIds ?? []),
      q.size === undefined ? undefined : repo.countStationsOfVersion(this.db, scope, ocppVersion, search),
    ]);
    const answered = new Set(found.map((s) => s.charge_box_pk));
    const stations = [...found, ...chosen.filter((s) => !answered.has(s.charge_box_pk))];
    const out: OperationOptions = {
      chargePointSelectList: stations.map((s) => ({
        chargeBoxId: s.charge_box_id,
        chargeBoxDescription: s.description,
        hasPayment: s.has_payment,
        online: s.online,
      })),
      ...(count === undefined ? {} : { count }),
    };
    const pks = stations.map((s) => s.charge_box_pk);
    const idOf = new Map(stations.map((s) => [s.charge_box_pk, s.charge_box_id]));
    if (connectorCommands.has(command)) {
      const byStation = await repo.connectorIds(this.db, pks);
      out.connectorIds = Object.fromEntries([...byStation].map(([pk, ids]) => [idOf.get(pk)!, ids]));
    }
    if (command === 'remote_stop_transaction' || command === 'set_charging_profile') {
      const open = await repo.runningTransactions(this.db, pks);
      const byStation: Record<string, number[]> = {};
      for (const x of open) (byStation[idOf.get(x.charge_box_pk)!] ??= []).push(x.transaction_pk);
      out.transactionIds = byStation;
      if (command === 'remote_stop_transaction') {
        const running: NonNullable<OperationOptions['runningTransactions']> = {};
        for (const x of open)
          (running[idOf.get(x.charge_box_pk)!] ??= []).push({
            transactionId: x.transaction_pk,
            connectorId: x.connector_id,
            idTag: x.id_tag,
            userName: x.user_name,
            startTimestamp: new Date(x.start_timestamp).toISOString(),
          });
        out.runningTransactions = running;
      }
    }
    if (tagCommands.has(command)) {
      const text = (q.idTag ?? '').replace(/\0/g, '').trim();
      out.idTagList = await repo.tagIdsContaining(this.db, scope, text || null, TAG_OPTIONS);
    }
    if (command === 'change_availability') out.availabilityTypes = [...availabilityTypes];
    if (command === 'reset') out.resetTypes = [...resetTypes];
    if (command === 'get_configuration') out.ocppConfKeys = ocppConfKeys.map((k) => k.key);
    if (command === 'change_configuration') out.ocppConfKeys = ocppConfKeys.filter((k) => k.writable).map((k) => k.key);
    if (command === 'trigger_message') out.triggerMessageTypes = [...triggerMessageTypes];
    if (command === 'remote_start_transaction' && version === 'v1.6') {
      out.profileList = (await profiles.listProfiles(this.db, scope))
        .filter((p) => p.charging_profile_purpose === 'TX_PROFILE')
        .map((p) => ({ chargingProfilePk: p.charging_profile_pk, description: p.description }));
    }
    if (command === 'set_charging_profile' || command === 'clear_charging_profile') {
      out.profileList = (await profiles.listProfiles(this.db, scope)).map((p) => ({
        chargingProfilePk: p.charging_profile_pk,
        description: p.description,
      }));
    }
    if (command === 'cancel_reservation') {
      const open = await repo.openReservations(this.db, pks, new Date());
      const byStation: NonNullable<OperationOptions['reservations']> = {};
      for (const r of open)
        (byStation[idOf.get(r.charge_box_pk)!] ??= []).push({
          reservationId: r.reservation_pk,
          connectorId: r.connector_id,
          idTag: r.id_tag,
          expiryDate: new Date(r.expiry_date).toISOString(),
          status: r.status,
        });
      out.reservations = byStation;
    }
    if (command === 'send_local_list' || command === 'get_local_list_version') {
      const lists = await repo.localLists(this.db, pks);
      out.localLists = Object.fromEntries(
        lists.map((l) => [
          idOf.get(l.charge_box_pk)!,
          // What the station holds: the version it accepted or last reported (a version handed out
          // for a send it never got does not count).
          { listVersion: Math.max(0, l.reported_version ?? 0), entries: l.entries, reportedVersion: l.reported_version },
        ]),
      );
    }
    return out;
  }

  /**
   * Sends a command: checks everything that can be checked before a station is called (scope,
   * version, tag, profile, keys), records the task, answers its id, and fans out in the background.
   */
  async send<C extends OperationCommand>(
    ctx: RequestContext,
    version: OcppVersionPath,
    command: C,
    body: CommandBody<C>,
    origin: TaskOrigin = 'DASHBOARD',
  ): Promise<CommandAccepted> {
    this.checkVersion(ctx, version, command);
    const scope = ctx.tenantScope;
    const ids = body.chargePointSelectList;
    let stations = await repo.stationsByIds(this.db, scope, ids);
    const found = new Set(stations.map((s) => s.charge_box_id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw badRequest(
        operationMessages.notInScope,
        { chargePointSelectList: `${operationMessages.notInScope} ${missing.slice(0, 5).join(', ')}` },
        'VALIDATION',
      );
    const wanted = versionOf(version);
    const wrong = stations.filter((s) => (s.ocpp_protocol ?? 'ocpp1.6') !== `ocpp${wanted}`);
    if (wrong.length) {
      throw badRequest(
        operationMessages.wrongVersion,
        {
          chargePointSelectList: `${operationMessages.wrongVersion} ${wrong
            .slice(0, 5)
            .map((s) => s.charge_box_id)
            .join(', ')}`,
        },
        'VALIDATION',
      );
    }

    const shared: Pick<CommandContext, 'idTag' | 'profile' | 'parentIdTag'> = {};
    if (command === 'reserve_now') {
      const b = body as CommandBody<'reserve_now'>;
      const tag = await repo.tagInScope(this.db, scope, b.idTag);
      if (!tag) throw badRequest(operationMessages.noTag, { idTag: operationMessages.noTag }, 'VALIDATION');
      const expiry = new Date(b.expiry).getTime();
      const now = Date.now();
      if (expiry <= now) throw badRequest(operationMessages.expiryInPast, { expiry: operationMessages.expiryInPast }, 'VALIDATION');
      if (expiry > now + MAX_RESERVATION_HOURS * 3_600_000)
        throw badRequest(operationMessages.expiryTooFar, { expiry: operationMessages.expiryTooFar }, 'VALIDATION');
      shared.idTag = tag.id_tag;
      shared.parentIdTag = tag.parent_id_tag;
    }
    if (command === 'cancel_reservation') {
      const b = body as CommandBody<'cancel_reservation'>;
      const open = await repo.openReservations(
        this.db,
        stations.map((s) => s.charge_box_pk),
        new Date(),
      );
      if (!open.some((r) => r.reservation_pk === b.reservationId))
        throw badRequest(operationMessages.reservationNotFound, { reservationId: operationMessages.reservationNotFound }, 'VALIDATION');
    }
    if (command === 'send_local_list') {
      const b = body as CommandBody<'send_local_list'>;
      const missing: string[] = [];
      for (const id of b.addUpdateList) if (!(await repo.tagInScope(this.db, scope, id))) missing.push(id);
      if (missing.length)
        throw badRequest(
          operationMessages.noTag,
          { addUpdateList: `${operationMessages.noTag} ${missing.slice(0, 5).join(', ')}` },
          'VALIDATION',
        );
    }
    if (command === 'remote_stop_transaction') {
      // A stop goes to the one station where its recharge runs, never to every chosen station.
      const b = body as CommandBody<'remote_stop_transaction'>;
      const running = (
        await repo.openTransactions(
          this.db,
          stations.map((s) => s.charge_box_pk),
        )
      ).find((x) => x.transaction_pk === b.transactionId);
      if (!running)
        throw badRequest(operationMessages.transactionNotRunning, { transactionId: operationMessages.transactionNotRunning }, 'VALIDATION');
      stations = stations.filter((s) => s.charge_box_pk === running.charge_box_pk);
    }
    if (command === 'remote_start_transaction') {
      const b = body as CommandBody<'remote_start_transaction'>;
      if (b.chargingProfilePk !== undefined) {
        // OCPP 1.5's RemoteStartTransaction has no chargingProfile: refused rather than silently left out.
        if (version === 'v1.5')
          throw new AppError(422, 'NOT_SUPPORTED_BY_PROTOCOL', operationMessages.startProfileV15, {
            chargingProfilePk: operationMessages.startProfileV15,
          });
        const stored = await profiles.profileInScope(this.db, scope, b.chargingProfilePk);
        if (!stored)
          throw badRequest(operationMessages.profileNotFound, { chargingProfilePk: operationMessages.profileNotFound }, 'VALIDATION');
        // OCPP 1.6 §5.11: the profile of a remote start SHALL have purpose TxProfile.
        if (stored.profile.charging_profile_purpose !== 'TX_PROFILE')
          throw badRequest(operationMessages.startProfileNotTx, { chargingProfilePk: operationMessages.startProfileNotTx }, 'VALIDATION');
        shared.profile = stored;
      }
      if (b.paymentType) await this.checkPaymentType(ctx, b.paymentType, stations);
      if (b.idTag) {
        const tag = await repo.tagInScope(this.db, scope, b.idTag);
        if (!tag) throw badRequest(operationMessages.noTag, { idTag: operationMessages.noTag }, 'VALIDATION');
        shared.idTag = tag.id_tag;
      } else {
        const doc = digits(b.document ?? '');
        const tag = doc ? await repo.tagOfDocument(this.db, scope, doc) : undefined;
        if (!tag) throw badRequest(operationMessages.noDocumentTag, { document: operationMessages.noDocumentTag }, 'VALIDATION');
        shared.idTag = tag.id_tag;
      }
    }
    if (command === 'change_configuration') {
      const b = body as CommandBody<'change_configuration'>;
      if (b.keyType === 'PREDEFINED') {
        const known = ocppConfKeys.find((k) => k.key === b.confKey);
        if (!known) throw badRequest(operationMessages.unknownKey, { confKey: operationMessages.unknownKey }, 'VALIDATION');
        if (!known.writable) throw badRequest(operationMessages.readOnlyKey, { confKey: operationMessages.readOnlyKey }, 'VALIDATION');
      }
    }
    if (command === 'set_charging_profile') {
      const b = body as CommandBody<'set_charging_profile'>;
      const stored = await profiles.profileInScope(this.db, scope, b.chargingProfilePk);
      if (!stored)
        throw badRequest(operationMessages.profileNotFound, { chargingProfilePk: operationMessages.profileNotFound }, 'VALIDATION');
      shared.profile = stored;
    }
    if (command === 'clear_charging_profile') {
      const b = body as CommandBody<'clear_charging_profile'>;
      if (b.filterType === 'ChargingProfileId' && !(await profiles.profileInScope(this.db, scope, b.chargingProfilePk!))) {
        throw badRequest(operationMessages.profileNotFound, { chargingProfilePk: operationMessages.profileNotFound }, 'VALIDATION');
      }
    }

    const pks = stations.map((s) => s.charge_box_pk);
    const now = new Date();
    const [connectors, open, reservations] = await Promise.all([
      repo.connectorIds(this.db, pks),
      repo.openTransactions(this.db, pks),
      command === 'cancel_reservation' ? repo.openReservations(this.db, pks, now) : Promise.resolve([]),
    ]);
    const { chargePointSelectList: _stations, ...parameters } = body as Record<string, unknown>;
    const taskPk = await repo.insertTask(
      this.db,
      {
        origin,
        // A public page (the QR page) has no user behind its commands.
        issuerUserPk: origin === 'QR_PAGE' ? null : ctx.user.userPk,
        issuer: ctx.user.email,
        ocppVersion: wanted,
        operationName: command,
        parameters,
        nodeId: this.deps.nodeId,
      },
      stations,
    );
    if (command === 'remote_start_transaction') {
      const b = body as CommandBody<'remote_start_transaction'>;
      if (b.paymentType)
        await repo.insertRemoteStartRequests(
          this.db,
          stations.map((s) => ({
            taskPk,
            chargeBoxPk: s.charge_box_pk,
            connectorId: b.connectorId,
            idTag: shared.idTag!,
            paymentType: b.paymentType!,
          })),
        );
    }
    let reservationIds = new Map<number, number>();
    if (command === 'reserve_now') {
      const b = body as CommandBody<'reserve_now'>;
      reservationIds = await repo.insertReservations(
        this.db,
        stations
          .filter((s) => s.reservation)
          .map((s) => ({
            chargeBoxPk: s.charge_box_pk,
            tenantPk: s.tenant_pk,
            connectorId: b.connectorId,
            idTag: shared.idTag!,
            parentIdTag: shared.parentIdTag ?? null,
            expiry: new Date(b.expiry),
            taskPk,
          })),
      );
    }
    const plans: Plan[] = stations.map((s) => ({
      station: s,
      context: {
        ...shared,
        connectorIds: connectors.get(s.charge_box_pk) ?? [],
        openTransactions: open.filter((x) => x.charge_box_pk === s.charge_box_pk),
        reservationEnabled: s.reservation,
        reservationId: reservationIds.get(s.charge_box_pk),
        openReservations: reservations.filter((r) => r.charge_box_pk === s.charge_box_pk).map((r) => r.reservation_pk),
      },
    }));
    const run = this.fanOut(taskPk, command, body, plans).finally(() => this.running.delete(taskPk));
    this.running.set(taskPk, run);
    return { taskId: taskPk, message: operationMessages.sent };
  }

  /**
   * Stops one running recharge from the recharge itself (the transactions screens, a station's
   * charging connector): the remote stop sent to its own station, as a task like any other, under
   * the remote-stop permission and the station's protocol version permission.
   */
  async stopTransaction(ctx: RequestContext, transactionPk: number): Promise<CommandAccepted> {
    if (!ctx.user.permitted.has(commandPermission.remote_stop_transaction)) throw forbidden();
    const tx = await repo.openTransactionInScope(this.db, ctx.tenantScope, transactionPk);
    if (!tx) throw notFound(operationMessages.transactionNotRunning, 'TRANSACTION_NOT_FOUND');
    if (tx.stop_timestamp !== null) throw new AppError(409, 'TRANSACTION_NOT_RUNNING', operationMessages.transactionNotRunning);
    const version: OcppVersionPath = tx.ocpp_protocol === 'ocpp1.5' ? 'v1.5' : 'v1.6';
    return this.send(ctx, version, 'remote_stop_transaction', {
      chargePointSelectList: [tx.charge_box_id],
      transactionId: tx.transaction_pk,
    });
  }

  /**
   * A command the platform issues itself (the smart-charging load manager): one station, a ready
   * OCPP 1.6 message, recorded as a task of that origin with no user behind it. Resolves once the
   * station's result is stored (answered, or the call failed: offline, timeout, error).
   */
  async sendSystemCommand(req: {
    origin: TaskOrigin;
    issuer: string;
    operationName: OperationCommand;
    station: { charge_box_pk: number; charge_box_id: string; tenant_pk: number };
    action: 'SetChargingProfile' | 'ClearChargingProfile';
    payload: unknown;
    parameters: Record<string, unknown>;
    timeoutMs?: number;
  }): Promise<{ taskPk: number; result: repo.ResultUpdate }> {
    const { station } = req;
    const taskPk = await repo.insertTask(
      this.db,
      {
        origin: req.origin,
        issuerUserPk: null,
        issuer: req.issuer,
        ocppVersion: '1.6',
        operationName: req.operationName,
        parameters: req.parameters,
        nodeId: this.deps.nodeId,
      },
      [station],
    );
    let result: repo.ResultUpdate;
    const run = (async () => {
      try {
        const answer = await callStation(this.deps.bus, station.charge_box_id, req.action, req.payload as never, {
          timeoutMs: req.timeoutMs ?? this.deps.callTimeoutMs,
        });
        const { response, detail } = summarize(req.action, answer);
        result = { status: 'answered', response, errorCode: null, errorMessage: null, detail };
      } catch (err) {
        result = { status: 'error', response: null, detail: null, ...failureOf(err) };
      }
      this.deps.tenantLog?.command(station, req.action, taskPk, result);
      await repo.recordResult(this.db, taskPk, station.charge_box_pk, result);
      await repo.finishTask(this.db, taskPk);
    })().finally(() => this.running.delete(taskPk));
    this.running.set(taskPk, run);
    await run;
    return { taskPk, result: result! };
  }

  /**
   * What one station is sent. The local list is read per station when its turn comes (it depends
   * on the station's network and access list, and can be long); the rest was gathered up front.
   */
  private async messageFor(command: OperationCommand, body: CommandBody<OperationCommand>, plan: Plan): Promise<StationCommand> {
    if (command === 'send_local_list') {
      const b = body as CommandBody<'send_local_list'>;
      const now = new Date();
      let entries;
      if (b.updateType === 'FULL') {
        entries = await localListAt(this.db, plan.station.charge_box_pk, now, { limit: MAX_LOCAL_LIST_ENTRIES + 1 });
        if (entries.length > MAX_LOCAL_LIST_ENTRIES)
          return { refused: 'LOCAL_LIST_TOO_LONG', detail: `more than ${MAX_LOCAL_LIST_ENTRIES} tags` };
      } else {
        const updates = await localListAt(this.db, plan.station.charge_box_pk, now, {
          idTags: b.addUpdateList,
          limit: b.addUpdateList.length,
        });
        const kept = new Set(updates.map((e) => e.idTag.toLowerCase()));
        // A chosen tag that may not charge here (another network, not on a private station's list) is removed there.
        const removals = [...b.deleteList, ...b.addUpdateList.filter((id) => !kept.has(id.toLowerCase()))];
        entries = [...updates, ...[...new Set(removals)].map((idTag) => ({ idTag }))];
      }
      const listVersion = await repo.nextLocalListVersion(this.db, plan.station.charge_box_pk);
      plan.context.localList = { listVersion, entries };
    }
    return stationCommand(command, body, plan.context);
  }

  private async fanOut(taskPk: number, command: OperationCommand, body: CommandBody<OperationCommand>, plans: Plan[]) {
    let next = 0;
    const worker = async () => {
      while (next < plans.length && !this.closed) {
        const plan = plans[next++]!;
        await this.runOne(taskPk, command, body, plan);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(FAN_OUT, plans.length) }, worker));
      if (this.closed) return;
      await repo.finishTask(this.db, taskPk);
    } catch (err) {
      this.deps.log.error({ err, taskPk }, 'operations: task failed');
    }
  }

  private async runOne(taskPk: number, command: OperationCommand, body: CommandBody<OperationCommand>, plan: Plan) {
    const { station } = plan;
    let result: repo.ResultUpdate;
    let action: string = command;
    try {
      const message = await this.messageFor(command, body, plan);
      if ('refused' in message) {
        result = { status: 'error', response: null, errorCode: message.refused, errorMessage: message.detail, detail: null };
      } else {
        action = message.action;
        try {
          const answer = await callStation(this.deps.bus, station.charge_box_id, message.action, message.payload as never, {
            timeoutMs: this.deps.callTimeoutMs,
          });
          const { response, detail } = summarize(message.action, answer);
          result = { status: 'answered', response, errorCode: null, errorMessage: null, detail };
        } catch (err) {
          if (!(err instanceof AppError))
            this.deps.log.error({ err, taskPk, chargeBoxId: station.charge_box_id }, 'operations: call failed');
          result = { status: 'error', response: null, detail: null, ...failureOf(err) };
        }
      }
      await this.afterResult(taskPk, command, body, plan, result);
    } catch (err) {
      this.deps.log.error({ err, taskPk, chargeBoxId: station.charge_box_id }, 'operations: station step failed');
      result = { status: 'error', response: null, detail: null, errorCode: 'FAILED', errorMessage: 'internal error' };
    }
    this.deps.tenantLog?.command(station, action, taskPk, result);
    if (this.closed) return;
    await repo.recordResult(this.db, taskPk, station.charge_box_pk, result);
    const live: LiveTask = {
      taskId: taskPk,
      done: false,
      chargeBoxId: station.charge_box_id,
      result: {
        status: result.status,
        response: result.response,
        errorCode: result.errorCode,
        errorMessage: result.errorMessage,
        hasDetail: result.detail != null,
      },
    };
    this.deps.live.publish(station.tenant_pk, (apiKey) => liveTopics.task(apiKey, taskPk), live).catch(() => undefined);
  }

  /**
   * Payment generation (001 §4) is for administrators (the spec's admin-style check: DASH_ADMIN),
   * and only with a payment type every chosen station's network offers; vouchers are the driver's
   * to apply, not the operator's to impose.
   */
  private async checkPaymentType(ctx: RequestContext, type: PaymentType, stations: repo.ScopedStation[]) {
    if (!ctx.user.roles.has(roles.admin))
      throw new AppError(403, 'FORBIDDEN', operationMessages.paymentNotAllowed, { paymentType: operationMessages.paymentNotAllowed });
    const offered = async (tenantPk: number) => (this.deps.paymentTypes ? await this.deps.paymentTypes(ctx, tenantPk) : []);
    for (const tenantPk of new Set(stations.map((s) => s.tenant_pk))) {
      if (type === 'VOUCHER' || !(await offered(tenantPk)).includes(type))
        throw badRequest(operationMessages.paymentTypeNotOffered, { paymentType: operationMessages.paymentTypeNotOffered }, 'VALIDATION');
    }
  }

  /** What a station's result changes here: the profiles it holds, its reservations, its local list. */
  private async afterResult(
    taskPk: number,
    command: OperationCommand,
    body: CommandBody<OperationCommand>,
    plan: Plan,
    result: repo.ResultUpdate,
  ) {
    const { station, context } = plan;
    const accepted = result.status === 'answered' && result.response === 'Accepted';
    switch (command) {
      case 'set_charging_profile': {
        const b = body as CommandBody<'set_charging_profile'>;
        if (accepted) await profiles.markProfileSet(this.db, station.charge_box_pk, b.connectorId, b.chargingProfilePk, taskPk);
        break;
      }
      case 'clear_charging_profile': {
        const b = body as CommandBody<'clear_charging_profile'>;
        if (accepted)
          await profiles.markProfilesCleared(
            this.db,
            station.charge_box_pk,
            b.filterType === 'ChargingProfileId'
              ? { profilePk: b.chargingProfilePk }
              : { connectorId: b.connectorId, purpose: b.chargingProfilePurpose, stackLevel: b.stackLevel },
          );
        break;
      }
      case 'remote_start_transaction':
        if (!accepted && (body as CommandBody<'remote_start_transaction'>).paymentType)
          await repo.dropRemoteStartRequest(this.db, taskPk, station.charge_box_pk);
        break;
      case 'reserve_now':
        if (context.reservationId !== undefined)
          await repo.answerReservation(this.db, context.reservationId, accepted, result.response ?? result.errorCode);
        break;
      case 'cancel_reservation':
        if (accepted)
          await repo.cancelReservation(this.db, (body as CommandBody<'cancel_reservation'>).reservationId, station.charge_box_pk);
        break;
      case 'send_local_list':
        if (accepted && context.localList) {
          const full = (body as CommandBody<'send_local_list'>).updateType === 'FULL';
          await repo.recordLocalListSent(
            this.db,
            station.charge_box_pk,
            context.localList.listVersion,
            full ? context.localList.entries.length : null,
          );
        }
        break;
      case 'get_local_list_version':
        // NotSupported is the station's -1 (no local list): kept as -1, which no version is.
        if (result.status === 'answered' && result.response !== null && /^(-?\d+|NotSupported)$/.test(result.response))
          await repo.recordLocalListReported(
            this.db,
            station.charge_box_pk,
            result.response === 'NotSupported' ? -1 : Number(result.response),
          );
        break;
      default:
        break;
    }
  }

  async tasks(ctx: RequestContext, q: { timeZone?: string; page?: number; size?: number }): Promise<TaskListResponse> {
    if (!ctx.user.permitted.has('/operations/tasks')) throw forbidden();
    const size = q.size ?? 10;
    const page = q.page ?? 1;
    const zone: Zone | null = q.timeZone ? { kind: 'iana', name: q.timeZone } : null;
    const [rows, count] = await Promise.all([
      repo.listTasks(this.db, ctx.tenantScope, { limit: size, offset: (page - 1) * size }),
      repo.countTasks(this.db, ctx.tenantScope),
    ]);
    const results = await repo.resultsOf(
      this.db,
      ctx.tenantScope,
      rows.map((r) => r.task_pk),
    );
    const tasks: Task[] = rows.map((r) => ({
      taskId: r.task_pk,
      origin: r.origin,
      issuer: r.issuer,
      startTimestamp: inZone(r.start_timestamp, zone)!,
      endTimestamp: inZone(r.end_timestamp, zone),
      interrupted: r.interrupted,
      parameters: (r.parameters ?? {}) as Record<string, unknown>,
      taskDetail: {
        ocppVersion: r.ocpp_version,
        operationName: r.operation_name,
        resultMap: Object.fromEntries(
          results
            .filter((x) => x.task_pk === r.task_pk)
            .map((x) => [
              x.charge_box_id,
              {
                status: x.status,
                response: x.response,
                errorCode: (x.error_code as TaskErrorCode | null) ?? null,
                errorMessage: x.error_message,
                hasDetail: Boolean(x.has_detail),
              },
            ]),
        ),
      },
    }));
    return { tasks, count };
  }

  async taskDetail(ctx: RequestContext, taskId: number, chargeBoxId: string): Promise<TaskDetailResponse> {
    if (!ctx.user.permitted.has('/operations/tasks')) throw forbidden();
    const row = await repo.resultDetail(this.db, ctx.tenantScope, taskId, chargeBoxId);
    if (!row) throw notFound(operationMessages.taskNotFound, 'TASK_NOT_FOUND');
    const detail = (row.detail ?? {}) as {
      configurationKeys?: TaskDetailResponse['configurationKeys'];
      unknownKeys?: string[];
      data?: unknown;
    };
    return {
      configurationKeys: detail.configurationKeys ?? [],
      ...(detail.unknownKeys ? { unknownKeys: detail.unknownKeys } : {}),
      ...(detail.data !== undefined ? { data: detail.data } : {}),
    };
  }

  /**
   * Waits until a task this node runs has every station's result and answers them (scoped like the
   * task history): for callers that answer with the station's outcome, such as the public QR page.
   */
  async outcome(ctx: RequestContext, taskPk: number) {
    await this.running.get(taskPk);
    return repo.resultsOf(this.db, ctx.tenantScope, [taskPk]);
  }

  /** The job: open reservations past their expiry are closed as expired. */
  expireReservations(now = new Date()): Promise<number> {
    return repo.expireReservations(this.db, now);
  }

  /** The job: tasks whose node stopped beating are closed as interrupted. */
  async closeInterrupted(now = new Date()): Promise<number[]> {
    return repo.closeTasks(this.db, { staleBefore: new Date(now.getTime() - TASK_STALE_MS) });
  }

  /** Node shutdown: the tasks it runs are closed as interrupted now rather than by the job later. */
  async close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    await repo.closeTasks(this.db, { taskPks: [...this.running.keys()] }).catch(() => undefined);
  }
}
