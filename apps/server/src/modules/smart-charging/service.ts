import type { Kysely } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import {
  invalidChargersError,
  smartChargingMessages as msg,
  type GroupSmartCharging,
  type GroupSmartChargingLink,
  type GroupSmartChargingPart,
  type SmartChargingCreate,
  type SmartChargingRecord,
  type SmartChargingUpdate,
  smartChargingTuningDefaults,
  type SmartChargingTuning,
} from '@recarga/contracts/smart-charging';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import * as repo from './repository';

/** Told when a record changed, so the load manager re-plans now rather than at its next period. */
type Changed = () => void;

const toRecord = (r: repo.RecordRow): SmartChargingRecord => ({
  smart_charging_id: r.smart_charging_pk,
  enabled: r.enabled,
  start_date: r.start_date,
  end_date: r.end_date,
  current_nominal_a: r.current_nominal_a === null ? null : Number(r.current_nominal_a),
  modulation: r.modulation,
  meter_device_remote_id: r.meter_device_remote_id ?? null,
  meter_device_remote_in_circuit: r.meter_in_circuit,
  virtual_group_id: r.virtual_group_pk,
  ...tuningOfRow(r),
});

/** The record's tuning as the API shows it. */
function tuningOfRow(r: repo.RecordRow): SmartChargingTuning {
  return {
    dead_band_a: Number(r.dead_band_a),
    dwell_s: r.dwell_s,
    max_profiles_per_min: r.max_profiles_per_min,
    follow_s: r.follow_s,
    building_worst_a: r.building_worst_a === null ? null : Number(r.building_worst_a),
    min_per_charger_a: Number(r.min_per_charger_a),
  };
}

/** The tuning fields a payload gives (absent ones left out). */
const tuningOfBody = (b: Partial<SmartChargingTuning>): Partial<SmartChargingTuning> => ({
  dead_band_a: b.dead_band_a,
  dwell_s: b.dwell_s,
  max_profiles_per_min: b.max_profiles_per_min,
  follow_s: b.follow_s,
  building_worst_a: b.building_worst_a,
  min_per_charger_a: b.min_per_charger_a,
});

/**
 * Smart-charging records (002 §3–§7, issue 18 item 4): the rules of the form and of the chargers a
 * managed group may hold, in one place. Routes, the virtual-group service and the control loop call
 * it; every call is limited to the caller's networks and needs DASH_SMART_CHARGING_CREATE.
 */
export class SmartChargingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly changed: Changed = () => undefined,
  ) {}

  /** DASH_SMART_CHARGING_CREATE (002 §6): every smart-charging call and the smart parts of the group calls. */
  mayManage(ctx: RequestContext): boolean {
    return ctx.user.roles.has(roles.smartChargingCreate) && ctx.tenantScope.ownerUserPk == null;
  }

  private guard(ctx: RequestContext) {
    if (!this.mayManage(ctx)) throw forbidden('Smart charging needs DASH_SMART_CHARGING_CREATE.', 'SMART_CHARGING_NOT_ALLOWED');
  }

  private async record(ctx: RequestContext, pk: number) {
    const r = await repo.recordInScope(this.db, ctx.tenantScope.tenantPks, pk);
    if (!r) throw notFound(msg.notFound, 'SMART_CHARGING_NOT_FOUND');
    return r;
  }

  /**
   * The chargers a group with smart charging on may hold: each with advanced settings
   * (has_config_tec) and OCPP 1.6 (1.5 has no charging profiles). Throws with the charger codes.
   */
  private async checkChargers(db: Executor, ctx: RequestContext, chargeBoxPks: number[], message: 'create' | 'add') {
    const unique = [...new Set(chargeBoxPks)];
    const facts = await repo.chargerFacts(db, ctx.tenantScope.tenantPks, unique);
    const missing = unique.filter((pk) => !facts.some((f) => f.charge_box_pk === pk));
    if (missing.length)
      throw badRequest(msg.notFound, { charge_boxs: `Charger not found in your networks: ${missing.slice(0, 5).join(', ')}` });
    const noConfig = facts.filter((f) => !f.has_config_tec);
    const v15 = facts.filter((f) => f.has_config_tec && f.ocpp_protocol === 'ocpp1.5');
    if (noConfig.length === 0 && v15.length === 0) return;
    const codes = (list: typeof facts) =>
      list
        .slice(0, 5)
        .map((f) => f.charge_box_id)
        .join(', ');
    const field = noConfig.length ? `${msg.chargerWithoutConfig} ${codes(noConfig)}` : `${msg.ocpp15Charger} ${codes(v15)}`;
    if (message === 'create') throw badRequest(invalidChargersError, { charge_boxs: field }, 'SMART_CHARGING_INVALID_CHARGERS');
    throw badRequest(
      noConfig.length ? msg.chargerWithoutConfig : msg.ocpp15Charger,
      { charge_boxs: field },
      'SMART_CHARGING_INVALID_CHARGERS',
    );
  }

  /** The meter named by its remote id: of the caller's networks and serving no other record. */
  private async meter(db: Executor, ctx: RequestContext, deviceRemoteId: string | null, recordPk: number | null) {
    if (deviceRemoteId === null) return null;
    const m = await repo.meterInScope(db, ctx.tenantScope.tenantPks, deviceRemoteId);
    if (!m) throw badRequest(msg.meterNotFound, { meter_device_remote_id: msg.meterNotFound }, 'METER_NOT_FOUND');
    if (m.held_by !== null && m.held_by !== recordPk)
      throw conflict(msg.meterInOtherGroup, { meter_device_remote_id: msg.meterInOtherGroup }, 'METER_IN_OTHER_GROUP');
    return m.meter_pk;
  }

  /** POST /smart/smart-charging: a record for a group to be (its chargers checked when it is enabled). */
  async create(ctx: RequestContext, body: SmartChargingCreate) {
    this.guard(ctx);
    if (body.enabled) await this.checkChargers(this.db, ctx, body.charge_boxs, 'create');
    const pk = await repo.insertRecord(this.db, {
      tenantPk: ctx.tenantScope.tenantPk,
      groupPk: null,
      enabled: body.enabled,
      startDate: body.start_date,
      endDate: body.end_date,
      breakerA: body.current_nominal_a,
      meterPk: null,
      meterInCircuit: true,
      tuning: tuningOfBody(body),
    });
    return { smart_charging_id: pk, message: msg.created };
  }

  async get(ctx: RequestContext, pk: number): Promise<SmartChargingRecord> {
    this.guard(ctx);
    return toRecord(await this.record(ctx, pk));
  }

  /** PUT /smart/smart-charging/{id}: the record and its meter. */
  async update(ctx: RequestContext, pk: number, body: SmartChargingUpdate) {
    this.guard(ctx);
    const r = await this.record(ctx, pk);
    await this.db.transaction().execute(async (trx) => {
      const meterPk = await this.meter(trx, ctx, body.meter_device_remote_id, pk);
      if (body.enabled && r.virtual_group_pk !== null)
        await this.checkChargers(trx, ctx, await repo.groupChargerPks(trx, r.virtual_group_pk), 'add');
      await repo.updateRecord(trx, pk, {
        enabled: body.enabled,
        startDate: body.start_date,
        endDate: body.end_date,
        breakerA: body.current_nominal_a,
        meterPk,
        meterInCircuit: body.meter_device_remote_in_circuit,
        tuning: tuningOfBody(body),
      });
    });
    this.changed();
    return { smart_charging_id: pk, message: msg.updated };
  }

  private async group(ctx: RequestContext, groupPk: number) {
    const g = await repo.groupInScope(this.db, ctx.tenantScope.ownerUserPk == null ? ctx.tenantScope.tenantPks : [], groupPk);
    if (!g) throw notFound(msg.groupNotFound, 'VIRTUAL_GROUP_NOT_FOUND');
    return g;
  }

  /** GET /gateway/virtual-groups/smart-charging/{id}: the group's record (ids null without one) and the latest plan. */
  async ofGroup(ctx: RequestContext, groupPk: number): Promise<GroupSmartCharging> {
    this.guard(ctx);
    await this.group(ctx, groupPk);
    const [r, state] = await Promise.all([repo.recordOfGroup(this.db, groupPk), repo.stateOf(this.db, groupPk)]);
    const rec = r ? toRecord(r) : null;
    return {
      virtual_group_id: groupPk,
      smart_charging_id: rec?.smart_charging_id ?? null,
      enabled: rec?.enabled ?? false,
      start_date: rec?.start_date ?? null,
      end_date: rec?.end_date ?? null,
      current_nominal_a: rec?.current_nominal_a ?? null,
      modulation: 'DYNAMIC',
      meter_device_remote_id: rec?.meter_device_remote_id ?? null,
      meter_device_remote_in_circuit: rec?.meter_device_remote_in_circuit ?? true,
      ...(r ? tuningOfRow(r) : smartChargingTuningDefaults),
      plan: state?.plan && state.planned_at ? { ...(state.plan as object), planned_at: new Date(state.planned_at).toISOString() } : null,
    } as GroupSmartCharging;
  }

  /** POST /gateway/virtual-groups/smart-charging: links a record to a group, on or off. */
  async link(ctx: RequestContext, body: GroupSmartChargingLink) {
    this.guard(ctx);
    const g = await this.group(ctx, body.virtual_group_id);
    const r = await this.record(ctx, body.smart_charging_id);
    if (r.virtual_group_pk !== null && r.virtual_group_pk !== g.virtual_group_pk)
      throw conflict(msg.alreadyLinked, { smart_charging_id: msg.alreadyLinked }, 'SMART_CHARGING_LINKED');
    if (body.enabled) {
      const fields: Record<string, string> = {};
      if (r.start_date === null) fields.start_date = msg.startRequired;
      if (r.end_date === null) fields.end_date = msg.endRequired;
      if (r.current_nominal_a === null) fields.current_nominal_a = msg.breakerRequired;
      if (Object.keys(fields).length) throw badRequest(msg.updateFailed, fields, 'VALIDATION');
    }
    await this.db.transaction().execute(async (trx) => {
      if (body.enabled) await this.checkChargers(trx, ctx, await repo.groupChargerPks(trx, g.virtual_group_pk), 'create');
      const ok = await repo.linkRecord(trx, r.smart_charging_pk, { groupPk: g.virtual_group_pk, tenantPk: g.tenant_pk }, body.enabled);
      if (!ok) throw conflict(msg.groupHasRecord, { virtual_group_id: msg.groupHasRecord }, 'GROUP_HAS_SMART_CHARGING');
    });
    this.changed();
    return { message: msg.updated };
  }

  /**
   * The `smart_charging` part of a group's create payload, inside the group's transaction: the
   * record is made linked to the new group (its chargers and meter checked as above).
   */
  async createForGroup(
    ctx: RequestContext,
    trx: Executor,
    group: { groupPk: number; tenantPk: number },
    part: GroupSmartChargingPart,
    chargeBoxPks: number[],
  ) {
    this.guard(ctx);
    if (part.enabled) await this.checkChargers(trx, ctx, chargeBoxPks, 'create');
    const meterPk = await this.meter(trx, ctx, part.meter_device_remote_id, null);
    const pk = await repo.insertRecord(trx, {
      tenantPk: group.tenantPk,
      groupPk: group.groupPk,
      enabled: part.enabled,
      startDate: part.start_date,
      endDate: part.end_date,
      breakerA: part.current_nominal_a,
      meterPk,
      meterInCircuit: part.meter_device_remote_in_circuit,
      tuning: tuningOfBody(part),
    });
    return pk;
  }

  /** Call after the group's transaction committed. */
  groupChanged() {
    this.changed();
  }

  /**
   * Chargers joining an existing group (002 §5): refused when the group's smart charging is on and
   * one lacks advanced settings (or speaks 1.5).
   */
  async checkChargersMayJoin(ctx: RequestContext, trx: Executor, groupPk: number, chargeBoxPks: number[]) {
    const r = await repo.recordOfGroup(trx, groupPk);
    if (!r?.enabled) return;
    await this.checkChargers(trx, ctx, chargeBoxPks, 'add');
  }

  /** For the group list and detail: whether each group's smart charging is on, and its meter. */
  async summaries(groupPks: number[]) {
    const rows = await repo.recordsOfGroups(this.db, groupPks);
    return new Map(
      rows.map((r) => [
        r.virtual_group_pk!,
        { enabled: r.enabled, smart_charging_id: r.smart_charging_pk, meter_device_remote_id: r.meter_device_remote_id ?? null },
      ]),
    );
  }
}
