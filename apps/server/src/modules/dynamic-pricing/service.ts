import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  defaultTimeZone,
  dynamicPricingMessages as msg,
  type PricingDetailForm,
  type PricingDetailList,
  type PricingProfileList,
} from '@recarga/contracts/dynamic-pricing';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import * as repo from './repository';
import { localToGmt, resolveTimes, rulesOf, validateDetails, type StoredDetail } from './rules';
import { priceTimeOfUse, type FallbackPrices, type ProfileRules, type TimeOfUseBreakdown } from './time-of-use';

/** A tenant's zone: its own setting, else its country's, else São Paulo. */
export const zoneOf = (t: { country: string; time_zone: string | null }) =>
  t.time_zone ?? defaultTimeZone[t.country.trim()] ?? 'America/Sao_Paulo';

/** What a recharge priced under dynamic pricing carries into its billing row. */
export interface DynamicQuote {
  profilePk: number;
  version: number;
  breakdown: TimeOfUseBreakdown & { profile: string; version: number; zone: string };
}

/**
 * Dynamic pricing (002 §2–§5): profiles, their weekday rules, windows and exceptions, saved as
 * versions; and the quote of a recharge on a connector whose group prices it (billing calls it).
 */
export class DynamicPricingService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(ctx: RequestContext): Promise<PricingProfileList> {
    const rows = await repo.listProfiles(this.db, ctx.tenantScope);
    return {
      dynamicPricingList: rows.map((r) => ({
        uuid: r.uuid,
        name: r.name,
        chargeBoxCount: Number(r.charge_box_count),
        tenantPk: r.tenant_pk,
        version: r.version,
      })),
      error: null,
    };
  }

  async create(ctx: RequestContext, body: { name: string; tenantPk?: number }) {
    const tenantPk = body.tenantPk ?? ctx.tenantScope.tenantPk;
    if (!ctx.tenantScope.tenantPks.includes(tenantPk)) throw notFound('Tenant not found');
    const created = await repo.insertProfile(this.db, { uuid: randomUUID(), tenantPk, name: body.name.trim() });
    if (!created) throw conflict(msg.nameTaken, { name: msg.nameTaken }, 'NAME_TAKEN');
    return { data: { dynamicPricingUuid: created.uuid, error: null } };
  }

  private async profile(ctx: RequestContext, uuid: string) {
    const p = await repo.profileInScope(this.db, ctx.tenantScope, uuid);
    if (!p) throw notFound(msg.notFound, 'PRICING_PROFILE_NOT_FOUND');
    return p;
  }

  async details(ctx: RequestContext, uuid: string): Promise<PricingDetailList> {
    const p = await this.profile(ctx, uuid);
    const zone = zoneOf(p);
    const rows = await repo.detailsOf(this.db, p.pricing_profile_pk);
    const now = Date.now();
    return {
      name: p.name,
      tenantPk: p.tenant_pk,
      currency: p.currency,
      timeZone: zone,
      version: p.version,
      dynamicPricingDetailList: rows.map((d) => ({
        dynamicPricingDetailUuid: d.uuid,
        dayOfWeek: d.day_of_week,
        general: d.general,
        exception: d.exception,
        active: d.active,
        startDate: d.start_date,
        endDate: d.end_date,
        startTime: d.start_time ? `${d.start_time}:00` : null,
        endTime: d.end_time ? `${d.end_time}:00` : null,
        startTimeGMT: d.start_time ? localToGmt(d.start_time, zone, now) : null,
        endTimeGMT: d.end_time ? localToGmt(d.end_time, zone, now) : null,
        servicePrice: Number(d.service_price),
        kwhPrice: d.kwh_price === null ? null : Number(d.kwh_price),
        durationPrice: d.duration_price === null ? null : Number(d.duration_price),
        idleTimePrice: d.idle_time_price === null ? null : Number(d.idle_time_price),
        reservePrice: d.reserve_price === null ? null : Number(d.reserve_price),
        operationFee: Number(d.operation_fee),
        taxes: Number(d.taxes),
      })),
    };
  }

  /**
   * Saves the whole list of details (the form sends them all; a removed exception is simply
   * absent) as the profile's next version. Refused with field errors by the rules of 002 §5.
   */
  async saveDetails(ctx: RequestContext, uuid: string, list: PricingDetailForm[]) {
    const p = await this.profile(ctx, uuid);
    const zone = zoneOf(p);
    const resolved = list.map((d) => resolveTimes(d, zone));
    const fields = validateDetails(resolved);
    if (Object.keys(fields).length) throw badRequest(msg.saveFailed, fields, 'VALIDATION');
    const rows: repo.NewDetail[] = resolved.map((d) => ({
      uuid: d.dynamicPricingDetailUuid ?? randomUUID(),
      dayOfWeek: d.exception ? null : d.dayOfWeek,
      general: !d.exception && d.general,
      exception: d.exception,
      active: d.active,
      startDate: d.exception ? d.startDate! : null,
      endDate: d.exception ? (d.endDate ?? d.startDate!) : null,
      startTime: !d.exception && !d.general ? d.startTime : null,
      endTime: !d.exception && !d.general ? d.endTime : null,
      servicePrice: d.servicePrice ?? 0,
      kwhPrice: d.kwhPrice ?? null,
      durationPrice: d.durationPrice ?? null,
      idleTimePrice: d.idleTimePrice ?? null,
      reservePrice: d.reservePrice ?? null,
      operationFee: d.operationFee ?? 0,
      taxes: d.taxes ?? 0,
    }));
    const uuids = rows.map((r) => r.uuid);
    if (new Set(uuids).size !== uuids.length)
      throw badRequest(msg.saveFailed, { dynamicPricingDetailFormList: 'Repeated detail uuid.' }, 'VALIDATION');
    const version = await this.db.transaction().execute(async (trx) => {
      const locked = await repo.lockProfile(trx, p.pricing_profile_pk);
      const foreign = await repo.foreignDetailUuids(trx, p.pricing_profile_pk, uuids);
      if (foreign.size) throw badRequest(msg.saveFailed, { dynamicPricingDetailFormList: 'Unknown detail uuid.' }, 'VALIDATION');
      await repo.replaceDetails(trx, p.pricing_profile_pk, rows);
      const next = locked.version + 1;
      await repo.insertVersion(trx, p.pricing_profile_pk, next, rulesOf(rows.map(storedOf)), ctx.user.userPk);
      return next;
    });
    return { message: msg.saved, version };
  }

  /**
   * The quote of a stopped recharge on a connector whose group prices it, with the rules in force
   * when it started; null when no group prices that connector, or the profile had no rules then
   * (the station's own settings price it).
   */
  async quote(
    db: Executor,
    input: {
      transactionPk: number;
      chargeBoxPk: number;
      connectorId: number;
      start: Date;
      stop: Date;
      startWh: number;
      stopWh: number;
      reserved: boolean;
      fallback: FallbackPrices;
    },
  ): Promise<DynamicQuote | null> {
    const profile = await repo.connectorProfileAt(db, input.chargeBoxPk, input.connectorId, input.start);
    if (!profile || profile.version === null || profile.rules === null) return null;
    const version = { version: profile.version, rules: profile.rules };
    const zone = zoneOf(profile);
    const readings = [
      { at: input.start.getTime(), wh: input.startWh },
      ...(await repo.energyReadings(db, input.transactionPk)).filter((r) => r.at > input.start.getTime() && r.at < input.stop.getTime()),
      { at: input.stop.getTime(), wh: input.stopWh },
    ];
    const breakdown = priceTimeOfUse({
      rules: version.rules as ProfileRules,
      zone,
      start: input.start.getTime(),
      stop: input.stop.getTime(),
      readings,
      fallback: input.fallback,
      reserved: input.reserved,
      idleSec: 0,
      idleGraceSec: 0,
    });
    return {
      profilePk: profile.pricing_profile_pk,
      version: version.version,
      breakdown: { ...breakdown, profile: profile.name, version: version.version, zone },
    };
  }
}

/** A new detail as the rules module reads stored ones. */
function storedOf(d: repo.NewDetail): StoredDetail {
  return {
    day_of_week: d.dayOfWeek,
    general: d.general,
    exception: d.exception,
    active: d.active,
    start_date: d.startDate,
    end_date: d.endDate,
    start_time: d.startTime,
    end_time: d.endTime,
    service_price: d.servicePrice,
    kwh_price: d.kwhPrice,
    duration_price: d.durationPrice,
    idle_time_price: d.idleTimePrice,
    reserve_price: d.reservePrice,
    operation_fee: d.operationFee,
    taxes: d.taxes,
  };
}
