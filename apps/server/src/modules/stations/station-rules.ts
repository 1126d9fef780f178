import type { DashboardRoute } from '@recarga/contracts/routes';
import {
  MAX_PHOTO_BYTES,
  MAX_STATION_PHOTOS,
  RATED_POWERS,
  addressFieldErrors,
  maxLength,
  phaseOptions,
  ratedPowersFor,
  stationMessages,
  voltageOptions,
  type ChargePointSave,
  type StationSystem,
} from '@recarga/contracts/stations';
import type { BindStatus } from '../../db/schema-stations';
import { AppError, badRequest } from '../../platform/errors';
import { digits } from '../../platform/text';
import type { LookupProofs } from '../address-lookup/service';
import { decodeBase64, photoMime, type PhotoMime } from './photo-store';
import type { ConnectorJson, ConnectorValues, GroupRow, PhotoRow, StationRow, TenantRow } from './repository';

/** Permission-only keys of the station form (001 §2, §6). */
export const permissionKeys = {
  ocpi: '/stations/ocpi_enabled_button',
  editAddress: '/stations/allow_edit_address',
  customPower: '/stations/custom-powermax',
  smartCharging: '/virtual-groups/edit/{id}/smart-charging/create',
} as const;

const CHARGE_BOX_ID_MAX = 100;
const MAC = /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:([0-5]\d))?$/;

export interface RuleContext {
  permitted: ReadonlySet<DashboardRoute>;
  /** The stored station on update; null on create. */
  current: StationRow | null;
  currentConnectors: ConnectorJson[];
  currentPhotos: PhotoRow[];
  /** The target tenant when it is in the caller's scope. */
  tenant: TenantRow | undefined;
  /** The chosen group: null when none was chosen, undefined when chosen but not in scope. */
  group: GroupRow | null | undefined;
  connectorTypes: Set<number>;
  /** Users of bindUsers that are in the caller's scope. */
  bindableUsers: Set<number>;
  lookup: LookupProofs;
}

export interface NewPhoto {
  name: string;
  mime: PhotoMime;
  bytes: Buffer;
}

export interface ResolvedStation {
  tenantPk: number;
  /** charge_boxes columns to write (password excluded). */
  values: Record<string, unknown>;
  /** undefined: keep; null: clear; text: hash and set. */
  ocppPassword: string | null | undefined;
  connectors: ConnectorValues[];
  /** undefined: keep. */
  bindings: { user_pk: number; owner: boolean; bind_status: BindStatus }[] | undefined;
  newPhotos: NewPhoto[];
  deletedPhotoUids: string[];
}

const text = (v: string | null | undefined) => (v == null ? '' : v.trim());
const orNull = (v: string) => (v === '' ? null : v);
const pick = <T>(given: T | undefined, stored: T | undefined, fallback: T): T =>
  given !== undefined ? given : stored !== undefined ? stored : fallback;
const normaliseTime = (t: string) => (t.length === 5 ? `${t}:00` : t);
/** Coordinates compared at 6 decimals (about 10 cm): the form may round what it shows. */
const sameCoordinate = (a: number, b: number) => Math.abs(a - b) < 5e-7;

const denied = (code: string, message: string, fields?: Record<string, string>) => new AppError(403, code, message, fields);

/**
 * Applies every rule of the station form (001 §4, §5, §9) to a save request. Permission problems
 * answer 403 (first); otherwise all field errors come back at once as 400 VALIDATION.
 */
export function resolveStation(body: ChargePointSave, rc: RuleContext): ResolvedStation {
  const cur = rc.current;
  const can = (key: DashboardRoute) => rc.permitted.has(key);
  const fields: Record<string, string> = {};
  const deniedFields: Record<string, string> = {};
  let deniedCode: string | null = null;
  let deniedMessage = '';
  const deny = (code: string, message: string, field: string) => {
    deniedCode ??= code;
    if (!deniedMessage) deniedMessage = message;
    deniedFields[field] = message;
  };

  // --- General
  let chargeBoxId: string;
  if (cur) {
    chargeBoxId = cur.charge_box_id;
    if (body.chargeBoxId != null && body.chargeBoxId !== cur.charge_box_id) fields.chargeBoxId = stationMessages.idImmutable;
  } else {
    chargeBoxId = body.chargeBoxId ?? '';
    if (chargeBoxId.trim() === '') fields.chargeBoxId = stationMessages.required;
    else if (/\s/.test(chargeBoxId)) fields.chargeBoxId = stationMessages.noBlanks;
    else if (chargeBoxId.includes('/')) fields.chargeBoxId = 'The ChargeBox ID must not contain "/".';
    else if (chargeBoxId.length > CHARGE_BOX_ID_MAX) fields.chargeBoxId = maxLength(CHARGE_BOX_ID_MAX);
  }

  const description = body.description !== undefined ? text(body.description) : (cur?.description ?? '');
  if (!description) fields.description = stationMessages.required;
  else if (description.length > 90) fields.description = maxLength(90);

  const endpointAddress = body.endpointAddress !== undefined ? text(body.endpointAddress) : (cur?.endpoint_address ?? '');
  if (endpointAddress.length > 25) fields.endpointAddress = maxLength(25);
  const externalId = body.externalId !== undefined ? text(body.externalId) : (cur?.external_id ?? '');
  if (externalId.length > 100) fields.externalId = maxLength(100);

  if (body.typeOf === null) fields.typeOf = stationMessages.required;
  const typeOf = body.typeOf ?? cur?.type_of ?? 'PUBLIC';

  if (!rc.tenant) fields.tenantPk = 'Unknown tenant.';
  if (rc.group === undefined) fields.chargeBoxGroupPk = 'Unknown station group.';

  const reservation = pick(body.reservation, cur?.reservation, false);
  const active = pick(body.active, cur?.active, true);
  const hubject = pick(body.isHubjectCompatible, cur?.is_hubject_compatible, false);
  const showLocation = pick(body.showLocation, cur?.show_location, true);

  const ocpiBefore = cur?.is_ocpi_compatible ?? false;
  const ocpi = pick(body.isOcpiCompatible, cur?.is_ocpi_compatible, false);
  if (ocpi !== ocpiBefore && !can(permissionKeys.ocpi))
    deny('OCPI_NOT_ALLOWED', 'Changing the OCPI compatibility needs the OCPI permission.', 'isOcpiCompatible');

  // --- Hours of operation
  const open24 = pick(body.isOpen_24Hours, cur?.is_open_24h, true);
  let openTime: string | null = null;
  let closeTime: string | null = null;
  if (!open24) {
    const o = body.openTime !== undefined ? text(body.openTime) : (cur?.open_time ?? '');
    const c = body.closeTime !== undefined ? text(body.closeTime) : (cur?.close_time ?? '');
    if (!o) fields.openTime = stationMessages.required;
    else if (!TIME.test(o)) fields.openTime = 'Invalid time (HH:mm:ss).';
    else openTime = normaliseTime(o);
    if (!c) fields.closeTime = stationMessages.required;
    else if (!TIME.test(c)) fields.closeTime = 'Invalid time (HH:mm:ss).';
    else closeTime = normaliseTime(c);
  }

  // --- Face reader
  const reader = pick(body.isTenantDeviceReader, cur?.is_tenant_device_reader, false);
  let mac: string | null = null;
  if (reader) {
    if (rc.tenant && !rc.tenant.tenant_device_reader) fields.isTenantDeviceReader = 'The tenant of this station has no device reader.';
    const m = body.deviceReaderMac !== undefined ? text(body.deviceReaderMac) : (cur?.device_reader_mac ?? '');
    if (!m) fields.deviceReaderMac = stationMessages.required;
    else if (m.length > 17 || !MAC.test(m))
      fields.deviceReaderMac = 'Invalid MAC address (hex pairs separated by colons, e.g. 00:1A:2B:3C:4D:5E).';
    else mac = m.toUpperCase();
  }

  // --- Address and location
  const country = rc.tenant?.country ?? cur?.country ?? 'BR';
  const a = body.address ?? {};
  const addr = {
    street: a.street !== undefined ? text(a.street) : (cur?.street ?? ''),
    houseNumber: a.houseNumber !== undefined ? text(a.houseNumber) : (cur?.house_number ?? ''),
    zipCode: a.zipCode !== undefined ? text(a.zipCode) : (cur?.zip_code ?? ''),
    city: a.city !== undefined ? text(a.city) : (cur?.city ?? ''),
    state: a.state !== undefined ? text(a.state) : (cur?.state ?? ''),
  };
  const required: (keyof typeof addr)[] = ['street'];
  if (hubject || addr.zipCode) required.push('houseNumber');
  if (hubject) required.push('zipCode', 'city', 'state');
  Object.assign(fields, addressFieldErrors(addr, { country, required }));

  const lat = body.locationLatitude !== undefined ? body.locationLatitude : (cur?.location_latitude ?? null);
  const lon = body.locationLongitude !== undefined ? body.locationLongitude : (cur?.location_longitude ?? null);
  if (lat == null) {
    if (showLocation || hubject) fields.locationLatitude = stationMessages.required;
  } else if (!(lat >= -90 && lat <= 90)) fields.locationLatitude = 'Latitude must be between -90 and 90.';
  if (lon == null) {
    if (showLocation || hubject || addr.zipCode) fields.locationLongitude = stationMessages.required;
  } else if (!(lon >= -180 && lon <= 180)) fields.locationLongitude = 'Longitude must be between -180 and 180.';

  if (!can(permissionKeys.editAddress)) checkAddressProvenance(rc, body, addr, lat, lon, deny);

  // --- Smart charging (advanced technical settings)
  const system = (body.system !== undefined ? body.system : (cur?.system ?? null)) as StationSystem | null;
  const phase = body.phase !== undefined ? body.phase || null : (cur?.phase ?? null);
  const voltage = body.voltage !== undefined ? body.voltage : (cur?.voltage ?? null);
  const rateUnit = body.chargingRateUnit !== undefined ? body.chargingRateUnit : (cur?.charging_rate_unit ?? null);
  const smartChanged =
    system !== (cur?.system ?? null) ||
    phase !== (cur?.phase ?? null) ||
    voltage !== (cur?.voltage ?? null) ||
    rateUnit !== (cur?.charging_rate_unit ?? null);
  if (smartChanged && !can(permissionKeys.smartCharging))
    deny('SMART_CHARGING_NOT_ALLOWED', 'The advanced technical settings need the smart-charging permission.', 'system');
  if (system) {
    if (phase !== null && !phaseOptions[system].includes(phase)) fields.phase = `Phase must be one of ${phaseOptions[system].join(', ')}.`;
    if (voltage !== null && !voltageOptions[system].includes(voltage))
      fields.voltage = `Voltage must be one of ${voltageOptions[system].join(', ')}.`;
  } else {
    if (phase !== null) fields.phase = 'Choose the system first.';
    if (voltage !== null && ![127, 220, 380].includes(voltage)) fields.voltage = 'Invalid voltage.';
  }

  // --- Connectors
  const stored = new Map(rc.currentConnectors.map((c) => [c.connector_id, c]));
  const seen = new Set<number>();
  const connectors: ConnectorValues[] = [];
  (body.connectors ?? []).forEach((c, i) => {
    const key = `connectors.${i}`;
    if (seen.has(c.connectorId)) {
      fields[`${key}.connectorId`] = 'Repeated connector id.';
      return;
    }
    seen.add(c.connectorId);
    const before = stored.get(c.connectorId);
    const typePk = c.connectorTypePk !== undefined ? c.connectorTypePk : (before?.connector_type_pk ?? null);
    if (typePk == null) fields[`${key}.connectorTypePk`] = stationMessages.required;
    else if (!rc.connectorTypes.has(typePk)) fields[`${key}.connectorTypePk`] = 'Unknown connector type.';
    const power = c.powerMax !== undefined ? c.powerMax : (before?.power_max ?? null);
    let custom = before?.power_max_custom ?? false;
    if (power !== (before?.power_max ?? null) || (system !== (cur?.system ?? null) && power !== null)) {
      const verdict = powerVerdict(power, system, voltage, can(permissionKeys.customPower));
      if (verdict.kind === 'denied') deny('CUSTOM_POWER_NOT_ALLOWED', verdict.message, `${key}.powerMax`);
      else if (verdict.kind === 'invalid') fields[`${key}.powerMax`] = verdict.message;
      else custom = verdict.custom;
    }
    connectors.push({
      connector_id: c.connectorId,
      connector_type_pk: typePk ?? null,
      power_max: power ?? null,
      power_max_custom: power === null ? false : custom,
      unusual_status: c.unusualStatus !== undefined ? c.unusualStatus : (before?.unusual_status ?? null),
      money_per_kilowatt_income:
        c.moneyPerKilowattIncome !== undefined ? c.moneyPerKilowattIncome : (before?.money_per_kilowatt_income ?? null),
      money_per_duration_income:
        c.moneyPerDurationIncome !== undefined ? c.moneyPerDurationIncome : (before?.money_per_duration_income ?? null),
    });
  });

  // --- Access control (private stations)
  let bindings: ResolvedStation['bindings'];
  if (typeOf === 'PUBLIC') bindings = cur ? [] : undefined;
  else if (body.bindUsers !== undefined) {
    const byUser = new Map<number, { user_pk: number; owner: boolean; bind_status: BindStatus }>();
    body.bindUsers.forEach((b, i) => {
      if (!rc.bindableUsers.has(b.user_pk)) fields[`bindUsers.${i}`] = stationMessages.userNotFound;
      else byUser.set(b.user_pk, { user_pk: b.user_pk, owner: b.owner, bind_status: b.bind_status });
    });
    bindings = [...byUser.values()];
  }

  // --- OCPP password
  let ocppPassword: string | null | undefined;
  if (body.ocppPassword === null || body.ocppPassword === '') ocppPassword = null;
  else if (typeof body.ocppPassword === 'string') {
    if (body.ocppPassword.length < 8 || body.ocppPassword.length > 40)
      fields.ocppPassword = 'The OCPP password must have 8 to 40 characters.';
    else ocppPassword = body.ocppPassword;
  }

  // --- Photos
  const { newPhotos, deletedPhotoUids } = resolvePhotos(body, rc.currentPhotos, fields);

  if (deniedCode) throw denied(deniedCode, deniedMessage, deniedFields);
  if (Object.keys(fields).length > 0) throw badRequest(stationMessages.saveFailed, fields, 'VALIDATION');

  const values: Record<string, unknown> = {
    ...(cur ? {} : { charge_box_id: chargeBoxId }),
    tenant_pk: rc.tenant!.tenant_pk,
    description,
    endpoint_address: orNull(endpointAddress),
    external_id: orNull(externalId),
    type_of: typeOf,
    charge_box_group_pk: rc.group ? rc.group.charge_box_group_pk : null,
    reservation,
    active,
    is_ocpi_compatible: ocpi,
    is_hubject_compatible: hubject,
    show_location: showLocation,
    location_latitude: lat,
    location_longitude: lon,
    street: orNull(addr.street),
    house_number: orNull(addr.houseNumber),
    zip_code: orNull(addr.zipCode),
    city: orNull(addr.city),
    state: orNull(addr.state),
    country,
    is_open_24h: open24,
    open_time: openTime,
    close_time: closeTime,
    is_tenant_device_reader: reader,
    device_reader_mac: mac,
    has_payment: pick(body.hasPayment, cur?.has_payment, false),
    payment_charge_type_cost: pick(body.paymentChargeTypeCost, cur?.payment_charge_type_cost, 'KWH'),
    payment_charge_type_income: pick(body.paymentChargeTypeIncome, cur?.payment_charge_type_income, 'KWH'),
    payment_charge_by_income: pick(body.paymentChargeByIncome, cur?.payment_charge_by_income, 'CHARGE_BOX'),
    money_per_kilowatt_cost: pick(body.moneyPerKilowattCost, cur?.money_per_kilowatt_cost, 0),
    money_per_duration_cost: pick(body.moneyPerDurationCost, cur?.money_per_duration_cost, 0),
    money_per_transaction_cost: pick(body.moneyPerTransactionCost, cur?.money_per_transaction_cost, 0),
    money_per_kilowatt_income: pick(body.moneyPerKilowattIncome, cur?.money_per_kilowatt_income, 0),
    money_per_duration_income: pick(body.moneyPerDurationIncome, cur?.money_per_duration_income, 0),
    money_per_transaction_income: pick(body.moneyPerTransactionIncome, cur?.money_per_transaction_income, 0),
    tax_income: pick(body.taxIncome, cur ? Number(cur.tax_income) : undefined, 0),
    system,
    phase,
    voltage,
    charging_rate_unit: rateUnit,
  };
  return { tenantPk: rc.tenant!.tenant_pk, values, ocppPassword, connectors, bindings, newPhotos, deletedPhotoUids };
}

type PowerVerdict = { kind: 'ok'; custom: boolean } | { kind: 'denied'; message: string } | { kind: 'invalid'; message: string };

/**
 * A connector power (W): a rated value allowed for the system is fine for everyone; anything
 * else is a free ("custom") power, which needs /stations/custom-powermax (001 §2, §9).
 */
export function powerVerdict(
  power: number | null,
  system: StationSystem | null,
  voltage: number | null,
  customAllowed: boolean,
): PowerVerdict {
  if (power === null) return { kind: 'ok', custom: false };
  if (power <= 0) return { kind: 'invalid', message: 'Power Max must be greater than zero.' };
  if (ratedPowersFor(system, voltage).includes(power)) return { kind: 'ok', custom: false };
  if (customAllowed) return { kind: 'ok', custom: true };
  if ((RATED_POWERS as readonly number[]).includes(power)) {
    return {
      kind: 'invalid',
      message: `This power is not available for the chosen system; choose one of ${ratedPowersFor(system, voltage).join(', ')} W.`,
    };
  }
  return { kind: 'denied', message: 'A free Power Max needs the custom-powermax permission; choose a rated power.' };
}

/**
 * Without /stations/allow_edit_address, city, state, street and coordinates may only come from the
 * look-ups (signed answers of GET users_data/ceps and GET geocode) or from the chosen group;
 * unchanged or cleared values are always fine (001 §4 Address lookup).
 */
function checkAddressProvenance(
  rc: RuleContext,
  body: ChargePointSave,
  addr: { street: string; zipCode: string; city: string; state: string },
  lat: number | null,
  lon: number | null,
  deny: (code: string, message: string, field: string) => void,
) {
  const cur = rc.current;
  const message = 'City, state, street and coordinates can only be filled by the zip-code and address look-ups.';
  const g = rc.group ?? null;
  const fromCep = rc.lookup.verifiedAddress(body.addressLookupToken);
  const cepMatches = fromCep !== null && fromCep.zipCode === digits(addr.zipCode);
  const check = (
    field: 'city' | 'state' | 'street',
    value: string,
    before: string | null | undefined,
    groupValue: string | null | undefined,
  ) => {
    if (value === '' || value === (before ?? '')) return;
    if (g && value === (groupValue ?? '')) return;
    if (cepMatches) {
      if (field === 'street' && (fromCep.street === 'N/A' || fromCep.street === '')) return;
      if (fromCep[field] === value) return;
    }
    deny('ADDRESS_EDIT_NOT_ALLOWED', message, `address.${field}`);
  };
  check('city', addr.city, cur?.city, g?.city);
  check('state', addr.state, cur?.state, g?.state);
  check('street', addr.street, cur?.street, g?.street);

  const fromGeo = rc.lookup.verifiedLocation(body.locationLookupToken);
  const sameAs = (x: number | null, y: number | null | undefined) => x !== null && y != null && sameCoordinate(x, y);
  const coordChanged = (lat !== null && !sameAs(lat, cur?.location_latitude)) || (lon !== null && !sameAs(lon, cur?.location_longitude));
  if (coordChanged) {
    const fromGroup = g && sameAs(lat, g.location_latitude) && sameAs(lon, g.location_longitude);
    const fromLookup = fromGeo && sameAs(lat, fromGeo.latitude) && sameAs(lon, fromGeo.longitude);
    if (!fromGroup && !fromLookup) deny('ADDRESS_EDIT_NOT_ALLOWED', message, 'locationLatitude');
  }
}

function resolvePhotos(body: ChargePointSave, stored: PhotoRow[], fields: Record<string, string>) {
  const deletedPhotoUids = (body.deletedPhotos ?? []).filter((uid) => stored.some((p) => p.uid === uid));
  const kept = stored.filter((p) => !deletedPhotoUids.includes(p.uid));
  const names = new Set(kept.map((p) => p.name.toLowerCase()));
  const newPhotos: NewPhoto[] = [];
  let incoming = 0;
  (body.photos ?? []).forEach((p, i) => {
    if (p.base64 === undefined) return; // an already stored photo listed by the form
    incoming++;
    const key = `photos.${i}`;
    const name = (p.name ?? '').trim().split(/[\\/]/).pop() ?? '';
    if (!name) {
      fields[key] = stationMessages.photoError;
      return;
    }
    if (names.has(name.toLowerCase())) {
      fields[key] = stationMessages.photoDuplicate;
      return;
    }
    names.add(name.toLowerCase());
    // Base64 is 4/3 of the bytes: reject obviously oversized payloads before decoding them.
    if (p.base64.length > Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 200) {
      fields[key] = stationMessages.photoSize;
      return;
    }
    const bytes = decodeBase64(p.base64);
    if (!bytes || bytes.length === 0) {
      fields[key] = stationMessages.photoError;
      return;
    }
    if (bytes.length >= MAX_PHOTO_BYTES) {
      fields[key] = stationMessages.photoSize;
      return;
    }
    const mime = photoMime(bytes);
    if (!mime) {
      fields[key] = stationMessages.photoType;
      return;
    }
    newPhotos.push({ name, mime, bytes });
  });
  if (kept.length + incoming > MAX_STATION_PHOTOS) fields.photos = stationMessages.photoMax;
  return { newPhotos, deletedPhotoUids };
}

/**
 * What a station owner may change on a station they own (docs/decisions.md, "Station owners"):
 * how it is presented and who may use it — description, hours of operation, photos and the access
 * list. Everything else (identity, tenant, type, group, address, payment and prices, electrical
 * data, connectors, the OCPP password, enabling it) stays with the operator.
 */
export const OWNER_EDITABLE_COLUMNS = new Set(['description', 'is_open_24h', 'open_time', 'close_time']);

const CONNECTOR_COLUMNS = [
  'connector_type_pk',
  'power_max',
  'unusual_status',
  'money_per_kilowatt_income',
  'money_per_duration_income',
] as const satisfies readonly (keyof ConnectorValues)[];

/** A stored value and a resolved one compared as the same value (numeric text and numbers, times with or without seconds). */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => {
    if (v === undefined || v === '') return null;
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
    if (typeof v === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(v)) return normaliseTime(v);
    return v;
  };
  return norm(a) === norm(b);
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The fields an owner's save would change beyond what an owner may change, as field errors
 * (empty when the save is within the owner's rights). Compared on the resolved values, so a form
 * that sends every field unchanged passes.
 */
export function ownerForbiddenChanges(r: ResolvedStation, current: StationRow): Record<string, string> {
  const fields: Record<string, string> = {};
  const stored = current as unknown as Record<string, unknown>;
  for (const [column, value] of Object.entries(r.values)) {
    if (OWNER_EDITABLE_COLUMNS.has(column) || !(column in stored)) continue;
    if (!sameValue(stored[column], value)) fields[camel(column)] = stationMessages.ownerCannotChange;
  }
  if (r.ocppPassword !== undefined) fields.ocppPassword = stationMessages.ownerCannotChange;
  const before = new Map(current.connectors.map((c) => [c.connector_id, c as unknown as Record<string, unknown>]));
  const changedConnectors =
    r.connectors.length > 0 &&
    (r.connectors.length !== current.connectors.filter((c) => c.connector_id > 0).length ||
      r.connectors.some((c) => {
        const b = before.get(c.connector_id);
        return !b || CONNECTOR_COLUMNS.some((k) => !sameValue(b[k], c[k]));
      }));
  if (changedConnectors) fields.connectors = stationMessages.ownerCannotChange;
  return fields;
}
