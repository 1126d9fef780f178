import { sql } from 'kysely';
import { expect } from 'vitest';
import { localDate } from '../../src/modules/smart-charging/control-loop';
import { aStation, stationPk, tenantPk } from './station-builders';
import { bearer, type TestApp } from './test-app';

/**
 * A one-connector three-phase 1.6 station of a network (Move by default), ready for its load
 * manager (system, phase, voltage, limits in A), with a card `TAG-<id>`. Answers its key.
 */
export async function aThreePhaseStation(t: TestApp, opts: { id: string; tenant?: string; voltage?: number }): Promise<number> {
  const tenant = opts.tenant ?? 'move';
  await aStation(t, { id: opts.id, tenant, connectors: 1 });
  await t.db
    .updateTable('charge_boxes')
    .set({ system: 'THREE_PHASE', phase: 'ABC', voltage: opts.voltage ?? 380, charging_rate_unit: 'A', ocpp_protocol: 'ocpp1.6' })
    .where('charge_box_id', '=', opts.id)
    .execute();
  await t.db
    .insertInto('ocpp_tags')
    .values({ tenant_pk: await tenantPk(t, tenant), id_tag: `TAG-${opts.id}`, type: 'CARD' })
    .execute();
  return stationPk(t, opts.id);
}

/**
 * A virtual group of these stations whose load manager is on from yesterday to tomorrow in the
 * network's zone (São Paulo), created through the gateway as the screen does. Answers its id.
 */
export async function aSmartGroup(
  t: TestApp,
  token: string,
  g: {
    name: string;
    description: string;
    tenantPk: number;
    chargeBoxPks: number[];
    breakerA: number;
    meter: string;
    meterInCircuit: boolean;
    /** The load manager's tuning fields (absent: the defaults). */
    tuning?: Record<string, unknown>;
  },
): Promise<number> {
  const today = localDate(new Date(), 'America/Sao_Paulo');
  const day = (d: number) => new Date(Date.parse(`${today}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  const created = await t.app.inject({
    method: 'POST',
    url: '/gateway/virtual-groups',
    headers: bearer(token),
    payload: {
      name: g.name,
      description: g.description,
      tenant_id: g.tenantPk,
      charge_boxs: g.chargeBoxPks,
      smart_charging: {
        enabled: true,
        start_date: day(-1),
        end_date: day(1),
        current_nominal_a: String(g.breakerA),
        modulation: 'DYNAMIC',
        meter_device_remote_id: g.meter,
        meter_device_remote_in_circuit: g.meterInCircuit,
        ...g.tuning,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return (created.json() as { virtual_group_id: number }).virtual_group_id;
}

/** A meter of a tenant registered directly (MAC, device id and a token hash); answers its key. */
export async function aMeter(t: TestApp, opts: { tenantPk: number; mac: string; deviceRemoteId: string }): Promise<number> {
  const row = await t.db
    .insertInto('meters')
    .values({ tenant_pk: opts.tenantPk, mac_address: opts.mac, device_remote_id: opts.deviceRemoteId, token_hash: 'x'.repeat(64) })
    .returning('meter_pk')
    .executeTakeFirstOrThrow();
  return row.meter_pk;
}

/**
 * As if the dwell, the stations' minute and the building figure's hold had passed for every limit
 * the load manager set (tests over real websockets run in real time): each limit dated 10 minutes
 * back, no profile counted as sent in the last minute, no reading's figure held.
 */
export async function ageLimits(t: TestApp) {
  await t.db
    .updateTable('smart_charging_sessions')
    .set({ limit_changed_at: new Date(Date.now() - 10 * 60_000) })
    .execute();
  await sql`update smart_charging_state set estimator = estimator - 'sent' - 'recent' where estimator is not null`.execute(t.db);
}
