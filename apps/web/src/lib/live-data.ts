import type { LiveChargeBoxMessage, LiveConnectorStatus, LiveNotification, LiveStats } from '@recarga/contracts/live';
import { INT4_MAX } from '@recarga/contracts/int4';
import { notificationTypes } from '@recarga/contracts/notification-types';

/*
 * The data of live messages, checked against the shapes of packages/contracts (live.ts) without
 * zod: the live connection runs on every signed-in screen, and zod's schemas would add 25 KB
 * (gzip) to each first load. Each reader covers every field of its contract type (the compiler
 * checks that none is missing) and live-data.test.ts holds it to the zod schema's verdict on
 * valid messages and on every field missing, null or of the wrong type. Like the schema, a
 * reader returns a copy holding only the contract's fields.
 */

const invalid = Symbol('invalid');
type Reader<T> = (value: unknown) => T | typeof invalid;

const string: Reader<string> = (v) => (typeof v === 'string' ? v : invalid);
const boolean: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : invalid);
const number: Reader<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : invalid);
const int: Reader<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : invalid);
const int4: Reader<number> = (v) => (Number.isSafeInteger(v) && (v as number) <= INT4_MAX ? (v as number) : invalid);

const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (v) =>
    v === null ? null : read(v);
const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (v) =>
    v === undefined ? undefined : read(v);
const oneOf =
  <T extends string>(values: readonly T[]): Reader<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : invalid;
const array =
  <T>(read: Reader<T>): Reader<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return invalid;
    const out: T[] = [];
    for (const item of v) {
      const value = read(item);
      if (value === invalid) return invalid;
      out.push(value);
    }
    return out;
  };
const object =
  <T>(shape: { [K in keyof T]-?: Reader<T[K]> }): Reader<T> =>
  (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return invalid;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const value = shape[key](input[key]);
      if (value === invalid) return invalid;
      if (value !== undefined || key in input) out[key] = value;
    }
    return out as T;
  };

const readChargePoint = object<LiveChargeBoxMessage['chargePoint']>({
  chargeBoxPk: int4,
  chargeBoxId: string,
  description: nullable(string),
  active: boolean,
  locationLatitude: nullable(number),
  locationLongitude: nullable(number),
  origin: oneOf(['MOVE', 'PLUG_SHARE']),
  ocppProtocol: nullable(string),
  chargePointVendor: nullable(string),
  online: boolean,
  lastHeartbeatTimestamp: nullable(string),
  firmwareStatus: nullable(string),
  firmwareStatusTimestamp: nullable(string),
  diagnosticsStatus: nullable(string),
  diagnosticsStatusTimestamp: nullable(string),
  connectors: array(
    object<LiveChargeBoxMessage['chargePoint']['connectors'][number]>({
      connectorId: int4,
      connectorType: nullable(string),
      lastStatus: object({ status: nullable(string), usage: optional(number) }),
    }),
  ),
});

const readers = {
  chargeBox: object<LiveChargeBoxMessage>({ type: oneOf(['update', 'insert', 'delete']), chargePoint: readChargePoint }),
  connectorStatus: object<LiveConnectorStatus>({
    chargeBoxId: string,
    connectorId: int4,
    status: string,
    errorCode: string,
    timestamp: string,
  }),
  notification: object<LiveNotification>({
    chargeBoxId: string,
    chargeBoxName: string,
    connectorId: nullable(int4),
    type: oneOf(notificationTypes),
    notificationTimestampDT: string,
    userName: nullable(string),
    transactionId: nullable(int4),
    connectorErrorMsg: nullable(string),
    connectorErrorCode: nullable(string),
    addressState: nullable(string),
    addressCity: nullable(string),
    addressStreet: nullable(string),
  }),
  stats: object<LiveStats>({
    users: object({ total: int, inUse: int, notUsing: int }),
    stations: object({ total: int, inUse: int, available: int, unavailable: int, maintenance: int }),
    energy: object({ consumption: number, coin: string }),
    co2Saved: number,
    treePercentageGoal: number,
    cultivatedTree: int,
    at: string,
  }),
};

function read<T>(reader: Reader<T>, data: unknown): T | null {
  const value = reader(data);
  return value === invalid ? null : value;
}

/** `<apiKey>/chargeBox`: a station added, changed or deleted; null when the data is not one. */
export const readLiveChargeBox = (data: unknown): LiveChargeBoxMessage | null => read(readers.chargeBox, data);
/** `<apiKey>/chargeBox/<id>/status` and `…/connector/<n>/status`: a status change; null when not one. */
export const readLiveConnectorStatus = (data: unknown): LiveConnectorStatus | null => read(readers.connectorStatus, data);
/** `<apiKey>/notification/chargeBox`: a station event; null when not one. */
export const readLiveNotification = (data: unknown): LiveNotification | null => read(readers.notification, data);
/** `<apiKey>/stats`: the dashboard's live figures; null when not them. */
export const readLiveStats = (data: unknown): LiveStats | null => read(readers.stats, data);
