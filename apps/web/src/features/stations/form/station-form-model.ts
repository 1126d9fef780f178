import dayjs, { type Dayjs } from 'dayjs';
import type { ChargePointDetail, ChargePointSave, StationSystem } from '@recarga/contracts/stations';
import { addressFormValues, type AddressFormValues } from '../../../lib/address-form-values';
import { closeTimeToForm, closeTimeToSave } from '../utils/hours';
import { minorToMoneyText, moneyTextToMinor, percentToTax, taxToPercent } from '../utils/money-input';
import { kwToW, wToKw } from '../utils/power';

export type ChargeType = 'KWH' | 'DURATION';
export type ChargeBy = 'CHARGE_BOX' | 'CONNECTOR';
/** Connector status choice: Automatic (null on the server) or a manual status. */
export type UnusualStatus = 'AUTOMATIC' | 'MAINTENANCE' | 'UNAVAILABLE';

export interface ConnectorFormValues {
  connectorId: number;
  connectorTypePk: number | null;
  /** W, chosen from the rated list. */
  powerMax: number | null;
  /** kW, typed freely (custom-powermax permission). */
  powerMaxKw: number | null;
  unusualStatus: UnusualStatus;
  moneyPerKilowattIncome: string;
  moneyPerDurationIncome: string;
}

/** A photo of the form: stored (uid from the server) or new (base64 data URL). */
export interface PhotoFormValue {
  uid: string;
  name: string;
  status?: 'done' | 'error' | 'uploading' | 'removed';
  /** Data URL of a new photo. */
  base64?: string;
  /** True for photos already stored on the station. */
  stored?: boolean;
  thumbUrl?: string;
  url?: string;
}

export interface StationFormValues {
  chargeBoxId: string;
  endpointAddress: string;
  description: string;
  externalId: string;
  tenantPk: number | undefined;
  typeOf: 'PUBLIC' | 'PRIVATE';
  chargeBoxGroupPk: number | null;
  reservation: boolean;
  active: boolean;
  isOcpiCompatible: boolean;
  isTenantDeviceReader: boolean;
  deviceReaderMac: string;
  owners: number[];
  accessUsers: number[];
  isOpen_24Hours: boolean;
  openTime: Dayjs | null;
  closeTime: Dayjs | null;
  system: StationSystem | null;
  phase: string | null;
  voltage: number | null;
  chargingRateUnit: 'A' | 'W' | null;
  connectors: ConnectorFormValues[];
  address: AddressFormValues;
  showLocation: boolean;
  locationLatitude: number | null;
  locationLongitude: number | null;
  hasPayment: boolean;
  paymentChargeTypeCost: ChargeType;
  paymentChargeTypeIncome: ChargeType;
  paymentChargeByIncome: ChargeBy;
  moneyPerKilowattCost: string;
  moneyPerDurationCost: string;
  moneyPerTransactionCost: string;
  moneyPerKilowattIncome: string;
  moneyPerDurationIncome: string;
  moneyPerTransactionIncome: string;
  /** Percent (×100 of the stored fraction). */
  taxIncome: number;
  photos: PhotoFormValue[];
}

/** What the user may change, from the permission keys and roles (001 §2, §6). */
export interface FormCapabilities {
  ocpi: boolean;
  smartCharging: boolean;
  customPower: boolean;
  payment: boolean;
}

function timeToDayjs(time: string | null | undefined): Dayjs | null {
  if (!time) return null;
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return dayjs().hour(Number(h)).minute(Number(m)).second(Number(s)).millisecond(0);
}

function dayjsToTime(value: Dayjs | null | undefined): string | null {
  return value ? value.format('HH:mm:ss') : null;
}

/** Defaults of a new station (001 §4, §9): active, public, open 24 hours, zero costs, KWH, CHARGE_BOX. */
export function newStationValues(tenantPk: number | undefined, country: string): StationFormValues {
  return {
    chargeBoxId: '',
    endpointAddress: '',
    description: '',
    externalId: '',
    tenantPk,
    typeOf: 'PUBLIC',
    chargeBoxGroupPk: null,
    reservation: false,
    active: true,
    isOcpiCompatible: false,
    isTenantDeviceReader: false,
    deviceReaderMac: '',
    owners: [],
    accessUsers: [],
    isOpen_24Hours: true,
    openTime: null,
    closeTime: null,
    system: null,
    phase: null,
    voltage: null,
    chargingRateUnit: null,
    connectors: [],
    address: { zipCode: '', street: '', houseNumber: '', city: '', state: '', country },
    showLocation: true,
    locationLatitude: null,
    locationLongitude: null,
    hasPayment: false,
    paymentChargeTypeCost: 'KWH',
    paymentChargeTypeIncome: 'KWH',
    paymentChargeByIncome: 'CHARGE_BOX',
    moneyPerKilowattCost: '0',
    moneyPerDurationCost: '0',
    moneyPerTransactionCost: '0',
    moneyPerKilowattIncome: '0',
    moneyPerDurationIncome: '0',
    moneyPerTransactionIncome: '0',
    taxIncome: 0,
    photos: [],
  };
}

/** The stored station as form values (connectors sorted by id, close time 23:59:59 as 00:00:00, tax ×100). */
export function detailToFormValues(d: ChargePointDetail, separator = ','): StationFormValues {
  const money = (minor: number | null | undefined) => minorToMoneyText(minor ?? 0, separator);
  return {
    chargeBoxId: d.chargeBoxId,
    endpointAddress: d.endpointAddress ?? '',
    description: d.description ?? '',
    externalId: d.externalId ?? '',
    tenantPk: d.tenantPk,
    typeOf: d.typeOf,
    chargeBoxGroupPk: d.chargeBoxGroupPk,
    reservation: d.reservation,
    active: d.active,
    isOcpiCompatible: d.isOcpiCompatible,
    isTenantDeviceReader: d.isTenantDeviceReader,
    deviceReaderMac: d.deviceReaderMac ?? '',
    owners: d.bindUsers.filter((b) => b.owner).map((b) => b.user_pk),
    accessUsers: d.bindUsers.filter((b) => b.bind_status === 'ACCEPTED').map((b) => b.user_pk),
    isOpen_24Hours: d.isOpen_24Hours,
    openTime: timeToDayjs(d.openTime),
    closeTime: timeToDayjs(closeTimeToForm(d.closeTime)),
    system: d.system,
    phase: d.phase,
    voltage: d.voltage,
    chargingRateUnit: d.chargingRateUnit,
    connectors: [...d.connectors]
      .sort((a, b) => a.connectorId - b.connectorId)
      .map((c) => ({
        connectorId: c.connectorId,
        connectorTypePk: c.connectorTypePk,
        powerMax: c.powerMax,
        powerMaxKw: c.powerMax === null ? null : wToKw(c.powerMax),
        unusualStatus: c.unusualStatus ?? 'AUTOMATIC',
        moneyPerKilowattIncome: money(c.moneyPerKilowattIncome),
        moneyPerDurationIncome: money(c.moneyPerDurationIncome),
      })),
    address: addressFormValues(d.address),
    showLocation: d.showLocation,
    locationLatitude: d.locationLatitude,
    locationLongitude: d.locationLongitude,
    hasPayment: d.hasPayment,
    paymentChargeTypeCost: d.paymentChargeTypeCost,
    paymentChargeTypeIncome: d.paymentChargeTypeIncome,
    paymentChargeByIncome: d.paymentChargeByIncome,
    moneyPerKilowattCost: money(d.moneyPerKilowattCost),
    moneyPerDurationCost: money(d.moneyPerDurationCost),
    moneyPerTransactionCost: money(d.moneyPerTransactionCost),
    moneyPerKilowattIncome: money(d.moneyPerKilowattIncome),
    moneyPerDurationIncome: money(d.moneyPerDurationIncome),
    moneyPerTransactionIncome: money(d.moneyPerTransactionIncome),
    taxIncome: taxToPercent(d.taxIncome),
    photos: d.photos.map((p) => ({ uid: p.uid, name: p.name, status: 'done', stored: true })),
  };
}

interface PayloadContext {
  /** null when creating. */
  current: ChargePointDetail | null;
  capabilities: FormCapabilities;
  addressLookupToken: string | null;
  locationLookupToken: string | null;
}

const trimmed = (v: string | null | undefined) => (v ?? '').trim();

/**
 * Form values → the save call body (POST/PUT chargepoints). Close time 00:00:00 goes back as
 * 23:59:59, tax ÷100, money in minor units, free kW in W; fields the user may not change are left
 * out so the server keeps them.
 */
export function formValuesToPayload(v: StationFormValues, ctx: PayloadContext): ChargePointSave {
  const { capabilities: can, current } = ctx;
  const body: ChargePointSave = {
    endpointAddress: trimmed(v.endpointAddress),
    description: trimmed(v.description),
    externalId: trimmed(v.externalId),
    tenantPk: v.tenantPk ?? null,
    typeOf: v.typeOf,
    chargeBoxGroupPk: v.chargeBoxGroupPk ?? null,
    reservation: v.reservation,
    active: v.active,
    isTenantDeviceReader: v.isTenantDeviceReader,
    deviceReaderMac: v.isTenantDeviceReader ? trimmed(v.deviceReaderMac).toUpperCase() : null,
    isOpen_24Hours: v.isOpen_24Hours,
    openTime: v.isOpen_24Hours ? null : dayjsToTime(v.openTime),
    closeTime: v.isOpen_24Hours ? null : closeTimeToSave(dayjsToTime(v.closeTime)),
    address: {
      zipCode: trimmed(v.address.zipCode),
      street: trimmed(v.address.street),
      houseNumber: trimmed(v.address.houseNumber),
      city: trimmed(v.address.city),
      state: trimmed(v.address.state),
    },
    showLocation: v.showLocation,
    locationLatitude: v.locationLatitude ?? null,
    locationLongitude: v.locationLongitude ?? null,
    addressLookupToken: ctx.addressLookupToken,
    locationLookupToken: ctx.locationLookupToken,
  };
  if (!current) body.chargeBoxId = trimmed(v.chargeBoxId);
  if (can.ocpi) body.isOcpiCompatible = v.isOcpiCompatible;
  if (can.smartCharging) {
    body.system = v.system ?? null;
    body.phase = v.phase ?? null;
    body.voltage = v.voltage ?? null;
    body.chargingRateUnit = v.chargingRateUnit ?? null;
  }
  if (v.typeOf === 'PRIVATE') {
    const users = [...new Set([...v.owners, ...v.accessUsers])];
    body.bindUsers = users.map((user_pk) => ({
      user_pk,
      owner: v.owners.includes(user_pk),
      bind_status: v.accessUsers.includes(user_pk) ? 'ACCEPTED' : 'NOT_REQUESTED',
    }));
  }
  if (v.connectors.length > 0) {
    body.connectors = v.connectors.map((c) => {
      const power = can.customPower
        ? c.powerMaxKw === null || c.powerMaxKw === undefined
          ? null
          : kwToW(c.powerMaxKw)
        : (c.powerMax ?? null);
      return {
        connectorId: c.connectorId,
        connectorTypePk: c.connectorTypePk ?? null,
        powerMax: power,
        ...(can.payment
          ? {
              moneyPerKilowattIncome: moneyTextToMinor(c.moneyPerKilowattIncome),
              moneyPerDurationIncome: moneyTextToMinor(c.moneyPerDurationIncome),
            }
          : {}),
      };
    });
  }
  if (can.payment) {
    Object.assign(body, {
      hasPayment: v.hasPayment,
      paymentChargeTypeCost: v.paymentChargeTypeCost,
      paymentChargeTypeIncome: v.paymentChargeTypeIncome,
      paymentChargeByIncome: v.paymentChargeByIncome,
      moneyPerKilowattCost: moneyTextToMinor(v.moneyPerKilowattCost),
      moneyPerDurationCost: moneyTextToMinor(v.moneyPerDurationCost),
      moneyPerTransactionCost: moneyTextToMinor(v.moneyPerTransactionCost),
      moneyPerKilowattIncome: moneyTextToMinor(v.moneyPerKilowattIncome),
      moneyPerDurationIncome: moneyTextToMinor(v.moneyPerDurationIncome),
      moneyPerTransactionIncome: moneyTextToMinor(v.moneyPerTransactionIncome),
      taxIncome: percentToTax(v.taxIncome),
    });
  }
  const kept = new Set(v.photos.filter((p) => p.stored).map((p) => p.uid));
  body.photos = v.photos.filter((p) => !p.stored && p.base64).map((p) => ({ name: p.name, base64: p.base64 }));
  body.deletedPhotos = (current?.photos ?? []).filter((p) => !kept.has(p.uid)).map((p) => p.uid);
  return body;
}

/**
 * A server field key (`address.street`, `connectors.0.powerMax`, `bindUsers.2`) → the form field
 * name that shows it, or null when no field matches (the text is then shown as a warning).
 */
export function formFieldOf(key: string): (string | number)[] | null {
  const parts = key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [head] = parts;
  if (head === 'bindUsers') return ['owners'];
  if (head === 'photos') return ['photos'];
  if (head === 'tenant_pk') return ['tenantPk'];
  const known = new Set<string | number>([
    'chargeBoxId',
    'endpointAddress',
    'description',
    'externalId',
    'tenantPk',
    'typeOf',
    'chargeBoxGroupPk',
    'isOcpiCompatible',
    'isTenantDeviceReader',
    'deviceReaderMac',
    'openTime',
    'closeTime',
    'system',
    'phase',
    'voltage',
    'chargingRateUnit',
    'connectors',
    'address',
    'locationLatitude',
    'locationLongitude',
    'taxIncome',
    'moneyPerKilowattCost',
    'moneyPerDurationCost',
    'moneyPerTransactionCost',
    'moneyPerKilowattIncome',
    'moneyPerDurationIncome',
    'moneyPerTransactionIncome',
  ]);
  if (!known.has(head)) return null;
  if (head === 'connectors' && parts[2] === 'powerMax') return ['connectors', parts[1], 'powerMax'];
  return parts;
}
