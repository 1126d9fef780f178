import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  maxPhaseOf,
  METER_FUTURE_TOLERANCE_MS,
  METER_SERIES_MAX_DAYS,
  METER_SERIES_MAX_POINTS,
  meterMessages as msg,
  type MeterCreate,
  type MeterMeasurement,
  type MeterMeasurementPayload,
  type MeterRow,
  type MeterSeries,
} from '@recarga/contracts/meters';
import type { Config } from '../../config';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';
import type { Bus } from '../../platform/bus';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { isOnline, METER_MEASURED_SUBJECT, type MeterMeasuredEvent } from './readings';
import * as repo from './repository';

const DAY_MS = 86_400_000;
const SERIES_DEFAULT_MS = DAY_MS;

/** A device that proved who it is (its token, or its MQTT topic): what a reading is stored against. */
export interface MeterDevice {
  meter_pk: number;
  tenant_pk: number;
  mac_address: string;
  device_remote_id: string;
}

export type StoreOutcome = 'stored' | 'duplicate';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => `mtr_${randomBytes(32).toString('base64url')}`;
const iso = (d: Date | string) => new Date(d).toISOString();
const phasesOf = (r: { phase_1_a: number | string; phase_2_a: number | string; phase_3_a: number | string }): [number, number, number] => [
  Number(r.phase_1_a),
  Number(r.phase_2_a),
  Number(r.phase_3_a),
];

/**
 * Meters of smart charging (002 §3, §4, §7): registration with a device token, readings from the
 * devices (HTTP push and MQTT, one rule for both), the latest reading with the online status, the
 * time series of the group's chart, and the retention of readings. User calls are scoped to the
 * caller's networks; a station owner has no meters (as with virtual groups).
 */
export class MeterService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { bus: Bus; config: Pick<Config, 'meters'>; now?: () => Date },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  private tenants(ctx: RequestContext): number[] {
    return ctx.tenantScope.ownerUserPk != null ? [] : ctx.tenantScope.tenantPks;
  }

  private row(r: repo.MeterWithLatest): MeterRow {
    const at = r.measured_at ? new Date(r.measured_at) : null;
    return {
      meter_id: r.meter_pk,
      mac_address: r.mac_address,
      device_remote_id: r.device_remote_id,
      tenant_id: r.tenant_pk,
      created_at: iso(r.created_at),
      status: isOnline(at, this.now(), this.deps.config) ? 1 : 0,
      timestamp: at ? at.toISOString() : null,
    };
  }

  private measurement(r: repo.MeterWithLatest): MeterMeasurement {
    const at = r.measured_at ? new Date(r.measured_at) : null;
    const online = isOnline(at, this.now(), this.deps.config);
    const phases = at ? phasesOf(r as { phase_1_a: number; phase_2_a: number; phase_3_a: number }) : null;
    return {
      meter_id: r.meter_pk,
      tenant_id: r.tenant_pk,
      mac_address: r.mac_address,
      device_remote_id: r.device_remote_id,
      status: online ? 1 : 0,
      communication_status: at === null ? 'NO_DATA' : online ? 'ONLINE' : 'OFFLINE',
      timestamp: at ? at.toISOString() : null,
      current: phases ? { '01': phases[0], '02': phases[1], '03': phases[2] } : null,
      max_phase: phases ? maxPhaseOf(phases) : null,
    };
  }

  /** POST /smart/meters: registers a device of a network in the caller's scope; answers its token, this once. */
  async register(ctx: RequestContext, body: MeterCreate) {
    const tenantPk = body.tenant_id ?? ctx.tenantScope.tenantPk;
    if (this.tenants(ctx).length === 0 || !(await tenantInScope(this.db, ctx.tenantScope, tenantPk, ['tenant_pk'])))
      throw notFound(msg.tenantNotFound, 'TENANT_NOT_FOUND');
    const taken = await repo.meterByMacOrDevice(this.db, body.mac_address, body.device_remote_id);
    const fields: Record<string, string> = {};
    if (taken.some((t) => t.mac_address === body.mac_address)) fields.mac_address = msg.macTaken;
    if (taken.some((t) => t.device_remote_id === body.device_remote_id)) fields.device_remote_id = msg.deviceIdTaken;
    if (Object.keys(fields).length) throw conflict(msg.macTaken, fields, 'METER_TAKEN');
    const token = newToken();
    try {
      const m = await repo.insertMeter(this.db, {
        tenantPk,
        macAddress: body.mac_address,
        deviceRemoteId: body.device_remote_id,
        tokenHash: hashToken(token),
      });
      return { ...this.row({ ...m, measured_at: null, phase_1_a: null, phase_2_a: null, phase_3_a: null }), token };
    } catch (err) {
      // Registered by another call in between: the unique keys decided.
      if ((err as { code?: string }).code === '23505') throw conflict(msg.macTaken, { mac_address: msg.macTaken }, 'METER_TAKEN');
      throw err;
    }
  }

  private async meterOf(ctx: RequestContext, by: { deviceRemoteId?: string; macAddress?: string }) {
    const tenants = this.tenants(ctx);
    const m = tenants.length ? await repo.meterInScope(this.db, tenants, by) : undefined;
    if (!m) throw notFound(msg.notFound, 'METER_NOT_FOUND');
    return m;
  }

  /**
   * A new token for a device, for the platform itself (no caller): the demo fleet's simulated meter
   * takes one at each start. Null when the device does not exist.
   */
  async renewDeviceToken(deviceRemoteId: string): Promise<string | null> {
    const m = await repo.deviceById(this.db, deviceRemoteId);
    if (!m) return null;
    const token = newToken();
    await repo.setTokenHash(this.db, m.meter_pk, hashToken(token));
    return token;
  }

  /** POST /smart/meters/{id}/token: a new token for a device (the old one stops working). */
  async renewToken(ctx: RequestContext, deviceRemoteId: string) {
    const m = await this.meterOf(ctx, { deviceRemoteId });
    const token = newToken();
    await repo.setTokenHash(this.db, m.meter_pk, hashToken(token));
    return { ...this.row(m), token };
  }

  async list(ctx: RequestContext, q: { page: number; size: number; tenant_id?: number; search?: string }) {
    let tenants = this.tenants(ctx);
    if (q.tenant_id !== undefined) tenants = tenants.includes(q.tenant_id) ? [q.tenant_id] : [];
    if (tenants.length === 0) return { content: [], totalElements: 0 };
    const [rows, total] = await Promise.all([
      repo.listMeters(this.db, tenants, q.search, { limit: q.size, offset: q.page * q.size }),
      repo.countMeters(this.db, tenants, q.search),
    ]);
    return { content: rows.map((r) => this.row(r)), totalElements: total };
  }

  /** GET /smart/meters/measurements: a meter's latest reading, by MAC address or device id (both: both must match). */
  async latest(ctx: RequestContext, q: { mac_address?: string; device_remote_id?: string }): Promise<MeterMeasurement> {
    if (q.mac_address === undefined && q.device_remote_id === undefined)
      throw badRequest(msg.macOrDeviceRequired, { mac_address: msg.macOrDeviceRequired }, 'VALIDATION');
    return this.measurement(await this.meterOf(ctx, { macAddress: q.mac_address, deviceRemoteId: q.device_remote_id }));
  }

  /** GET /smart/meters/measurements/list: the latest reading of each known device of the scope, by device id. */
  async latestOfMany(ctx: RequestContext, deviceRemoteIds: string[]): Promise<MeterMeasurement[]> {
    const tenants = this.tenants(ctx);
    if (tenants.length === 0) return [];
    const rows = await repo.metersByDeviceIds(this.db, tenants, [...new Set(deviceRemoteIds)]);
    return rows.map((r) => this.measurement(r));
  }

  /**
   * GET /smart/meters/{id}/series: the highest current of each phase per bucket, oldest first. A
   * bucket is a whole number of minutes, at least one, so that the range has at most
   * METER_SERIES_MAX_POINTS of them.
   */
  async series(ctx: RequestContext, deviceRemoteId: string, q: { from?: string; to?: string }): Promise<MeterSeries> {
    const to = q.to ? new Date(q.to) : this.now();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - SERIES_DEFAULT_MS);
    if (from.getTime() >= to.getTime()) throw badRequest(msg.rangeInvalid, { from: msg.rangeInvalid }, 'VALIDATION');
    if (to.getTime() - from.getTime() > METER_SERIES_MAX_DAYS * DAY_MS)
      throw badRequest(msg.rangeTooLong, { from: msg.rangeTooLong }, 'VALIDATION');
    const m = await this.meterOf(ctx, { deviceRemoteId });
    const rangeSec = (to.getTime() - from.getTime()) / 1000;
    // n aligned buckets of b seconds touch at most ceil(range / b) + 1 of them.
    const bucketSec = Math.max(60, Math.ceil(rangeSec / (METER_SERIES_MAX_POINTS - 1) / 60) * 60);
    const rows = await repo.series(this.db, m.meter_pk, from, to, bucketSec);
    return {
      device_remote_id: m.device_remote_id,
      from: from.toISOString(),
      to: to.toISOString(),
      bucket_seconds: bucketSec,
      points: rows.map((r) => {
        const phases = phasesOf(r as { phase_1_a: number; phase_2_a: number; phase_3_a: number });
        return { timestamp: iso(r.bucket), current: { '01': phases[0], '02': phases[1], '03': phases[2] }, max_phase: maxPhaseOf(phases) };
      }),
    };
  }

  /** The device whose token this is; null for an unknown device or a wrong token (one answer for both). */
  async authenticate(deviceRemoteId: string, token: string | undefined): Promise<MeterDevice | null> {
    const device = deviceRemoteId.length <= 64 ? await repo.deviceById(this.db, deviceRemoteId) : undefined;
    const given = Buffer.from(hashToken(token ?? ''), 'hex');
    // Compared in constant time, against a dummy when the device is unknown.
    const expected = Buffer.from(device?.token_hash ?? hashToken(`unknown:${given.toString('hex')}`), 'hex');
    const same = expected.length === given.length && timingSafeEqual(expected, given);
    if (!device || !token || !same) return null;
    return {
      meter_pk: device.meter_pk,
      tenant_pk: device.tenant_pk,
      mac_address: device.mac_address,
      device_remote_id: device.device_remote_id,
    };
  }

  /** A device by its id (MQTT: the topic names it); null when none is registered. */
  async device(deviceRemoteId: string): Promise<MeterDevice | null> {
    const d = await repo.deviceById(this.db, deviceRemoteId);
    return d ? { meter_pk: d.meter_pk, tenant_pk: d.tenant_pk, mac_address: d.mac_address, device_remote_id: d.device_remote_id } : null;
  }

  /**
   * Stores a device's reading — the one rule of both ways in. The MAC address must be the device's;
   * the timestamp at most 5 minutes ahead of the server and within the retention period. A reading
   * at a timestamp the meter already sent is a duplicate: the first is kept. Resolves once committed,
   * then tells the cluster (METER_MEASURED_SUBJECT).
   */
  async store(device: MeterDevice, reading: MeterMeasurementPayload): Promise<StoreOutcome> {
    if (reading.mac_address !== device.mac_address)
      throw badRequest(msg.macMismatch, { mac_address: msg.macMismatch }, 'METER_MAC_MISMATCH');
    const measuredAt = new Date(reading.timestamp);
    const now = this.now().getTime();
    if (Number.isNaN(measuredAt.getTime()) || measuredAt.getTime() > now + METER_FUTURE_TOLERANCE_MS)
      throw badRequest(msg.timestampInFuture, { timestamp: msg.timestampInFuture }, 'VALIDATION');
    if (measuredAt.getTime() < now - this.deps.config.meters.retentionDays * DAY_MS)
      throw badRequest(msg.timestampTooOld, { timestamp: msg.timestampTooOld }, 'VALIDATION');
    const phases: [number, number, number] = [reading.phases['01'], reading.phases['02'], reading.phases['03']];
    const stored = await repo.insertMeasurement(this.db, { meterPk: device.meter_pk, measuredAt, phases });
    if (!stored) return 'duplicate';
    const event: MeterMeasuredEvent = {
      meter_pk: device.meter_pk,
      tenant_pk: device.tenant_pk,
      device_remote_id: device.device_remote_id,
      measured_at: measuredAt.toISOString(),
      phases,
    };
    this.deps.bus.publish(METER_MEASURED_SUBJECT, event);
    return 'stored';
  }

  /** The retention job: deletes readings older than METER_RETENTION_DAYS; returns how many. */
  purge(): Promise<number> {
    return repo.deleteMeasurementsBefore(this.db, new Date(this.now().getTime() - this.deps.config.meters.retentionDays * DAY_MS));
  }
}
