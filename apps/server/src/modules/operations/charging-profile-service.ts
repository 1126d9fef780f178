import type { Kysely } from 'kysely';
import {
  chargingProfileMessages,
  type ChargingProfileDetail,
  type ChargingProfileListItem,
  type ChargingProfileSave,
} from '@recarga/contracts/charging-profiles';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import * as repo from './charging-profile-repository';

const profileNotFound = () => notFound(chargingProfileMessages.notFound, 'CHARGING_PROFILE_NOT_FOUND');
const iso = repo.profileIso;

/**
 * Charging profiles (002 §2, §3, §5): stored once, per tenant, and sent to stations with
 * set_charging_profile. What OCPP 1.6 would refuse is refused at save (contracts/charging-profiles).
 */
export class ChargingProfileService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(ctx: RequestContext): Promise<ChargingProfileListItem[]> {
    const rows = await repo.listProfiles(this.db, ctx.tenantScope);
    return rows.map((r) => ({
      chargingProfilePk: r.charging_profile_pk,
      description: r.description,
      stackLevel: r.stack_level,
      profilePurpose: r.charging_profile_purpose,
      profileKind: r.charging_profile_kind,
      recurrencyKind: r.recurrency_kind,
      validFrom: iso(r.valid_from),
      validTo: iso(r.valid_to),
      activeCount: Number(r.active_count),
    }));
  }

  async detail(ctx: RequestContext, pk: number): Promise<ChargingProfileDetail> {
    const stored = await repo.profileInScope(this.db, ctx.tenantScope, pk);
    if (!stored) throw profileNotFound();
    const p = stored.profile;
    return {
      chargingProfilePk: p.charging_profile_pk,
      tenantPk: p.tenant_pk,
      description: p.description,
      note: p.note,
      stackLevel: p.stack_level,
      chargingProfilePurpose: p.charging_profile_purpose,
      chargingProfileKind: p.charging_profile_kind,
      recurrencyKind: p.recurrency_kind,
      validFrom: iso(p.valid_from),
      validTo: iso(p.valid_to),
      startSchedule: iso(p.start_schedule),
      durationInSeconds: p.duration_in_seconds,
      chargingRateUnit: p.charging_rate_unit,
      minChargingRate: p.min_charging_rate === null ? null : Number(p.min_charging_rate),
      schedulePeriodMap: stored.periods.map((s) => ({
        startPeriodInSeconds: s.start_period_in_seconds,
        powerLimitInAmperes: Number(s.power_limit),
        numberPhases: s.number_phases,
      })),
      activeOn: stored.activeOn.map((a) => ({ chargeBoxId: a.charge_box_id, connectorId: a.connector_id, setAt: iso(a.set_at)! })),
    };
  }

  /** A new profile of the caller's own tenant. */
  async create(ctx: RequestContext, body: ChargingProfileSave) {
    const pk = await this.db.transaction().execute((trx) => repo.insertProfile(trx, ctx.user.tenantPk, body));
    return { chargingProfilePk: pk, message: chargingProfileMessages.created };
  }

  async update(ctx: RequestContext, pk: number, body: ChargingProfileSave) {
    const found = await this.db.transaction().execute((trx) => repo.updateProfile(trx, ctx.tenantScope, pk, body));
    if (!found) throw profileNotFound();
    return { chargingProfilePk: pk, message: chargingProfileMessages.updated };
  }
}
