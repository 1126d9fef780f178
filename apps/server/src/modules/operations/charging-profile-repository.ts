import { sql } from 'kysely';
import type { ChargingProfileSave } from '@recarga/contracts/charging-profiles';
import type { Executor } from '../../db/db';
import { ownedStation } from '../../db/sql/owned-stations';
import type { TenantScope } from '../../platform/auth/context';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function profileValues(p: ChargingProfileSave) {
  return {
    description: p.description,
    note: p.note ?? null,
    stack_level: p.stackLevel,
    charging_profile_purpose: p.chargingProfilePurpose,
    charging_profile_kind: p.chargingProfileKind,
    recurrency_kind: p.recurrencyKind ?? null,
    valid_from: p.validFrom ?? null,
    valid_to: p.validTo ?? null,
    start_schedule: p.startSchedule ?? null,
    duration_in_seconds: p.durationInSeconds ?? null,
    charging_rate_unit: p.chargingRateUnit,
    min_charging_rate: p.minChargingRate ?? null,
  };
}

async function writePeriods(db: Executor, pk: number, p: ChargingProfileSave) {
  await db.deleteFrom('charging_schedule_periods').where('charging_profile_pk', '=', pk).execute();
  await db
    .insertInto('charging_schedule_periods')
    .values(
      p.schedulePeriodMap.map((s) => ({
        charging_profile_pk: pk,
        start_period_in_seconds: s.startPeriodInSeconds,
        power_limit: s.powerLimitInAmperes,
        number_phases: s.numberPhases ?? null,
      })),
    )
    .execute();
}

export async function insertProfile(db: Executor, tenantPk: number, p: ChargingProfileSave): Promise<number> {
  const { charging_profile_pk } = await db
    .insertInto('charging_profiles')
    .values({ tenant_pk: tenantPk, ...profileValues(p) })
    .returning('charging_profile_pk')
    .executeTakeFirstOrThrow();
  await writePeriods(db, charging_profile_pk, p);
  return charging_profile_pk;
}

/** Updates a profile of the scope; false when there is none. */
export async function updateProfile(db: Executor, scope: TenantScope, pk: number, p: ChargingProfileSave): Promise<boolean> {
  const updated = await db
    .updateTable('charging_profiles')
    .set({ ...profileValues(p), updated_at: new Date() })
    .where('charging_profile_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await writePeriods(db, pk, p);
  return true;
}

export function listProfiles(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('charging_profiles as p')
    .select([
      'p.charging_profile_pk',
      'p.description',
      'p.stack_level',
      'p.charging_profile_purpose',
      'p.charging_profile_kind',
      'p.recurrency_kind',
      'p.valid_from',
      'p.valid_to',
      sql<number>`(select count(*) from station_charging_profiles s where s.charging_profile_pk = p.charging_profile_pk)`.as(
        'active_count',
      ),
    ])
    .where('p.tenant_pk', 'in', scope.tenantPks)
    .orderBy('p.charging_profile_pk', 'desc')
    .limit(1000)
    .execute();
}

export async function profileInScope(db: Executor, scope: TenantScope, pk: number) {
  const profile = await db
    .selectFrom('charging_profiles')
    .selectAll()
    .where('charging_profile_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
  if (!profile) return undefined;
  const [periods, activeOn] = await Promise.all([
    db
      .selectFrom('charging_schedule_periods')
      .select(['start_period_in_seconds', 'power_limit', 'number_phases'])
      .where('charging_profile_pk', '=', pk)
      .orderBy('start_period_in_seconds')
      .execute(),
    db
      .selectFrom('station_charging_profiles as s')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 's.charge_box_pk')
      .select(['cb.charge_box_id', 's.connector_id', 's.set_at'])
      .where('s.charging_profile_pk', '=', pk)
      .where('cb.tenant_pk', 'in', scope.tenantPks)
      .where(ownedStation(scope, 'cb.charge_box_pk'))
      .orderBy('cb.charge_box_id')
      .orderBy('s.connector_id')
      .execute(),
  ]);
  return { profile, periods, activeOn };
}

export type StoredProfile = NonNullable<Awaited<ReturnType<typeof profileInScope>>>;

export const profileIso = iso;

/** A station accepted the profile on a connector: it replaces one of the same purpose and stack level there. */
export async function markProfileSet(db: Executor, chargeBoxPk: number, connectorId: number, profilePk: number, taskPk: number) {
  await db
    .deleteFrom('station_charging_profiles as s')
    .where('s.charge_box_pk', '=', chargeBoxPk)
    .where('s.connector_id', '=', connectorId)
    .where((eb) =>
      eb.or([
        eb('s.charging_profile_pk', '=', profilePk),
        eb.exists(
          eb
            .selectFrom('charging_profiles as a')
            .innerJoin('charging_profiles as b', (j) =>
              j.onRef('a.charging_profile_purpose', '=', 'b.charging_profile_purpose').onRef('a.stack_level', '=', 'b.stack_level'),
            )
            .select(sql`1`.as('one'))
            .whereRef('a.charging_profile_pk', '=', 's.charging_profile_pk')
            .where('b.charging_profile_pk', '=', profilePk),
        ),
      ]),
    )
    .execute();
  await db
    .insertInto('station_charging_profiles')
    .values({ charge_box_pk: chargeBoxPk, connector_id: connectorId, charging_profile_pk: profilePk, task_pk: taskPk })
    .execute();
}

/** A station accepted a ClearChargingProfile: forget what matches its filter there. */
export function markProfilesCleared(
  db: Executor,
  chargeBoxPk: number,
  filter: { profilePk?: number; connectorId?: number; purpose?: string; stackLevel?: number },
) {
  let q = db.deleteFrom('station_charging_profiles as s').where('s.charge_box_pk', '=', chargeBoxPk);
  if (filter.profilePk !== undefined) q = q.where('s.charging_profile_pk', '=', filter.profilePk);
  if (filter.connectorId !== undefined) q = q.where('s.connector_id', '=', filter.connectorId);
  if (filter.purpose !== undefined || filter.stackLevel !== undefined) {
    const { purpose, stackLevel } = filter;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('charging_profiles as p')
          .select(sql`1`.as('one'))
          .whereRef('p.charging_profile_pk', '=', 's.charging_profile_pk')
          .$if(purpose !== undefined, (w) => w.where('p.charging_profile_purpose', '=', purpose as 'TX_PROFILE'))
          .$if(stackLevel !== undefined, (w) => w.where('p.stack_level', '=', stackLevel!)),
      ),
    );
  }
  return q.execute();
}
