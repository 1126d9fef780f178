import type { CommandBody, OperationCommand, TaskErrorCode } from '@recarga/contracts/operations';
import type { AuthorizationData, CentralSystemActions, ChargingProfile } from '@recarga/contracts/ocpp';
import type { StoredProfile } from './charging-profile-repository';

/** What one station is sent: the OCPP action and payload, or why it is not sent at all. */
export type StationCommand =
  { action: keyof CentralSystemActions; payload: Record<string, unknown> } | { refused: TaskErrorCode; detail: string };

const refuse = (code: TaskErrorCode, detail: string): StationCommand => ({ refused: code, detail });
const noConnector = (id: number) => refuse('NO_CONNECTOR', `no connector ${id}`);

const purpose16 = {
  CHARGE_POINT_MAX_PROFILE: 'ChargePointMaxProfile',
  TX_DEFAULT_PROFILE: 'TxDefaultProfile',
  TX_PROFILE: 'TxProfile',
} as const;
const kind16 = { ABSOLUTE: 'Absolute', RECURRING: 'Recurring', RELATIVE: 'Relative' } as const;
const recurrency16 = { DAILY: 'Daily', WEEKLY: 'Weekly' } as const;

/** A stored profile as OCPP 1.6 csChargingProfiles (its id on the station is the profile's key). */
export function toOcppProfile(stored: StoredProfile, transactionId?: number): ChargingProfile {
  const p = stored.profile;
  const iso = (v: Date | string | null) => (v === null ? undefined : new Date(v).toISOString());
  const schedule: ChargingProfile['chargingSchedule'] = {
    chargingRateUnit: p.charging_rate_unit,
    chargingSchedulePeriod: stored.periods.map((s) => ({
      startPeriod: s.start_period_in_seconds,
      limit: Number(s.power_limit),
      ...(s.number_phases !== null ? { numberPhases: s.number_phases } : {}),
    })),
  };
  if (p.duration_in_seconds !== null) schedule.duration = p.duration_in_seconds;
  const start = iso(p.start_schedule);
  if (start) schedule.startSchedule = start;
  if (p.min_charging_rate !== null) schedule.minChargingRate = Number(p.min_charging_rate);
  const out: ChargingProfile = {
    chargingProfileId: p.charging_profile_pk,
    stackLevel: p.stack_level,
    chargingProfilePurpose: purpose16[p.charging_profile_purpose],
    chargingProfileKind: kind16[p.charging_profile_kind],
    chargingSchedule: schedule,
  };
  if (transactionId !== undefined) out.transactionId = transactionId;
  if (p.recurrency_kind) out.recurrencyKind = recurrency16[p.recurrency_kind];
  const from = iso(p.valid_from);
  const to = iso(p.valid_to);
  if (from) out.validFrom = from;
  if (to) out.validTo = to;
  return out;
}

/** What a command needs to know about the station and the world to build its message. */
export interface CommandContext {
  /** The station's running transactions: pk and connector. */
  openTransactions: { transaction_pk: number; connector_id: number }[];
  /** The station's connector ids. */
  connectorIds: number[];
  /** Remote start: the tag resolved from the id or the document. */
  idTag?: string;
  /** set_charging_profile, and a remote start's optional TxProfile: the stored profile. */
  profile?: StoredProfile;
  /** reserve_now: whether the station takes reservations (its form's 'Reservation enabled'). */
  reservationEnabled?: boolean;
  /** reserve_now: the reservation recorded for this station (its id is the OCPP reservationId). */
  reservationId?: number;
  /** reserve_now: the tag's parent, sent with the reservation. */
  parentIdTag?: string | null;
  /** cancel_reservation: the station's open reservations. */
  openReservations?: number[];
  /** send_local_list: the version to send and the entries. */
  localList?: { listVersion: number; entries: AuthorizationData[] };
}

/**
 * The OCPP 1.6 message of a command for one station (a 1.5 station's node translates it), or the
 * reason it cannot be sent there — recorded as that station's result without a call.
 */
export function stationCommand(command: OperationCommand, body: CommandBody<OperationCommand>, c: CommandContext): StationCommand {
  const hasConnector = (id: number) => c.connectorIds.includes(id);
  switch (command) {
    case 'change_availability': {
      const b = body as CommandBody<'change_availability'>;
      if (b.connectorId !== 0 && !hasConnector(b.connectorId)) return noConnector(b.connectorId);
      return {
        action: 'ChangeAvailability',
        payload: { connectorId: b.connectorId, type: b.availType === 'OPERATIVE' ? 'Operative' : 'Inoperative' },
      };
    }
    case 'remote_start_transaction': {
      const b = body as CommandBody<'remote_start_transaction'>;
      if (!hasConnector(b.connectorId)) return noConnector(b.connectorId);
      // A connector already charging would start a second transaction over the running one: not sent.
      const running = c.openTransactions.find((x) => x.connector_id === b.connectorId);
      if (running) return refuse('CONNECTOR_BUSY', `connector ${b.connectorId} is charging (transaction ${running.transaction_pk})`);
      const payload: Record<string, unknown> = { connectorId: b.connectorId, idTag: c.idTag! };
      // OCPP 1.6 §5.11: a TxProfile without a transactionId (the station gives it the transaction it starts).
      if (c.profile) payload.chargingProfile = toOcppProfile(c.profile);
      return { action: 'RemoteStartTransaction', payload };
    }
    case 'remote_stop_transaction': {
      const b = body as CommandBody<'remote_stop_transaction'>;
      if (!c.openTransactions.some((x) => x.transaction_pk === b.transactionId)) {
        return refuse('NO_TRANSACTION', `transaction ${b.transactionId} is not running here`);
      }
      return { action: 'RemoteStopTransaction', payload: { transactionId: b.transactionId } };
    }
    case 'reset': {
      const b = body as CommandBody<'reset'>;
      return { action: 'Reset', payload: { type: b.resetType === 'HARD' ? 'Hard' : 'Soft' } };
    }
    case 'get_configuration': {
      const b = body as CommandBody<'get_configuration'>;
      const key = [...new Set([...b.confKeyList, ...b.setConfKeyList])];
      // Without keys the list is left out: the station answers all its keys.
      return { action: 'GetConfiguration', payload: key.length ? { key } : {} };
    }
    case 'change_configuration': {
      const b = body as CommandBody<'change_configuration'>;
      const key = b.keyType === 'PREDEFINED' ? b.confKey! : b.customConfKey!;
      return { action: 'ChangeConfiguration', payload: { key, value: b.value } };
    }
    case 'clear_cache':
      return { action: 'ClearCache', payload: {} };
    case 'get_diagnostics': {
      const b = body as CommandBody<'get_diagnostics'>;
      const payload: Record<string, unknown> = { location: b.location, retries: b.retries, retryInterval: b.retryInterval };
      if (b.start) payload.startTime = new Date(b.start).toISOString();
      if (b.stop) payload.stopTime = new Date(b.stop).toISOString();
      return { action: 'GetDiagnostics', payload };
    }
    case 'unlock_connector': {
      const b = body as CommandBody<'unlock_connector'>;
      if (!hasConnector(b.connectorId)) return noConnector(b.connectorId);
      return { action: 'UnlockConnector', payload: { connectorId: b.connectorId } };
    }
    case 'update_firmware': {
      const b = body as CommandBody<'update_firmware'>;
      return {
        action: 'UpdateFirmware',
        payload: {
          location: b.location,
          retries: b.retries,
          retryInterval: b.retryInterval,
          retrieveDate: new Date(b.retrieve).toISOString(),
        },
      };
    }
    case 'data_transfer': {
      const b = body as CommandBody<'data_transfer'>;
      const payload: Record<string, unknown> = { vendorId: b.vendorId };
      if (b.messageId) payload.messageId = b.messageId;
      if (b.data) payload.data = b.data;
      return { action: 'DataTransfer', payload };
    }
    case 'trigger_message': {
      const b = body as CommandBody<'trigger_message'>;
      if (b.connectorId !== undefined && !hasConnector(b.connectorId)) return noConnector(b.connectorId);
      return {
        action: 'TriggerMessage',
        payload: { requestedMessage: b.triggerMessage, ...(b.connectorId !== undefined ? { connectorId: b.connectorId } : {}) },
      };
    }
    case 'set_charging_profile': {
      const b = body as CommandBody<'set_charging_profile'>;
      const purpose = c.profile!.profile.charging_profile_purpose;
      if (b.connectorId !== 0 && !hasConnector(b.connectorId)) return noConnector(b.connectorId);
      // OCPP 1.6 §3.13: a ChargePointMaxProfile applies to the whole station (connector 0); a TxProfile to a running transaction.
      if (purpose === 'CHARGE_POINT_MAX_PROFILE' && b.connectorId !== 0)
        return refuse('PROFILE_STATION_CONNECTOR', 'a ChargePointMaxProfile goes to connector 0');
      let transactionId: number | undefined;
      if (purpose === 'TX_PROFILE') {
        transactionId = c.openTransactions.find((x) => x.connector_id === b.connectorId)?.transaction_pk;
        if (b.connectorId === 0 || transactionId === undefined)
          return refuse('PROFILE_NEEDS_TRANSACTION', `no recharge running on connector ${b.connectorId}`);
      }
      return {
        action: 'SetChargingProfile',
        payload: { connectorId: b.connectorId, csChargingProfiles: toOcppProfile(c.profile!, transactionId) },
      };
    }
    case 'clear_charging_profile': {
      const b = body as CommandBody<'clear_charging_profile'>;
      if (b.filterType === 'ChargingProfileId') return { action: 'ClearChargingProfile', payload: { id: b.chargingProfilePk } };
      const payload: Record<string, unknown> = {};
      if (b.connectorId !== undefined) payload.connectorId = b.connectorId;
      if (b.chargingProfilePurpose) payload.chargingProfilePurpose = purpose16[b.chargingProfilePurpose];
      if (b.stackLevel !== undefined) payload.stackLevel = b.stackLevel;
      return { action: 'ClearChargingProfile', payload };
    }
    case 'reserve_now': {
      const b = body as CommandBody<'reserve_now'>;
      if (!c.reservationEnabled) return refuse('RESERVATION_DISABLED', 'reservations are off for this station');
      if (b.connectorId !== 0 && !hasConnector(b.connectorId)) return noConnector(b.connectorId);
      const payload: Record<string, unknown> = {
        connectorId: b.connectorId,
        expiryDate: new Date(b.expiry).toISOString(),
        idTag: c.idTag!,
        reservationId: c.reservationId!,
      };
      if (c.parentIdTag) payload.parentIdTag = c.parentIdTag;
      return { action: 'ReserveNow', payload };
    }
    case 'cancel_reservation': {
      const b = body as CommandBody<'cancel_reservation'>;
      if (!c.openReservations?.includes(b.reservationId))
        return refuse('NO_RESERVATION', `reservation ${b.reservationId} is not open here`);
      return { action: 'CancelReservation', payload: { reservationId: b.reservationId } };
    }
    case 'get_composite_schedule': {
      const b = body as CommandBody<'get_composite_schedule'>;
      if (b.connectorId !== 0 && !hasConnector(b.connectorId)) return noConnector(b.connectorId);
      const payload: Record<string, unknown> = { connectorId: b.connectorId, duration: b.durationInSeconds };
      if (b.chargingRateUnit) payload.chargingRateUnit = b.chargingRateUnit;
      return { action: 'GetCompositeSchedule', payload };
    }
    case 'send_local_list': {
      const b = body as CommandBody<'send_local_list'>;
      const list = c.localList!;
      return {
        action: 'SendLocalList',
        payload: {
          listVersion: list.listVersion,
          updateType: b.updateType === 'FULL' ? 'Full' : 'Differential',
          localAuthorizationList: list.entries,
        },
      };
    }
    case 'get_local_list_version':
      return { action: 'GetLocalListVersion', payload: {} };
  }
}

/**
 * The answer kept in the task: the station's OCPP status (the screen words it), or the one value
 * of an answer without a status; richer answers keep their content as the detail.
 */
export function summarize(action: string, answer: unknown): { response: string; detail: unknown } {
  const a = (answer ?? {}) as Record<string, unknown>;
  switch (action) {
    case 'GetConfiguration': {
      const keys = (a.configurationKey as { key: string; value?: string; readonly?: boolean }[] | undefined) ?? [];
      const unknown = (a.unknownKey as string[] | undefined) ?? [];
      return {
        response: 'Accepted',
        detail: {
          configurationKeys: keys.map((k) => ({ key: k.key, value: k.value ?? null, readonly: k.readonly })),
          unknownKeys: unknown,
        },
      };
    }
    case 'GetDiagnostics':
      return { response: typeof a.fileName === 'string' && a.fileName ? a.fileName : 'NoFile', detail: null };
    case 'UpdateFirmware':
      // UpdateFirmware.conf is empty: the station took the order; FirmwareStatusNotification follows.
      return { response: 'Accepted', detail: null };
    case 'GetLocalListVersion':
      // -1: the station has no local list at all (OCPP 1.6 GetLocalListVersion.conf); not a version.
      return { response: a.listVersion === -1 ? 'NotSupported' : String(a.listVersion), detail: null };
    case 'DataTransfer':
      return { response: String(a.status ?? ''), detail: a.data !== undefined ? { data: a.data } : null };
    case 'GetCompositeSchedule':
      return {
        response: String(a.status ?? ''),
        detail:
          a.status === 'Accepted' && a.chargingSchedule
            ? { data: { connectorId: a.connectorId, scheduleStart: a.scheduleStart, chargingSchedule: a.chargingSchedule } }
            : null,
      };
    default:
      return { response: String(a.status ?? ''), detail: null };
  }
}
