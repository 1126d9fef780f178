import type { ChargePointErrorCode, ChargePointStatus, MeterValue, SampledValue } from '@recarga/contracts/ocpp';

/**
 * OCPP 1.5 <-> 1.6 at the edge: a 1.5 station's messages are turned into the 1.6 model before
 * any business code sees them, and the 1.6 answers and commands are turned back into 1.5.
 */

type Payload = Record<string, unknown>;

interface Reading15 {
  value: string;
  context?: string;
  format?: string;
  measurand?: string;
  location?: string;
  unit?: string;
}
interface MeterValue15 {
  timestamp: string;
  value?: Reading15[];
  values?: Reading15[];
}

/** 1.5 "Occupied" covers 1.6 Preparing, Charging, SuspendedEV(SE) and Finishing; Charging is the closest single state. */
const status15to16: Record<string, ChargePointStatus> = {
  Available: 'Available',
  Occupied: 'Charging',
  Faulted: 'Faulted',
  Unavailable: 'Unavailable',
  Reserved: 'Reserved',
};

const errorCode15to16: Record<string, ChargePointErrorCode> = { Mode3Error: 'EVCommunicationError' };

const unit15to16: Record<string, string> = { Amp: 'A', Volt: 'V' };

function meterValue15to16(mv: MeterValue15): MeterValue {
  const readings = mv.value ?? mv.values ?? [];
  return {
    timestamp: mv.timestamp,
    sampledValue: readings.map((r) => {
      const out: Payload = { value: r.value };
      if (r.context !== undefined) out.context = r.context;
      if (r.format !== undefined) out.format = r.format;
      if (r.measurand !== undefined) out.measurand = r.measurand;
      if (r.location !== undefined) out.location = r.location;
      if (r.unit !== undefined) out.unit = unit15to16[r.unit] ?? r.unit;
      return out as unknown as SampledValue;
    }),
  };
}

/** A validated 1.5 request from a station, as the 1.6 request the handlers take. */
export function request15to16(action: string, params: Payload): Payload {
  switch (action) {
    case 'StatusNotification': {
      const out: Payload = { ...params };
      out.status = status15to16[params.status as string] ?? params.status;
      out.errorCode = errorCode15to16[params.errorCode as string] ?? params.errorCode;
      return out;
    }
    case 'MeterValues': {
      const { values, ...rest } = params as { values?: MeterValue15[] } & Payload;
      return { ...rest, meterValue: (values ?? []).map(meterValue15to16) };
    }
    case 'StopTransaction': {
      const { transactionData, ...rest } = params as { transactionData?: { values?: MeterValue15[] }[] } & Payload;
      if (!transactionData) return rest;
      return { ...rest, transactionData: transactionData.flatMap((d) => (d.values ?? []).map(meterValue15to16)) };
    }
    default:
      return params;
  }
}

/** The 1.6 answer of a handler, as the 1.5 answer the station expects. */
export function response16to15(action: string, result: Payload): Payload {
  if (action === 'BootNotification') {
    return {
      status: result.status === 'Accepted' ? 'Accepted' : 'Rejected',
      currentTime: result.currentTime,
      heartbeatInterval: result.interval,
    };
  }
  return result;
}

/** A 1.6 command for a 1.5 station; throws a NotSupported message when 1.5 cannot express it. */
export function command16to15(action: string, payload: Payload): Payload {
  switch (action) {
    case 'RemoteStartTransaction':
      if (payload.chargingProfile !== undefined) throw new Error('OCPP 1.5 has no charging profiles in RemoteStartTransaction');
      return payload;
    case 'SendLocalList': {
      const { localAuthorizationList, ...rest } = payload;
      return localAuthorizationList === undefined ? rest : { ...rest, localAuthorisationList: localAuthorizationList };
    }
    default:
      return payload;
  }
}

/** A 1.5 station's answer to a command, as the 1.6 answer. */
export function commandResult15to16(action: string, result: Payload): Payload {
  switch (action) {
    case 'UnlockConnector':
      return { status: result.status === 'Accepted' ? 'Unlocked' : 'UnlockFailed' };
    case 'SendLocalList':
      return { status: result.status === 'HashError' ? 'Failed' : result.status };
    default:
      return result;
  }
}
