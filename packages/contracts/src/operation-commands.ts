import type { DashboardRoute } from './routes';

/**
 * The commands of remote operations and their fixed vocabulary, without zod: the screens import
 * these values at run time (operations.ts holds the schemas and re-exports these names).
 */

export const ocppVersions = ['v1.5', 'v1.6'] as const;
export type OcppVersionPath = (typeof ocppVersions)[number];

/**
 * The commands, by path segment: the spec's fourteen, then the ones SteVe offers and operators
 * expect (reservations, composite schedule, local authorization list; docs/decisions.md).
 */
export const operationCommands = [
  'change_availability',
  'remote_start_transaction',
  'remote_stop_transaction',
  'reset',
  'get_configuration',
  'change_configuration',
  'clear_cache',
  'get_diagnostics',
  'unlock_connector',
  'update_firmware',
  'data_transfer',
  'trigger_message',
  'set_charging_profile',
  'clear_charging_profile',
  'reserve_now',
  'cancel_reservation',
  'get_composite_schedule',
  'send_local_list',
  'get_local_list_version',
] as const;
export type OperationCommand = (typeof operationCommands)[number];

/** The permission key (001 §2) that grants each command. */
export const commandPermission: Record<OperationCommand, DashboardRoute> = {
  change_availability: '/operations/change_availability',
  remote_start_transaction: '/operations/remote_start',
  remote_stop_transaction: '/operations/remote_stop',
  reset: '/operations/remote_reset',
  get_configuration: '/operations/get_configuration',
  change_configuration: '/operations/change_configuration',
  clear_cache: '/operations/clear_cache',
  get_diagnostics: '/operations/get_diagnostics',
  unlock_connector: '/operations/unlock_connector',
  update_firmware: '/operations/update_firmware',
  data_transfer: '/operations/data_transfer',
  trigger_message: '/operations/trigger_message',
  set_charging_profile: '/operations/set_charging_profile',
  clear_charging_profile: '/operations/clear_charging_profile',
  reserve_now: '/operations/reserve_now',
  cancel_reservation: '/operations/cancel_reservation',
  get_composite_schedule: '/operations/get_composite_schedule',
  send_local_list: '/operations/send_local_list',
  get_local_list_version: '/operations/get_local_list_version',
};

/** The permission key of each protocol version. */
export const versionPermission: Record<OcppVersionPath, DashboardRoute> = {
  'v1.5': '/operations/v15',
  'v1.6': '/operations/v16',
};

/** OCPP 1.6-only commands (001 §4: disabled for v1.5). */
export const v16OnlyCommands: ReadonlySet<OperationCommand> = new Set([
  'trigger_message',
  'set_charging_profile',
  'clear_charging_profile',
  'get_composite_schedule',
]);

/** The OCPP action each command sends. */
export const commandAction: Record<OperationCommand, string> = {
  change_availability: 'ChangeAvailability',
  remote_start_transaction: 'RemoteStartTransaction',
  remote_stop_transaction: 'RemoteStopTransaction',
  reset: 'Reset',
  get_configuration: 'GetConfiguration',
  change_configuration: 'ChangeConfiguration',
  clear_cache: 'ClearCache',
  get_diagnostics: 'GetDiagnostics',
  unlock_connector: 'UnlockConnector',
  update_firmware: 'UpdateFirmware',
  data_transfer: 'DataTransfer',
  trigger_message: 'TriggerMessage',
  set_charging_profile: 'SetChargingProfile',
  clear_charging_profile: 'ClearChargingProfile',
  reserve_now: 'ReserveNow',
  cancel_reservation: 'CancelReservation',
  get_composite_schedule: 'GetCompositeSchedule',
  send_local_list: 'SendLocalList',
  get_local_list_version: 'GetLocalListVersion',
};

/** 001 §4: availability statuses offered, plus OPERATIVE to bring a connector back (docs/decisions.md). */
export const availabilityTypes = ['OPERATIVE', 'MAINTENANCE', 'UNAVAILABLE'] as const;
export const resetTypes = ['HARD', 'SOFT'] as const;
export const triggerMessageTypes = [
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StatusNotification',
] as const;
export const confKeyTypes = ['PREDEFINED', 'CUSTOM'] as const;
export const clearProfileFilterTypes = ['ChargingProfileId', 'OtherParameters'] as const;
export const chargingProfilePurposes = ['CHARGE_POINT_MAX_PROFILE', 'TX_DEFAULT_PROFILE', 'TX_PROFILE'] as const;
export const chargingProfileKinds = ['ABSOLUTE', 'RECURRING', 'RELATIVE'] as const;
export const recurrencyKinds = ['DAILY', 'WEEKLY'] as const;
export const chargingRateUnits = ['W', 'A'] as const;
export const localListUpdateTypes = ['FULL', 'DIFFERENTIAL'] as const;

/**
 * Configuration keys of OCPP 1.6 Core (and the few of 1.5) that the predefined-key lists offer.
 * `writable` keys appear in change_configuration's PREDEFINED list.
 */
export const ocppConfKeys: readonly { key: string; writable: boolean }[] = [
  { key: 'AllowOfflineTxForUnknownId', writable: true },
  { key: 'AuthorizationCacheEnabled', writable: true },
  { key: 'AuthorizeRemoteTxRequests', writable: true },
  { key: 'BlinkRepeat', writable: true },
  { key: 'ClockAlignedDataInterval', writable: true },
  { key: 'ConnectionTimeOut', writable: true },
  { key: 'ConnectorPhaseRotation', writable: true },
  { key: 'GetConfigurationMaxKeys', writable: false },
  { key: 'HeartbeatInterval', writable: true },
  { key: 'LightIntensity', writable: true },
  { key: 'LocalAuthorizeOffline', writable: true },
  { key: 'LocalPreAuthorize', writable: true },
  { key: 'MaxEnergyOnInvalidId', writable: true },
  { key: 'MeterValuesAlignedData', writable: true },
  { key: 'MeterValuesSampledData', writable: true },
  { key: 'MeterValueSampleInterval', writable: true },
  { key: 'MinimumStatusDuration', writable: true },
  { key: 'NumberOfConnectors', writable: false },
  { key: 'ResetRetries', writable: true },
  { key: 'StopTransactionOnEVSideDisconnect', writable: true },
  { key: 'StopTransactionOnInvalidId', writable: true },
  { key: 'StopTxnAlignedData', writable: true },
  { key: 'StopTxnSampledData', writable: true },
  { key: 'SupportedFeatureProfiles', writable: false },
  { key: 'TransactionMessageAttempts', writable: true },
  { key: 'TransactionMessageRetryInterval', writable: true },
  { key: 'UnlockConnectorOnEVSideDisconnect', writable: true },
  { key: 'WebSocketPingInterval', writable: true },
  { key: 'LocalAuthListEnabled', writable: true },
  { key: 'LocalAuthListMaxLength', writable: false },
  { key: 'SendLocalListMaxLength', writable: false },
  { key: 'ChargeProfileMaxStackLevel', writable: false },
  { key: 'ChargingScheduleAllowedChargingRateUnit', writable: false },
  { key: 'ChargingScheduleMaxPeriods', writable: false },
  { key: 'MaxChargingProfilesInstalled', writable: false },
];

/** Most stations one command may go to at once. */
export const MAX_STATIONS_PER_COMMAND = 1000;
/** Longest reservation the screen offers (ReserveNow's expiry at most this far ahead). */
export const MAX_RESERVATION_HOURS = 72;
/** Most entries a full local list sends (larger networks use differential updates). */
export const MAX_LOCAL_LIST_ENTRIES = 10_000;
/** 001 §5: text inputs up to 40 characters. */
export const OPERATION_TEXT_MAX = 40;

/** Server messages (the web shows the spec's own, translated, by field and code). */
export const operationMessages = {
  selectStation: 'Select at least one station.',
  required: 'Required field',
  notInScope: 'Station not found in your networks.',
  wrongVersion: 'This station does not speak this OCPP version.',
  v16Only: 'This command exists in OCPP 1.6 only.',
  noTag: 'No tag with this id in your networks.',
  noDocumentTag: 'No user with this document and a tag in your networks.',
  unknownKey: 'Unknown configuration key.',
  readOnlyKey: 'This configuration key cannot be changed.',
  profileNotFound: 'Nenhum charging profile encontrado com este id.',
  expiryInPast: 'The expiry must be in the future.',
  expiryTooFar: `The expiry may be at most ${MAX_RESERVATION_HOURS} hours ahead.`,
  reservationNotFound: 'No open reservation with this id on the chosen stations.',
  localListEmpty: 'Choose tags to add or to remove.',
  paymentNotAllowed: 'Only administrators choose how a remote start is paid.',
  paymentTypeNotOffered: 'This payment type is not offered by the station’s network.',
  taskNotFound: 'No task with this id.',
  transactionNotRunning: 'This recharge is not running on the chosen stations.',
  startProfileNotTx: 'A remote start carries a charging profile of purpose TxProfile only.',
  startProfileV15: 'OCPP 1.5 stations take no charging profile with a remote start.',
  sent: 'Comando enviado.',
} as const;

export const taskOrigins = ['DASHBOARD', 'QR_PAGE', 'SMART_CHARGING', 'API'] as const;
export const taskResultStatuses = ['pending', 'answered', 'error', 'interrupted'] as const;

/**
 * Why a station's part of a task failed. The first five come from the call; the others are
 * refusals decided before anything was sent to that station.
 */
export const taskErrorCodes = [
  'OFFLINE',
  'TIMEOUT',
  'CALL_ERROR',
  'INVALID_RESPONSE',
  'NOT_SUPPORTED',
  'NO_CONNECTOR',
  'NO_TRANSACTION',
  'CONNECTOR_BUSY',
  'PROFILE_STATION_CONNECTOR',
  'PROFILE_NEEDS_TRANSACTION',
  'RESERVATION_DISABLED',
  'NO_RESERVATION',
  'LOCAL_LIST_TOO_LONG',
  'INTERRUPTED',
  'FAILED',
] as const;
export type TaskErrorCode = (typeof taskErrorCodes)[number];

/**
 * Most stations one options call answers (`size`), and most chosen ids it takes (`chargeBoxIds`).
 * Here, without zod, so that the operations screen can read it without the schemas.
 */
export const MAX_OPTION_STATIONS = 500;
