import type { CentralSystemAction, CentralSystemActions } from '@recarga/contracts/ocpp';
import { AppError } from '../platform/errors';
import { BusNoResponderError, BusTimeoutError, type Bus } from '../platform/bus';
import { subjectToken } from '../platform/bus-subjects';

/** Bus subject answered by the node holding a station's socket. */
export function stationSubject(chargeBoxId: string): string {
  return `ocpp.cp.${subjectToken(chargeBoxId)}`;
}

/** What travels on the bus to the holding node. */
export interface StationCallRequest {
  action: string;
  payload: unknown;
  timeoutMs: number;
}

/** The holding node's reply (errors do not cross the bus as exceptions). */
export type StationCallReply =
  | { ok: true; result: unknown }
  | {
      ok: false;
      error:
        | { kind: 'timeout' }
        | { kind: 'offline'; message: string }
        | { kind: 'not_supported'; message: string }
        | { kind: 'invalid_request'; code: string; message: string }
        | { kind: 'invalid_response'; code: string; message: string }
        | { kind: 'call_error'; code: string; message: string; details: unknown };
    };

const DEFAULT_CALL_TIMEOUT_MS = 30_000;
/** Extra time the bus waits beyond the station call's own timeout (queueing, network). */
const BUS_MARGIN_MS = 2_000;

export class StationOfflineError extends AppError {
  constructor(public readonly chargeBoxId: string) {
    super(409, 'STATION_OFFLINE', `Station ${chargeBoxId} is not connected`);
  }
}

export class StationTimeoutError extends AppError {
  constructor(
    public readonly chargeBoxId: string,
    timeoutMs: number,
  ) {
    super(504, 'STATION_TIMEOUT', `Station ${chargeBoxId} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  }
}

/** The station answered with a CALLERROR. */
export class StationCallError extends AppError {
  constructor(
    public readonly chargeBoxId: string,
    public readonly ocppErrorCode: string,
    public readonly ocppErrorDescription: string,
    public readonly ocppErrorDetails: unknown,
  ) {
    super(
      502,
      'STATION_CALL_ERROR',
      `Station ${chargeBoxId} answered ${ocppErrorCode}${ocppErrorDescription ? `: ${ocppErrorDescription}` : ''}`,
      {
        errorCode: ocppErrorCode,
      },
    );
  }
}

/** The station answered, but not with a valid payload for the action. */
export class StationResponseInvalidError extends AppError {
  constructor(
    public readonly chargeBoxId: string,
    public readonly ocppErrorCode: string,
    detail: string,
  ) {
    super(502, 'STATION_RESPONSE_INVALID', `Station ${chargeBoxId} answered with an invalid payload (${detail})`);
  }
}

/** The command cannot be expressed in the station's protocol (1.6-only commands on a 1.5 station). */
export class NotSupportedByProtocolError extends AppError {
  constructor(
    public readonly chargeBoxId: string,
    detail: string,
  ) {
    super(422, 'NOT_SUPPORTED_BY_PROTOCOL', `Station ${chargeBoxId}: ${detail}`);
  }
}

/** The command's payload is not valid for the action (OCPP schema). */
export class InvalidCommandError extends AppError {
  constructor(
    public readonly ocppErrorCode: string,
    detail: string,
  ) {
    super(400, 'VALIDATION', `Invalid command: ${detail}`, { payload: detail });
  }
}

/**
 * Sends an OCPP command to a station and returns its answer (OCPP 1.6 model; a 1.5 station's
 * command and answer are translated by the node holding it). Works from any node: the request
 * goes through the bus to the node holding the socket. Throws StationOfflineError,
 * StationTimeoutError, StationCallError (CALLERROR), StationResponseInvalidError,
 * NotSupportedByProtocolError or InvalidCommandError — all AppErrors with an HTTP status.
 */
export async function callStation<A extends CentralSystemAction>(
  bus: Bus,
  chargeBoxId: string,
  action: A,
  payload: CentralSystemActions[A]['request'],
  opts: { timeoutMs?: number } = {},
): Promise<CentralSystemActions[A]['response']> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const request: StationCallRequest = { action, payload, timeoutMs };
  let reply: StationCallReply;
  try {
    reply = (await bus.request(stationSubject(chargeBoxId), request, timeoutMs + BUS_MARGIN_MS)) as StationCallReply;
  } catch (err) {
    if (err instanceof BusNoResponderError) throw new StationOfflineError(chargeBoxId);
    if (err instanceof BusTimeoutError) throw new StationTimeoutError(chargeBoxId, timeoutMs);
    throw err;
  }
  if (reply.ok) return reply.result as CentralSystemActions[A]['response'];
  const e = reply.error;
  switch (e.kind) {
    case 'timeout':
      throw new StationTimeoutError(chargeBoxId, timeoutMs);
    case 'offline':
      throw new StationOfflineError(chargeBoxId);
    case 'not_supported':
      throw new NotSupportedByProtocolError(chargeBoxId, e.message);
    case 'invalid_request':
      throw new InvalidCommandError(e.code, e.message);
    case 'invalid_response':
      throw new StationResponseInvalidError(chargeBoxId, e.code, e.message);
    case 'call_error':
      throw new StationCallError(chargeBoxId, e.code, e.message, e.details);
  }
}

/** Asks whichever node holds the station's socket to close it (station deleted, password changed). */
export function disconnectStation(bus: Bus, chargeBoxId: string) {
  bus.publish(`ocpp.disconnect.${subjectToken(chargeBoxId)}`, { chargeBoxId });
}
