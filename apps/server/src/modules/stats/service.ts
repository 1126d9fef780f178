import type { Kysely } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import {
  STATS_DEFAULT_DAYS,
  co2SavedKg,
  gridFactorFor,
  type GridFactor,
  treeGoal,
  type LiveStats,
  type StatsInfo,
  type StatsQuery,
  type StatsSums,
} from '@recarga/contracts/stats';
import type { DB } from '../../db/db';
import { monthStart } from '../../db/sql/month-start';
import type { AuthUser, RequestContext } from '../../platform/auth/context';
import { badRequest } from '../../platform/errors';
import * as repo from './repository';

/** The permission key and the extra role that show cost and income (000 §6; docs/decisions-dashboard.md). */
const FINANCIAL_INDICATORS_KEY = '/financial-indicators';

function seesFinancialIndicators(user: AuthUser): boolean {
  return user.permitted.has(FINANCIAL_INDICATORS_KEY) && user.roles.has(roles.financialIndicators);
}

/** Time zone of a tenant's calendar month on the live topic, by country (the tenants table has no zone of its own). */
const countryTimeZone: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  CO: 'America/Bogota',
  EC: 'America/Guayaquil',
  UY: 'America/Montevideo',
};

const kWh = (wh: number) => Math.round(wh) / 1000;

/** Home dashboard indicators: users, stations by status, energy, CO2, trees, cost and income. */
export class StatsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pingIntervalSec: number,
  ) {}

  private async period(q: StatsQuery) {
    const timeZone = q.timeZone ?? 'UTC';
    let p: Awaited<ReturnType<typeof repo.resolvePeriod>>;
    try {
      p = await repo.resolvePeriod(this.db, q.fromDate, q.toDate, timeZone, STATS_DEFAULT_DAYS);
    } catch {
      throw badRequest('Invalid period', { fromDate: 'Use real dates: YYYY-MM-DD or YYYY-MM-DD HH:mm:ss.' }, 'VALIDATION');
    }
    if (Number.isNaN(p.from.getTime()) || Number.isNaN(p.to.getTime())) {
      throw badRequest('Invalid period', { fromDate: 'Use real dates: YYYY-MM-DD or YYYY-MM-DD HH:mm:ss.' }, 'VALIDATION');
    }
    if (p.from.getTime() < p.minDate.getTime()) {
      throw badRequest('Invalid period', { fromDate: 'The period cannot start before 2010-01-01.' }, 'VALIDATION');
    }
    if (p.to.getTime() <= p.from.getTime()) {
      throw badRequest('Invalid period', { toDate: 'The end of the period must come after its start.' }, 'VALIDATION');
    }
    return { from: p.from, to: p.to, timeZone };
  }

  private static periodOut(p: { from: Date; to: Date; timeZone: string }) {
    return { fromDate: p.from.toISOString(), toDate: p.to.toISOString(), timeZone: p.timeZone };
  }

  async sums(ctx: RequestContext, q: StatsQuery): Promise<StatsSums> {
    const p = await this.period(q);
    const financial = seesFinancialIndicators(ctx.user);
    const [sums, money, tenant] = await Promise.all([
      repo.periodSums(this.db, ctx.tenantScope, p),
      financial ? repo.moneyByCurrency(this.db, ctx.tenantScope, p) : Promise.resolve(null),
      repo.tenantInfo(this.db, ctx.tenantScope.tenantPk),
    ]);
    const coin = tenant.currency.trim();
    const consumption = kWh(sums.wh);
    const grid = gridFactorFor(tenant.country, tenant.grid_co2_kg_per_kwh === null ? null : Number(tenant.grid_co2_kg_per_kwh));
    const co2Saved = co2SavedKg(consumption, grid.kgCo2PerKwh);
    const out: StatsSums = {
      ...StatsService.periodOut(p),
      recharges: sums.recharges,
      usersCharged: sums.usersCharged,
      energy: { consumption, ...treeGoal(co2Saved), coin },
      envIndicator: { co2Saved, gridKgCo2PerKwh: grid.kgCo2PerKwh, gridSource: grid.source },
    };
    if (money) {
      const own = money.find((m) => m.coin === coin);
      out.cost = own?.cost ?? 0;
      out.income = own?.income ?? 0;
      out.byCurrency = money;
    }
    return out;
  }

  async info(ctx: RequestContext, q: StatsQuery): Promise<StatsInfo> {
    const p = await this.period(q);
    const scope = ctx.tenantScope;
    const [users, charging, stations, charged] = await Promise.all([
      repo.userCounts(this.db, scope, p.to),
      repo.usersCharging(this.db, scope),
      repo.stationStatusCounts(this.db, scope, this.pingIntervalSec),
      repo.usersCharged(this.db, ctx.tenantScope, p),
    ]);
    return {
      ...StatsService.periodOut(p),
      totalUsers: users.totalUsers,
      usersRegistered: users.usersRegistered,
      usersCharging: charging,
      userChargingPercentage: chargingFraction(charging, users.usersRegistered),
      usersCharged: charged,
      statusChargeBox: stations,
    };
  }

  /** The live `stats` figures of one api key's scope (no money: see the contract). */
  async live(tenantScope: repo.StatsScope, currency: string, country: string, grid: GridFactor): Promise<LiveStats> {
    const scope = tenantScope;
    const now = new Date();
    const month = { from: await monthStart(this.db, countryTimeZone[country] ?? 'UTC', now), to: new Date(now.getTime() + 60_000) };
    // One query after the other: live figures are background work and must not take several of
    // the pool's connections at once from stations' messages and the API.
    const users = await repo.userCounts(this.db, scope, now);
    const charging = await repo.usersCharging(this.db, scope);
    const stations = await repo.stationStatusCounts(this.db, scope, this.pingIntervalSec);
    const sums = await repo.periodSums(this.db, tenantScope, month);
    const consumption = kWh(sums.wh);
    const co2Saved = co2SavedKg(consumption, grid.kgCo2PerKwh);
    return {
      users: { total: users.usersRegistered, inUse: charging, notUsing: Math.max(0, users.usersRegistered - charging) },
      stations: {
        total: stations.total,
        inUse: stations.charging,
        available: stations.available,
        unavailable: stations.unavailable,
        maintenance: stations.maintenance,
      },
      energy: { consumption, coin: currency },
      co2Saved,
      ...treeGoal(co2Saved),
      at: now.toISOString(),
    };
  }
}

/** charging / registered as a fraction with 4 decimals, at most 1 (a visitor from another network may charge here). */
export function chargingFraction(charging: number, registered: number): number {
  if (registered <= 0) return 0;
  return Math.min(1, Math.round((charging / registered) * 10_000) / 10_000);
}
