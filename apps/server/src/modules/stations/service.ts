import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MAP_CLUSTER_GRID,
  MAP_VIEWPORT_MAX_STATIONS,
  STATION_PAGE_SIZE,
  connectorStatusGroup,
  stationMessages,
  type ChargePointDetail,
  type ChargePointListItem,
  type ChargePointListQuery,
  type ChargePointListResponse,
  type ChargePointSave,
  type ConnectorTypeListResponse,
  type ConnectorUpdate,
  type MapBounds,
  type MapChargePointListResponse,
  type Photo,
  type UserPrivateStation,
} from '@recarga/contracts/stations';
import type { LiveConnectorStatus } from '@recarga/contracts/live';
import type { DB, Executor } from '../../db/db';
import { monthStart } from '../../db/sql/month-start';
import type { RequestContext } from '../../platform/auth/context';
import { hashPassword } from '../../platform/auth/password';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { LookupProofs } from '../address-lookup/service';
import { PhotoStore } from './photo-store';
import { renderStationQr, stationDeepLink } from './qr-code';
import * as repo from './repository';
import { ownerForbiddenChanges, permissionKeys, powerVerdict, resolveStation, type ResolvedStation } from './station-rules';
import { digits } from '../../platform/text';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';

const stationNotFound = () => notFound('Estação não encontrada.', 'STATION_NOT_FOUND');
const stationLimitReached = () =>
  new AppError(403, 'STATION_LIMIT', `${stationMessages.stationLimit} Faça um upgrade para um plano superior ou exclua uma estação.`);

const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());

function toListConnector(c: repo.ConnectorJson) {
  return {
    connectorId: c.connector_id,
    connectorType: c.connector_type,
    connectorTypePk: c.connector_type_pk,
    powerMax: c.power_max,
    powerMaxCustom: Boolean(c.power_max_custom),
    unusualStatus: c.unusual_status,
    lastStatus: { status: c.last_status, timestamp: iso(c.last_status_timestamp), errorCode: c.last_error_code },
    statusGroup: connectorStatusGroup(c.last_status, c.unusual_status),
  };
}

export function toListItem(r: repo.StationListRow): ChargePointListItem {
  const consumption = Number(r.consumption);
  return {
    chargeBoxPk: r.charge_box_pk,
    chargeBoxId: r.charge_box_id,
    description: r.description,
    tenantPk: r.tenant_pk,
    tenantName: r.tenant_name,
    typeOf: r.type_of,
    active: r.active,
    address: { street: r.street, houseNumber: r.house_number, zipCode: r.zip_code, city: r.city, state: r.state, country: r.country },
    chargeBoxGroupPk: r.charge_box_group_pk,
    chargeBoxGroupName: r.group_name,
    chargePointVendor: r.charge_point_vendor,
    chargePointModel: r.charge_point_model,
    fwVersion: r.fw_version,
    uuid: r.uuid,
    ocppProtocol: r.ocpp_protocol,
    online: Boolean(r.online),
    lastHeartbeatTimestamp: iso(r.last_heartbeat_timestamp),
    firmwareStatus: r.firmware_status,
    firmwareStatusTimestamp: iso(r.firmware_timestamp),
    diagnosticsStatus: r.diagnostics_status,
    diagnosticsStatusTimestamp: iso(r.diagnostics_timestamp),
    recharges: Number(r.recharges),
    consumption,
    monthConsumption: consumption,
    connectors: r.connectors.map(toListConnector),
    chargingProfiles: r.charging_profiles.map((p) => ({
      connectorId: p.connector_id,
      chargingProfilePk: p.charging_profile_pk,
      description: p.description,
      purpose: p.charging_profile_purpose,
    })),
  };
}

/**
 * What a station reported about a firmware update or a diagnostics upload (the OCPP handlers call
 * these; the stations module owns charge_boxes): kept as the last status and its time, shown on the
 * station's card.
 */
export function recordFirmwareStatus(db: Executor, chargeBoxPk: number, status: string, at: Date): Promise<void> {
  return repo.setFirmwareStatus(db, chargeBoxPk, status, at);
}
export function recordDiagnosticsStatus(db: Executor, chargeBoxPk: number, status: string, at: Date): Promise<void> {
  return repo.setDiagnosticsStatus(db, chargeBoxPk, status, at);
}

export interface StationServiceDeps {
  db: Kysely<DB>;
  photos: PhotoStore;
  lookup: LookupProofs;
  /** OCPP ping interval (s): decides "online" (see ocpp/connections.ts). */
  pingIntervalSec: number;
  /** Tell live dashboards that a station was added, changed or deleted (a deleted one is also disconnected; never throws). */
  stationChanged?: (chargeBoxPk: number, type: 'insert' | 'update' | 'delete') => Promise<void>;
  /** Publish a connector status to live dashboards (never throws). */
  connectorStatus?: (tenantPk: number, status: LiveConnectorStatus) => Promise<void>;
}

/** Stations: list, map, detail, save, connector update, delete, photos, private access, QR. */
export class StationService {
  private readonly db: Kysely<DB>;

  constructor(private readonly deps: StationServiceDeps) {
    this.db = deps.db;
  }

  async connectorTypes(): Promise<ConnectorTypeListResponse> {
    const rows = await repo.connectorTypes(this.db);
    return { connectorTypeList: rows.map((r) => ({ connectorTypePk: r.connector_type_pk, name: r.name })) };
  }

  async list(ctx: RequestContext, q: ChargePointListQuery): Promise<ChargePointListResponse | MapChargePointListResponse> {
    if (q.page === undefined) return this.mapList(ctx, q.originType ?? 'MOVE', q.timeZone ?? 'UTC', q.bounds);
    const since = await monthStart(this.db, q.timeZone ?? 'UTC');
    const size = q.size ?? STATION_PAGE_SIZE;
    const filters = stationFilters(q);
    const [rows, count] = await Promise.all([
      repo.listStations(this.db, ctx.tenantScope, filters, { limit: size, offset: (q.page - 1) * size }, since, this.deps.pingIntervalSec),
      repo.countStations(this.db, ctx.tenantScope, filters, this.deps.pingIntervalSec),
    ]);
    return { chargePointList: rows.map(toListItem), count };
  }

  /**
   * The map list: every station of the scope, or those of a viewport; a viewport holding more than
   * MAP_VIEWPORT_MAX_STATIONS is answered as clusters (counted in SQL) for the map to zoom into.
   */
  private async mapList(
    ctx: RequestContext,
    origin: 'MOVE' | 'PLUG_SHARE',
    timeZone: string,
    bounds: MapBounds | undefined,
  ): Promise<MapChargePointListResponse> {
    if (bounds && (await repo.countMapStations(this.db, ctx.tenantScope, origin, bounds)) > MAP_VIEWPORT_MAX_STATIONS) {
      return { chargePointList: [], clusters: await repo.mapClusters(this.db, ctx.tenantScope, origin, bounds, MAP_CLUSTER_GRID) };
    }
    // The month of monthConsumption; clusters carry no energy, so they do not ask for it.
    const since = await monthStart(this.db, timeZone);
    const rows = await repo.mapStations(this.db, ctx.tenantScope, origin, since, this.deps.pingIntervalSec, bounds);
    return {
      ...(bounds ? { clusters: [] } : {}),
      chargePointList: rows.map((r) => ({
        chargeBoxPk: r.charge_box_pk,
        chargeBoxId: r.charge_box_id,
        description: r.description,
        active: r.active,
        locationLatitude: r.location_latitude,
        locationLongitude: r.location_longitude,
        origin: r.origin,
        ocppProtocol: r.ocpp_protocol,
        chargePointVendor: r.charge_point_vendor,
        online: Boolean(r.online),
        monthConsumption: Number(r.month_consumption),
        address: { street: r.street },
        connectors: r.connectors.map((c) => ({
          connectorId: c.connector_id,
          connectorType: c.connector_type,
          lastStatus: { status: c.status, usage: Number(c.usage) },
        })),
      })),
    };
  }

  async detail(ctx: RequestContext, pk: number): Promise<{ chargePointDetail: ChargePointDetail }> {
    const since = await monthStart(this.db, 'UTC');
    const row = await repo.findStation(this.db, ctx.tenantScope, pk, since, this.deps.pingIntervalSec);
    if (!row) throw stationNotFound();
    const [bindings, photos] = await Promise.all([repo.bindingsOf(this.db, pk), repo.photosOf(this.db, pk)]);
    return { chargePointDetail: toDetail(row, bindings, photos) };
  }

  async photos(ctx: RequestContext, chargeBoxId: string): Promise<{ chargePointPhotos: Photo[] }> {
    const station = await repo.findStationById(this.db, ctx.tenantScope, chargeBoxId);
    if (!station) throw stationNotFound();
    const rows = await repo.photosOf(this.db, station.charge_box_pk);
    return { chargePointPhotos: rows.map((p) => toPhoto(station.charge_box_id, p)) };
  }

  async photoFile(ctx: RequestContext, chargeBoxId: string, uid: string) {
    const station = await repo.findStationById(this.db, ctx.tenantScope, chargeBoxId);
    if (!station || !/^[0-9a-f-]{36}$/i.test(uid)) throw notFound('Photo not found', 'PHOTO_NOT_FOUND');
    const photo = await repo.findPhoto(this.db, station.charge_box_pk, uid);
    if (!photo) throw notFound('Photo not found', 'PHOTO_NOT_FOUND');
    const bytes = await this.deps.photos.read(station.charge_box_pk, photo.file_name).catch(() => {
      throw notFound('Photo not found', 'PHOTO_NOT_FOUND');
    });
    return { bytes, mime: photo.mime_type, name: photo.name };
  }

  /** The create check: 403 STATION_LIMIT when the tenant (default: the caller's) is at its limit. */
  async checkLimit(ctx: RequestContext, tenantPk?: number) {
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk ?? ctx.tenantScope.tenantPk, repo.STATION_TENANT_COLUMNS);
    if (!tenant) throw badRequest('Unknown tenant', { tenantPk: 'Unknown tenant.' });
    const count = await repo.stationCount(this.db, tenant.tenant_pk);
    if (tenant.station_limit !== null && count >= tenant.station_limit) throw stationLimitReached();
    return { allowed: true as const, tenantPk: tenant.tenant_pk, count, limit: tenant.station_limit };
  }

  /** Refuses what only operators may do to a station owner (create, delete, connector settings). */
  private operatorOnly(ctx: RequestContext) {
    if (ctx.tenantScope.ownerUserPk != null) throw forbidden(stationMessages.ownerNotAllowed, 'OWNER_NOT_ALLOWED');
  }

  async create(ctx: RequestContext, body: ChargePointSave) {
    this.operatorOnly(ctx);
    const resolved = await this.resolve(ctx, body, null);
    const pk = await this.write(ctx, resolved, null);
    await this.deps.stationChanged?.(pk, 'insert');
    return { message: 'Station created successfully!', ...(await this.detail(ctx, pk)) };
  }

  async update(ctx: RequestContext, pk: number, body: ChargePointSave) {
    const since = await monthStart(this.db, 'UTC');
    const current = await repo.findStation(this.db, ctx.tenantScope, pk, since, this.deps.pingIntervalSec);
    if (!current) throw stationNotFound();
    const resolved = await this.resolve(ctx, body, current);
    const owner = ctx.tenantScope.ownerUserPk;
    if (owner != null) {
      const fields = ownerForbiddenChanges(resolved, current);
      if (resolved.bindings && !resolved.bindings.some((b) => b.user_pk === owner && b.owner)) {
        fields.bindUsers = stationMessages.ownerKeepsOwnership;
      }
      if (Object.keys(fields).length) throw new AppError(403, 'OWNER_NOT_ALLOWED', stationMessages.ownerNotAllowed, fields);
    }
    await this.write(ctx, resolved, current);
    await this.deps.stationChanged?.(pk, 'update');
    return { message: 'Station updated successfully!', ...(await this.detail(ctx, pk)) };
  }

  private async resolve(ctx: RequestContext, body: ChargePointSave, current: repo.StationRow | null): Promise<ResolvedStation> {
    const scope = ctx.tenantScope;
    const tenantPk = body.tenantPk ?? body.tenant_pk ?? current?.tenant_pk ?? scope.tenantPk;
    const groupPk = body.chargeBoxGroupPk !== undefined ? body.chargeBoxGroupPk : (current?.charge_box_group_pk ?? null);
    const [tenant, group, types, bindable, photos] = await Promise.all([
      tenantInScope(this.db, scope, tenantPk, repo.STATION_TENANT_COLUMNS),
      groupPk === null ? Promise.resolve(null) : repo.groupInScope(this.db, scope, groupPk),
      repo.connectorTypePks(this.db),
      repo.usersInScope(
        this.db,
        scope,
        (body.bindUsers ?? []).map((b) => b.user_pk),
      ),
      current ? repo.photosOf(this.db, current.charge_box_pk) : Promise.resolve([]),
    ]);
    return resolveStation(body, {
      permitted: ctx.user.permitted,
      current,
      currentConnectors: current ? current.connectors : [],
      currentPhotos: photos,
      tenant,
      group,
      connectorTypes: types,
      bindableUsers: bindable,
      lookup: this.deps.lookup,
    });
  }

  /**
   * Writes a resolved station in one transaction: the row, connectors, access list and photos.
   * Photo files are written inside the transaction and removed again if it fails; files of
   * deleted photos are removed after the commit.
   */
  private async write(ctx: RequestContext, r: ResolvedStation, current: repo.StationRow | null): Promise<number> {
    const passwordHash = typeof r.ocppPassword === 'string' ? await hashPassword(r.ocppPassword) : r.ocppPassword;
    const written: string[] = [];
    let removed: string[] = [];
    let pk: number;
    try {
      pk = await this.db.transaction().execute(async (trx) => {
        if (!current || current.tenant_pk !== r.tenantPk) {
          const { count, limit } = await repo.lockedStationCount(trx, r.tenantPk);
          if (limit !== null && count >= limit) throw stationLimitReached();
        }
        const values = { ...r.values, ...(passwordHash !== undefined ? { ocpp_password_hash: passwordHash } : {}) };
        let stationPk: number;
        if (current) {
          const locked = await repo.findStationKey(trx, ctx.tenantScope, current.charge_box_pk, true);
          if (!locked) throw stationNotFound();
          stationPk = current.charge_box_pk;
          await repo.updateStation(trx, stationPk, values);
        } else {
          if (await repo.stationIdTaken(trx, String(r.values.charge_box_id))) {
            throw badRequest(stationMessages.saveFailed, { chargeBoxId: stationMessages.idTaken }, 'VALIDATION');
          }
          stationPk = await repo.insertStation(trx, values);
        }
        await repo.upsertConnectors(trx, stationPk, r.connectors);
        if (r.bindings !== undefined) await repo.replaceBindings(trx, stationPk, r.bindings);
        removed = (await repo.deletePhotos(trx, stationPk, r.deletedPhotoUids)).map((p) => p.file_name);
        for (const photo of r.newPhotos) {
          const uid = randomUUID();
          const fileName = this.deps.photos.fileName(uid, photo.mime);
          written.push(await this.deps.photos.write(stationPk, fileName, photo.bytes));
          await repo.insertPhoto(trx, {
            charge_box_pk: stationPk,
            uid,
            name: photo.name,
            mime_type: photo.mime,
            size_bytes: photo.bytes.length,
            file_name: fileName,
          });
        }
        return stationPk;
      });
    } catch (err) {
      await this.deps.photos.remove(written);
      if ((err as { code?: string }).code === '23505' && !current) {
        throw badRequest(stationMessages.saveFailed, { chargeBoxId: stationMessages.idTaken }, 'VALIDATION');
      }
      throw err;
    }
    if (removed.length) await this.deps.photos.removeNamed(pk, removed);
    return pk;
  }

  async updateConnector(ctx: RequestContext, pk: number, connectorId: number, body: ConnectorUpdate) {
    this.operatorOnly(ctx);
    const station = await repo.findStationKey(this.db, ctx.tenantScope, pk);
    if (!station) throw stationNotFound();
    const before = await repo.findConnector(this.db, pk, connectorId);
    if (!before || connectorId === 0) throw notFound('Conector não encontrado.', 'CONNECTOR_NOT_FOUND');
    const fields: Record<string, string> = {};
    const typePk = body.connectorTypePk !== undefined ? body.connectorTypePk : before.connector_type_pk;
    if (typePk == null) fields.connectorTypePk = stationMessages.required;
    else if (!(await repo.connectorTypePks(this.db)).has(typePk)) fields.connectorTypePk = 'Unknown connector type.';
    const power = body.powerMax !== undefined ? body.powerMax : before.power_max;
    let custom = before.power_max_custom;
    if (power !== before.power_max) {
      const verdict = powerVerdict(power ?? null, station.system, station.voltage, ctx.user.permitted.has(permissionKeys.customPower));
      if (verdict.kind === 'denied') throw new AppError(403, 'CUSTOM_POWER_NOT_ALLOWED', verdict.message, { powerMax: verdict.message });
      if (verdict.kind === 'invalid') fields.powerMax = verdict.message;
      else custom = verdict.custom;
    }
    if (Object.keys(fields).length) throw badRequest(stationMessages.saveFailed, fields, 'VALIDATION');
    const unusual = body.unusualStatus !== undefined ? body.unusualStatus : before.unusual_status;
    await repo.updateConnector(this.db, before.connector_pk, {
      connector_type_pk: typePk ?? null,
      power_max: power ?? null,
      power_max_custom: power == null ? false : custom,
      unusual_status: unusual,
      money_per_kilowatt_income: body.moneyPerKilowattIncome !== undefined ? body.moneyPerKilowattIncome : before.money_per_kilowatt_income,
      money_per_duration_income: body.moneyPerDurationIncome !== undefined ? body.moneyPerDurationIncome : before.money_per_duration_income,
    });
    const after = (await repo.findConnector(this.db, pk, connectorId))!;
    const effectiveBefore = before.unusual_status ?? before.last_status;
    const effectiveAfter = after.unusual_status ?? after.last_status;
    if (effectiveAfter !== null && effectiveAfter !== effectiveBefore) {
      await this.deps.connectorStatus?.(station.tenant_pk, {
        chargeBoxId: station.charge_box_id,
        connectorId,
        status: effectiveAfter,
        errorCode: after.last_error_code ?? 'NoError',
        timestamp: new Date().toISOString(),
      });
    }
    await this.deps.stationChanged?.(pk, 'update');
    return {
      message: 'Connector updated successfully!',
      connector: {
        ...toListConnector({ ...after, last_status_timestamp: iso(after.last_status_timestamp) }),
        moneyPerKilowattIncome: after.money_per_kilowatt_income,
        moneyPerDurationIncome: after.money_per_duration_income,
      },
    };
  }

  /** Soft delete; refused (409) while a recharge is open on the station. */
  async remove(ctx: RequestContext, pk: number) {
    this.operatorOnly(ctx);
    await this.db.transaction().execute(async (trx) => {
      // The row lock also blocks a concurrent StartTransaction (its foreign-key check waits).
      const station = await repo.findStationKey(trx, ctx.tenantScope, pk, true);
      if (!station) throw stationNotFound();
      if (await repo.hasOpenTransaction(trx, pk)) throw conflict(stationMessages.openTransaction, undefined, 'OPEN_TRANSACTION');
      await repo.softDelete(trx, pk);
    });
    await this.deps.stationChanged?.(pk, 'delete');
    return { message: 'Station deleted successfully!' };
  }

  /** Users bound to a private station (empty without a station: a new station has none yet). */
  async privateUsers(ctx: RequestContext, chargeBoxPk?: number): Promise<{ userPrivateStationList: UserPrivateStation[] }> {
    if (chargeBoxPk === undefined) return { userPrivateStationList: [] };
    const station = await repo.findStationKey(this.db, ctx.tenantScope, chargeBoxPk);
    if (!station) throw stationNotFound();
    const tenant = await tenantInScope(this.db, ctx.tenantScope, station.tenant_pk, repo.STATION_TENANT_COLUMNS);
    const rows = await repo.privateStationUsers(this.db, chargeBoxPk, tenant!.path);
    return {
      userPrivateStationList: rows.map((r) => ({
        user_pk: r.user_pk,
        email: r.email,
        user_name: r.user_name,
        tenant_name: r.tenant_name,
        tenant_related: Boolean(r.tenant_related),
        owner: r.owner,
        bind_status: r.bind_status,
        bind_exists: true,
      })),
    };
  }

  async cpfSearch(ctx: RequestContext, cpfText: string, chargeBoxPk?: number) {
    const cpf = digits(cpfText);
    if (cpf.length !== 11) throw badRequest('Invalid CPF', { cpf: 'The CPF must have 11 digits.' });
    let station: { pk: number; tenantPath: string } | null = null;
    if (chargeBoxPk !== undefined) {
      const s = await repo.findStationKey(this.db, ctx.tenantScope, chargeBoxPk);
      if (!s) throw stationNotFound();
      const tenant = await tenantInScope(this.db, ctx.tenantScope, s.tenant_pk, repo.STATION_TENANT_COLUMNS);
      station = { pk: s.charge_box_pk, tenantPath: tenant!.path };
    }
    const u = await repo.userByCpf(this.db, ctx.tenantScope, cpf, station);
    if (!u) return { data: { error: stationMessages.userNotFound } };
    const bound = u.bind_status != null;
    return {
      userPrivateStation: {
        user_pk: u.user_pk,
        email: u.email,
        user_name: u.user_name,
        tenant_name: u.tenant_name,
        tenant_related: Boolean(u.tenant_related),
        owner: Boolean(u.owner),
        bind_status: u.bind_status ?? 'NOT_REQUESTED',
        bind_exists: bound,
      },
    };
  }

  async qrCode(ctx: RequestContext, pk: number) {
    const station = await repo.findStationKey(this.db, ctx.tenantScope, pk);
    if (!station) throw stationNotFound();
    const host = await repo.deepLinkHost(this.db, station.tenant_pk);
    const url = stationDeepLink(host, station.charge_box_pk, station.uuid);
    return { png: await renderStationQr(url), url, chargeBoxId: station.charge_box_id };
  }
}

function toPhoto(chargeBoxId: string, p: { uid: string; name: string }): Photo {
  return { uid: p.uid, name: p.name, url: `/api/chargepoints/${encodeURIComponent(chargeBoxId)}/photos/${p.uid}/`, status: 'done' };
}

function toDetail(r: repo.StationRow, bindings: Awaited<ReturnType<typeof repo.bindingsOf>>, photos: repo.PhotoRow[]): ChargePointDetail {
  return {
    chargeBoxPk: r.charge_box_pk,
    chargeBoxId: r.charge_box_id,
    endpointAddress: r.endpoint_address,
    description: r.description,
    externalId: r.external_id,
    tenantPk: r.tenant_pk,
    tenant_pk: r.tenant_pk,
    tenantName: r.tenant_name,
    tenantDeviceReader: r.tenant_device_reader,
    typeOf: r.type_of,
    active: r.active,
    reservation: r.reservation,
    isOcpiCompatible: r.is_ocpi_compatible,
    isHubjectCompatible: r.is_hubject_compatible,
    showLocation: r.show_location,
    locationLatitude: r.location_latitude,
    locationLongitude: r.location_longitude,
    address: { street: r.street, houseNumber: r.house_number, zipCode: r.zip_code, city: r.city, state: r.state, country: r.country },
    chargeBoxGroupPk: r.charge_box_group_pk,
    chargeBoxGroupName: r.group_name,
    isOpen_24Hours: r.is_open_24h,
    openTime: r.open_time,
    closeTime: r.close_time,
    isTenantDeviceReader: r.is_tenant_device_reader,
    deviceReaderMac: r.device_reader_mac,
    uuid: r.uuid,
    origin: r.origin,
    chargePointVendor: r.charge_point_vendor,
    chargePointModel: r.charge_point_model,
    fwVersion: r.fw_version,
    ocppProtocol: r.ocpp_protocol,
    online: Boolean(r.online),
    lastHeartbeatTimestamp: iso(r.last_heartbeat_timestamp),
    hasOcppPassword: r.ocpp_password_hash !== null,
    monthConsumption: Number(r.month_consumption),
    hasPayment: r.has_payment,
    paymentChargeTypeCost: r.payment_charge_type_cost,
    paymentChargeTypeIncome: r.payment_charge_type_income,
    paymentChargeByIncome: r.payment_charge_by_income,
    moneyPerKilowattCost: Number(r.money_per_kilowatt_cost),
    moneyPerDurationCost: Number(r.money_per_duration_cost),
    moneyPerTransactionCost: Number(r.money_per_transaction_cost),
    moneyPerKilowattIncome: Number(r.money_per_kilowatt_income),
    moneyPerDurationIncome: Number(r.money_per_duration_income),
    moneyPerTransactionIncome: Number(r.money_per_transaction_income),
    taxIncome: Number(r.tax_income),
    system: r.system,
    phase: r.phase,
    voltage: r.voltage,
    chargingRateUnit: r.charging_rate_unit,
    connectors: r.connectors.map((c) => ({
      ...toListConnector(c),
      moneyPerKilowattIncome: c.money_per_kilowatt_income === null ? null : Number(c.money_per_kilowatt_income),
      moneyPerDurationIncome: c.money_per_duration_income === null ? null : Number(c.money_per_duration_income),
    })),
    bindUsers: bindings.map((b) => ({
      user_pk: b.user_pk,
      email: b.email,
      user_name: b.user_name,
      owner: b.owner,
      bind_status: b.bind_status,
    })),
    photos: photos.map((p) => toPhoto(r.charge_box_id, p)),
  };
}

/** The station list's query as repository filters (the list, its spreadsheet and the assessment report). */
export function stationFilters(q: {
  active?: boolean;
  chargeBoxGroupPk?: number;
  tenantPk?: number;
  searchInput?: string;
  online?: boolean;
}): repo.StationFilters {
  return {
    active: q.active,
    chargeBoxGroupPk: q.chargeBoxGroupPk,
    tenantPk: q.tenantPk,
    search: q.searchInput?.trim() || undefined,
    online: q.online,
  };
}
