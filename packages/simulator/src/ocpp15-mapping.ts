import type { ChargePointErrorCode, ChargePointStatus, MeterValue } from '@recarga/contracts/ocpp';
import { measurands15 } from '@recarga/contracts/ocpp15-schemas';

/**
 * Translation between the simulator's OCPP 1.6 model and OCPP 1.5 messages, applied at the
 * websocket edge of a station speaking "ocpp1.5". `undefined` means "1.5 has no such message:
 * do not send it".
 */

type Payload = Record<string, unknown>;

const STATUS_15: Record<ChargePointStatus, string> = {
  Available: 'Available',
  Preparing: 'Occupied',
  Charging: 'Occupied',
  SuspendedEVSE: 'Occupied',
  SuspendedEV: 'Occupied',
  Finishing: 'Occupied',
  Reserved: 'Reserved',
  Unavailable: 'Unavailable',
  Faulted: 'Faulted',
};

const ERROR_15: Partial<Record<ChargePointErrorCode, string>> = {
  EVCommunicationError: 'Mode3Error',
  InternalError: 'OtherError',
  LocalListConflict: 'OtherError',
  OverVoltage: 'OtherError',
};

const MEASURANDS_15 = new Set<string>(measurands15);
const UNITS_15: Record<string, string> = { Wh: 'Wh', kWh: 'kWh', W: 'W', kW: 'kW', A: 'Amp', V: 'Volt', Celsius: 'Celsius' };
const CONTEXTS_15 = new Set([
  'Interruption.Begin',
  'Interruption.End',
  'Sample.Clock',
  'Sample.Periodic',
  'Transaction.Begin',
  'Transaction.End',
]);
const LOCATIONS_15 = new Set(['Inlet', 'Outlet', 'Body']);

export function statusTo15(status: ChargePointStatus): string {
  return STATUS_15[status];
}

function meterValueTo15(mv: MeterValue): Payload | undefined {
  const value: Payload[] = [];
  for (const s of mv.sampledValue) {
    if (s.measurand && !MEASURANDS_15.has(s.measurand)) continue;
    if (s.unit && !UNITS_15[s.unit]) continue;
    const out: Payload = { value: s.value };
    if (s.context) out.context = CONTEXTS_15.has(s.context) ? s.context : 'Sample.Periodic';
    if (s.measurand) out.measurand = s.measurand;
    if (s.location && LOCATIONS_15.has(s.location)) out.location = s.location;
    if (s.unit) out.unit = UNITS_15[s.unit];
    value.push(out);
  }
  return value.length ? { timestamp: mv.timestamp, value } : undefined;
}

function meterValuesTo15(list: MeterValue[] | undefined): Payload[] {
  return (list ?? []).map(meterValueTo15).filter((v): v is Payload => v !== undefined);
}

/** A charge-point-initiated request, 1.6 model -> 1.5 wire. */
export function requestTo15(action: string, payload: Payload): Payload | undefined {
  switch (action) {
    case 'StatusNotification': {
      const { status, errorCode, ...rest } = payload as { status: ChargePointStatus; errorCode: ChargePointErrorCode };
      return { ...rest, status: statusTo15(status), errorCode: ERROR_15[errorCode] ?? errorCode };
    }
    case 'MeterValues': {
      const { meterValue, ...rest } = payload as { meterValue: MeterValue[] };
      return { ...rest, values: meterValuesTo15(meterValue) };
    }
    case 'StopTransaction': {
      const { transactionData, reason: _reason, ...rest } = payload as { transactionData?: MeterValue[]; reason?: string };
      const values = meterValuesTo15(transactionData);
      return values.length ? { ...rest, transactionData: [{ values }] } : rest;
    }
    case 'DiagnosticsStatusNotification':
      return ['Uploaded', 'UploadFailed'].includes(payload.status as string) ? payload : undefined;
    case 'FirmwareStatusNotification':
      return ['Downloaded', 'DownloadFailed', 'InstallationFailed', 'Installed'].includes(payload.status as string) ? payload : undefined;
    default:
      return payload;
  }
}

/** The central system's answer to a charge-point request, 1.5 wire -> 1.6 model. */
export function responseFrom15(action: string, response: Payload): Payload {
  if (action === 'BootNotification') {
    const { heartbeatInterval, ...rest } = response as { heartbeatInterval: number };
    return { ...rest, interval: heartbeatInterval };
  }
  return response;
}

/** A central-system command, 1.5 wire -> 1.6 model. */
export function commandFrom15(action: string, params: Payload): Payload {
  if (action === 'SendLocalList') {
    const { localAuthorisationList, hash: _hash, ...rest } = params as { localAuthorisationList?: unknown; hash?: string };
    return localAuthorisationList === undefined ? rest : { ...rest, localAuthorizationList: localAuthorisationList };
  }
  return params;
}

/** The station's answer to a command, 1.6 model -> 1.5 wire. */
export function resultTo15(action: string, result: Payload): Payload {
  if (action === 'UnlockConnector') {
    return { status: result.status === 'Unlocked' ? 'Accepted' : 'Rejected' };
  }
  if (action === 'ChangeConfiguration' && result.status === 'RebootRequired') {
    return { status: 'Accepted' };
  }
  return result;
}
