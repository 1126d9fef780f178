import type { Kysely } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import type { SmartChargingEventKind } from '@recarga/contracts/smart-charging';
import {
  virtualGroupMessages as msg,
  type ChargerRow,
  type GroupPricing,
  type GroupPricingAnswer,
  type VirtualGroupCreate,
  type VirtualGroupDetail,
} from '@recarga/contracts/virtual-groups';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { SmartChargingService } from '../smart-charging/service';
import * as repo from './repository';

const pageOf = (q: { page: number; size: number }): repo.Page => ({ limit: q.size, offset: q.page * q.size });
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Virtual groups (002 §2–§7): chargers of a network under one pricing setting (and, with the
 * smart-charging issue, one load manager). Every call is scoped to the caller's networks; a
 * station owner has no groups (the scope's owner narrowing leaves them none to administer).
 */
export class VirtualGroupService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: {
      pingIntervalSec: number;
      /** The group's load manager: its summary, the smart part of a create, the has_config_tec rule. */
      smartCharging: SmartChargingService;
    },
  ) {}

  /** The tenants a call covers: the asked one and those below it, or the whole scope. */
  private async tenantsOf(ctx: RequestContext, tenantId?: number): Promise<number[]> {
    if (ctx.tenantScope.ownerUserPk != null) return [];
    if (tenantId === undefined) return ctx.tenantScope.tenantPks;
    const t = await tenantInScope(this.db, ctx.tenantScope, tenantId, ['path']);
    if (!t) throw notFound('Tenant not found');
    const rows = await this.db.selectFrom('tenants').select('tenant_pk').where('path', 'like', `${t.path}%`).execute();
    return rows.map((r) => r.tenant_pk).filter((pk) => ctx.tenantScope.tenantPks.includes(pk));
  }

  /** A group of the scope — of the given tenant's tree when `tenantId` is given (the spec's query tenant_id). */
  private async group(ctx: RequestContext, groupPk: number, tenantId?: number) {
    const g = await repo.groupInScope(this.db, await this.tenantsOf(ctx, tenantId), groupPk);
    if (!g) throw notFound(msg.notFound, 'VIRTUAL_GROUP_NOT_FOUND');
    return g;
  }

  async list(ctx: RequestContext, q: { page: number; size: number; tenant_id?: number; search?: string }) {
    const tenants = await this.tenantsOf(ctx, q.tenant_id);
    if (tenants.length === 0) return { content: [], totalElements: 0 };
    const [rows, total] = await Promise.all([
      repo.listGroups(this.db, tenants, q.search, pageOf(q)),
      repo.countGroups(this.db, tenants, q.search),
    ]);
    // 002 §6: the smart charging and meter columns only with DASH_SMART_CHARGING_CREATE.
    const smart = this.deps.smartCharging.mayManage(ctx)
      ? await this.deps.smartCharging.summaries(rows.map((r) => r.virtual_group_pk))
      : new Map();
    return {
      content: rows.map((r) => ({
        virtual_group_id: r.virtual_group_pk,
        name: r.name,
        description: r.description,
        tenant_id: r.tenant_pk,
        charge_box_count: Number(r.charge_box_count),
        dynamic_price_enabled: Boolean(r.pricing_enabled),
        pricing_profile_names: r.profile_names ?? [],
        smart_charging_enabled: smart.get(r.virtual_group_pk)?.enabled ?? false,
        meter_device_remote_id: smart.get(r.virtual_group_pk)?.meter_device_remote_id ?? null,
      })),
      totalElements: total,
    };
  }

  private charger(r: Awaited<ReturnType<typeof repo.pickChargers>>[number]): ChargerRow {
    return {
      charge_box_id: r.charge_box_pk,
      charge_box_code: r.charge_box_id,
      description: r.description,
      address: r.address,
      has_config_tec: Boolean(r.has_config_tec),
      virtual_group_id: r.virtual_group_pk ?? null,
      virtual_group_name: r.group_name ?? null,
      virtual_group_charge_box_id: r.virtual_group_charge_box_pk ?? null,
      online: Boolean(r.online),
    };
  }

  /** GET /charge-boxs: the chargers of the scope for the pickers (and the financial filters). */
  async chargeBoxes(ctx: RequestContext, q: { page: number; size: number; tenant_id?: number; search?: string; only_free?: string }) {
    const tenants = await this.tenantsOf(ctx, q.tenant_id);
    if (tenants.length === 0) return { content: [], totalElements: 0 };
    const opts = { search: q.search, onlyFree: q.only_free === 'true' };
    const [rows, total] = await Promise.all([
      repo.pickChargers(this.db, ctx.tenantScope, tenants, { ...opts, page: pageOf(q), pingIntervalSec: this.deps.pingIntervalSec }),
      repo.countChargers(this.db, ctx.tenantScope, tenants, opts),
    ]);
    return { content: rows.map((r) => this.charger(r)), totalElements: total };
  }

  /** The profile keys of a pricing setting, checked: each a profile of the group's network (or above). */
  private async pricingKeys(ctx: RequestContext, db: Executor, tenantPath: string, p: GroupPricing) {
    const uuids = [p.connector1_dynamic_pricing_id, p.connector2_dynamic_pricing_id, p.connector3_dynamic_pricing_id];
    const fields: Record<string, string> = {};
    if (p.enabled) {
      // 002 §5: per station the connector 1 profile is required (the same for all), per connector all three.
      uuids.forEach((u, i) => {
        if (!u) fields[`connector${i + 1}_dynamic_pricing_id`] = msg.profileRequired;
      });
    }
    const given = uuids.filter((u): u is string => Boolean(u));
    const found = await repo.usableProfiles(db, ctx.tenantScope, tenantPath, [...new Set(given)]);
    const pkOf = new Map(found.map((f) => [f.uuid, f.pricing_profile_pk]));
    uuids.forEach((u, i) => {
      if (u && !pkOf.has(u)) fields[`connector${i + 1}_dynamic_pricing_id`] = msg.profileNotFound;
    });
    if (Object.keys(fields).length) throw badRequest(msg.pricingSaveFailed, fields, 'VALIDATION');
    const [c1, c2, c3] = uuids.map((u) => (u ? pkOf.get(u)! : null));
    return { enabled: p.enabled, connector1: c1 ?? null, connector2: c2 ?? null, connector3: c3 ?? null };
  }

  /** Adds stations to a group, all or none: each must be of the scope and the group's network, and in no other group. */
  private async addStations(ctx: RequestContext, trx: Executor, group: { virtual_group_pk: number; tenant_path: string }, pks: number[]) {
    const unique = [...new Set(pks)];
    const found = await repo.stationsByPk(trx, group.tenant_path, unique, ctx.tenantScope);
    const missing = unique.filter((pk) => !found.some((f) => f.charge_box_pk === pk));
    if (missing.length)
      throw badRequest(msg.chargersAddFailed, { charge_boxs: `${msg.chargerNotFound} ${missing.slice(0, 5).join(', ')}` }, 'VALIDATION');
    const taken = found.filter((f) => f.virtual_group_pk !== null && f.virtual_group_pk !== group.virtual_group_pk);
    if (taken.length)
      throw conflict(
        msg.chargersAddFailed,
        {
          charge_boxs: `${msg.chargerInOtherGroup} ${taken
            .slice(0, 5)
            .map((t) => `${t.charge_box_id} (${t.group_name})`)
            .join(', ')}`,
        },
        'CHARGER_IN_OTHER_GROUP',
      );
    const fresh = found.filter((f) => f.virtual_group_pk === null).map((f) => f.charge_box_pk);
    // 002 §5: a group whose smart charging is on takes only chargers with advanced settings.
    await this.deps.smartCharging.checkChargersMayJoin(ctx, trx, group.virtual_group_pk, fresh);
    const added = await repo.addMembers(trx, group.virtual_group_pk, fresh);
    // Another request took one of them in between (the unique key kept it in one group).
    if (added !== fresh.length) throw conflict(msg.chargersAddFailed, { charge_boxs: msg.chargerInOtherGroup }, 'CHARGER_IN_OTHER_GROUP');
  }

  async create(ctx: RequestContext, body: VirtualGroupCreate) {
    const tenantPk = body.tenant_id ?? ctx.tenantScope.tenantPk;
    if (ctx.tenantScope.ownerUserPk != null) throw notFound('Tenant not found');
    if (body.smart_charging && !this.deps.smartCharging.mayManage(ctx))
      throw new AppError(403, 'SMART_CHARGING_NOT_ALLOWED', 'Smart charging needs DASH_SMART_CHARGING_CREATE.');
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk, ['path']);
    if (!tenant) throw notFound('Tenant not found');
    const groupPk = await this.db.transaction().execute(async (trx) => {
      const pricing = body.dynamic_pricing ? await this.pricingKeys(ctx, trx, tenant.path, body.dynamic_pricing) : null;
      const pk = await repo.insertGroup(trx, { tenantPk, name: body.name, description: body.description });
      await this.addStations(ctx, trx, { virtual_group_pk: pk, tenant_path: tenant.path }, body.charge_boxs);
      if (pricing) await repo.upsertPricing(trx, pk, pricing);
      if (body.smart_charging)
        await this.deps.smartCharging.createForGroup(ctx, trx, { groupPk: pk, tenantPk }, body.smart_charging, body.charge_boxs);
      return pk;
    });
    if (body.smart_charging) this.deps.smartCharging.groupChanged();
    return { virtual_group_id: groupPk, message: msg.created, dynamic_pricing: { virtual_group_id: groupPk } };
  }

  private async pricingAnswer(g: Awaited<ReturnType<typeof repo.groupInScope>> & object): Promise<GroupPricingAnswer> {
    const pks = [g.connector1_profile_pk, g.connector2_profile_pk, g.connector3_profile_pk];
    const profiles = await repo.profilesByPk(
      this.db,
      pks.filter((p): p is number => p !== null),
    );
    const of = (pk: number | null) => profiles.find((p) => p.pricing_profile_pk === pk);
    return {
      virtual_group_id: g.virtual_group_pk,
      enabled: Boolean(g.pricing_enabled),
      connector1_dynamic_pricing_id: of(pks[0]!)?.uuid ?? null,
      connector2_dynamic_pricing_id: of(pks[1]!)?.uuid ?? null,
      connector3_dynamic_pricing_id: of(pks[2]!)?.uuid ?? null,
      connector1_dynamic_pricing_name: of(pks[0]!)?.name ?? null,
      connector2_dynamic_pricing_name: of(pks[1]!)?.name ?? null,
      connector3_dynamic_pricing_name: of(pks[2]!)?.name ?? null,
    };
  }

  async detail(ctx: RequestContext, groupPk: number, tenantId?: number): Promise<VirtualGroupDetail> {
    const g = await this.group(ctx, groupPk, tenantId);
    const smart = this.deps.smartCharging.mayManage(ctx) ? (await this.deps.smartCharging.summaries([groupPk])).get(groupPk) : undefined;
    return {
      virtual_group_id: g.virtual_group_pk,
      name: g.name,
      description: g.description,
      tenant_id: g.tenant_pk,
      charge_box_count: Number(g.charge_box_count),
      dynamic_pricing: await this.pricingAnswer(g),
      smart_charging: { enabled: smart?.enabled ?? false, smart_charging_id: smart?.smart_charging_id ?? null },
      meter_device_remote_id: smart?.meter_device_remote_id ?? null,
      created_at: iso(g.created_at)!,
    };
  }

  async update(ctx: RequestContext, groupPk: number, body: { name: string; description: string }) {
    await this.group(ctx, groupPk);
    await repo.updateGroup(this.db, groupPk, body);
    return { message: msg.updated };
  }

  async remove(ctx: RequestContext, groupPk: number) {
    await this.group(ctx, groupPk);
    await repo.deleteGroup(this.db, groupPk);
    return { message: msg.deleted };
  }

  async chargers(ctx: RequestContext, q: { virtual_group_id: number; page: number; size: number }) {
    await this.group(ctx, q.virtual_group_id);
    const [rows, total] = await Promise.all([
      repo.groupChargers(this.db, q.virtual_group_id, pageOf(q), this.deps.pingIntervalSec),
      repo.countMembers(this.db, q.virtual_group_id),
    ]);
    return { content: rows.map((r) => this.charger(r)), totalElements: total };
  }

  /**
   * POST /virtual-groups/charge-boxs/all: adds chargers to existing groups (the chargers tab); needs
   * DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES. All or nothing.
   */
  async addChargers(ctx: RequestContext, items: { virtual_group_id: number; charge_box_id: number }[]) {
    if (!ctx.user.roles.has(roles.virtualGroupEditChargeboxes)) throw new AppError(403, 'FORBIDDEN', msg.addNeedsPermission);
    const byGroup = new Map<number, number[]>();
    for (const i of items)
      (byGroup.get(i.virtual_group_id) ?? byGroup.set(i.virtual_group_id, []).get(i.virtual_group_id)!).push(i.charge_box_id);
    const groups = await Promise.all([...byGroup.keys()].map((pk) => this.group(ctx, pk)));
    await this.db.transaction().execute(async (trx) => {
      for (const g of groups) await this.addStations(ctx, trx, g, byGroup.get(g.virtual_group_pk)!);
    });
    return { message: msg.chargersAdded };
  }

  async removeCharger(ctx: RequestContext, membershipPk: number) {
    const m = await repo.membershipInScope(this.db, await this.tenantsOf(ctx), membershipPk);
    if (!m) throw notFound(msg.notFound, 'VIRTUAL_GROUP_CHARGER_NOT_FOUND');
    await repo.removeMember(this.db, membershipPk);
    return { message: msg.chargerDeleted };
  }

  async pricing(ctx: RequestContext, groupPk: number) {
    return this.pricingAnswer(await this.group(ctx, groupPk));
  }

  async savePricing(ctx: RequestContext, groupPk: number, body: GroupPricing) {
    const g = await this.group(ctx, groupPk);
    await this.db.transaction().execute(async (trx) => {
      await repo.upsertPricing(trx, groupPk, await this.pricingKeys(ctx, trx, g.tenant_path, body));
    });
    return { message: msg.pricingSaved };
  }

  async events(ctx: RequestContext, groupPk: number, q: { page: number; size: number }) {
    await this.group(ctx, groupPk);
    // The load manager's events with DASH_SMART_CHARGING_CREATE (002 §6), merged by time.
    const withSmart = this.deps.smartCharging.mayManage(ctx);
    const [rows, total] = await Promise.all([
      repo.groupEvents(this.db, groupPk, pageOf(q), withSmart),
      repo.countGroupEvents(this.db, groupPk, withSmart),
    ]);
    return {
      content: rows.map((r) => ({
        description: r.charge_box_id ? `${r.charge_box_id} ${r.type}` : r.type,
        timestamp: iso(r.at)!,
        type: r.type,
        charge_box_code: r.charge_box_id,
        connector_id: r.connector_id,
        source: r.source,
        kind: r.source === 'SMART_CHARGING' ? (r.type as SmartChargingEventKind) : null,
        detail: r.source === 'SMART_CHARGING' ? ((r.detail ?? {}) as Record<string, unknown>) : null,
      })),
      totalElements: total,
    };
  }

  async transactions(ctx: RequestContext, groupPk: number, q: { page: number; size: number }) {
    await this.group(ctx, groupPk);
    const [rows, total] = await Promise.all([
      repo.groupTransactions(this.db, groupPk, pageOf(q)),
      repo.countGroupTransactions(this.db, groupPk),
    ]);
    return {
      content: rows.map((r) => ({
        description: `${r.charge_box_id} #${r.transaction_pk}`,
        timestamp: iso(r.start_timestamp)!,
        transaction_id: r.transaction_pk,
        charge_box_code: r.charge_box_id,
        connector_id: r.connector_id,
        energy_wh: r.energy_wh === null ? null : Number(r.energy_wh),
        stop_timestamp: iso(r.stop_timestamp),
        total: r.total === null ? null : Number(r.total),
        currency: r.currency,
      })),
      totalElements: total,
    };
  }
}
