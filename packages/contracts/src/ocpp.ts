/**
 * OCPP 1.6-J message shapes: the one model the central system and the simulator's stations work
 * in. OCPP 1.5 is translated to and from it at the edge (apps/server/src/ocpp/v15,
 * packages/simulator/src/ocpp15-mapping.ts; 1.5 schemas in ./ocpp15-schemas). Shapes follow the official
 * OCPP 1.6 JSON schemas; the schemas themselves (ocpp-rpc strict mode) do the validation.
 */

export type OcppProtocol = 'ocpp1.6' | 'ocpp1.5';
// ---------------------------------------------------------------------------------------------
// Common types

export type IdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

export interface IdTagInfo {
  status: IdTagStatus;
  expiryDate?: string;
  parentIdTag?: string;
}

export type ChargePointStatus =
  'Available' | 'Preparing' | 'Charging' | 'SuspendedEVSE' | 'SuspendedEV' | 'Finishing' | 'Reserved' | 'Unavailable' | 'Faulted';

export type ChargePointErrorCode =
  | 'ConnectorLockFailure'
  | 'EVCommunicationError'
  | 'GroundFailure'
  | 'HighTemperature'
  | 'InternalError'
  | 'LocalListConflict'
  | 'NoError'
  | 'OtherError'
  | 'OverCurrentFailure'
  | 'PowerMeterFailure'
  | 'PowerSwitchFailure'
  | 'ReaderFailure'
  | 'ResetFailure'
  | 'UnderVoltage'
  | 'OverVoltage'
  | 'WeakSignal';

export type StopReason =
  | 'EmergencyStop'
  | 'EVDisconnected'
  | 'HardReset'
  | 'Local'
  | 'Other'
  | 'PowerLoss'
  | 'Reboot'
  | 'Remote'
  | 'SoftReset'
  | 'UnlockCommand'
  | 'DeAuthorized';

export type ReadingContext =
  | 'Interruption.Begin'
  | 'Interruption.End'
  | 'Sample.Clock'
  | 'Sample.Periodic'
  | 'Transaction.Begin'
  | 'Transaction.End'
  | 'Trigger'
  | 'Other';

export type Measurand =
  | 'Energy.Active.Export.Register'
  | 'Energy.Active.Import.Register'
  | 'Energy.Reactive.Export.Register'
  | 'Energy.Reactive.Import.Register'
  | 'Energy.Active.Export.Interval'
  | 'Energy.Active.Import.Interval'
  | 'Energy.Reactive.Export.Interval'
  | 'Energy.Reactive.Import.Interval'
  | 'Power.Active.Export'
  | 'Power.Active.Import'
  | 'Power.Offered'
  | 'Power.Reactive.Export'
  | 'Power.Reactive.Import'
  | 'Power.Factor'
  | 'Current.Import'
  | 'Current.Export'
  | 'Current.Offered'
  | 'Voltage'
  | 'Frequency'
  | 'Temperature'
  | 'SoC'
  | 'RPM';

export type Phase = 'L1' | 'L2' | 'L3' | 'N' | 'L1-N' | 'L2-N' | 'L3-N' | 'L1-L2' | 'L2-L3' | 'L3-L1';
export type Location = 'Cable' | 'EV' | 'Inlet' | 'Outlet' | 'Body';
export type UnitOfMeasure =
  | 'Wh'
  | 'kWh'
  | 'varh'
  | 'kvarh'
  | 'W'
  | 'kW'
  | 'VA'
  | 'kVA'
  | 'var'
  | 'kvar'
  | 'A'
  | 'V'
  | 'K'
  | 'Celcius'
  | 'Celsius'
  | 'Fahrenheit'
  | 'Percent';

export interface SampledValue {
  value: string;
  context?: ReadingContext;
  format?: 'Raw' | 'SignedData';
  measurand?: Measurand;
  phase?: Phase;
  location?: Location;
  unit?: UnitOfMeasure;
}

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

export interface ChargingSchedulePeriod {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

export type ChargingProfilePurpose = 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';

export interface ChargingSchedule {
  duration?: number;
  startSchedule?: string;
  chargingRateUnit: 'A' | 'W';
  chargingSchedulePeriod: ChargingSchedulePeriod[];
  minChargingRate?: number;
}

export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: ChargingProfilePurpose;
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: ChargingSchedule;
}

// ---------------------------------------------------------------------------------------------
// Charge point -> central system

export interface AuthorizeRequest {
  idTag: string;
}
export interface AuthorizeResponse {
  idTagInfo: IdTagInfo;
}

export interface BootNotificationRequest {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  chargeBoxSerialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerialNumber?: string;
}
export interface BootNotificationResponse {
  status: 'Accepted' | 'Pending' | 'Rejected';
  currentTime: string;
  interval: number;
}

export interface DataTransferRequest {
  vendorId: string;
  messageId?: string;
  data?: string;
}
export interface DataTransferResponse {
  status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId';
  data?: string;
}

export interface DiagnosticsStatusNotificationRequest {
  status: 'Idle' | 'Uploaded' | 'UploadFailed' | 'Uploading';
}
export type DiagnosticsStatusNotificationResponse = Record<string, never>;

export interface FirmwareStatusNotificationRequest {
  status: 'Downloaded' | 'DownloadFailed' | 'Downloading' | 'Idle' | 'InstallationFailed' | 'Installing' | 'Installed';
}
export type FirmwareStatusNotificationResponse = Record<string, never>;

export type HeartbeatRequest = Record<string, never>;
export interface HeartbeatResponse {
  currentTime: string;
}

export interface MeterValuesRequest {
  connectorId: number;
  transactionId?: number;
  meterValue: MeterValue[];
}
export type MeterValuesResponse = Record<string, never>;

export interface StartTransactionRequest {
  connectorId: number;
  idTag: string;
  meterStart: number;
  reservationId?: number;
  timestamp: string;
}
export interface StartTransactionResponse {
  idTagInfo: IdTagInfo;
  transactionId: number;
}

export interface StatusNotificationRequest {
  connectorId: number;
  errorCode: ChargePointErrorCode;
  info?: string;
  status: ChargePointStatus;
  timestamp?: string;
  vendorId?: string;
  vendorErrorCode?: string;
}
export type StatusNotificationResponse = Record<string, never>;

export interface StopTransactionRequest {
  idTag?: string;
  meterStop: number;
  timestamp: string;
  transactionId: number;
  reason?: StopReason;
  transactionData?: MeterValue[];
}
export interface StopTransactionResponse {
  idTagInfo?: IdTagInfo;
}

/** Requests a charge point sends, by action, with their answers. */
export interface ChargePointActions {
  Authorize: { request: AuthorizeRequest; response: AuthorizeResponse };
  BootNotification: { request: BootNotificationRequest; response: BootNotificationResponse };
  DataTransfer: { request: DataTransferRequest; response: DataTransferResponse };
  DiagnosticsStatusNotification: { request: DiagnosticsStatusNotificationRequest; response: DiagnosticsStatusNotificationResponse };
  FirmwareStatusNotification: { request: FirmwareStatusNotificationRequest; response: FirmwareStatusNotificationResponse };
  Heartbeat: { request: HeartbeatRequest; response: HeartbeatResponse };
  MeterValues: { request: MeterValuesRequest; response: MeterValuesResponse };
  StartTransaction: { request: StartTransactionRequest; response: StartTransactionResponse };
  StatusNotification: { request: StatusNotificationRequest; response: StatusNotificationResponse };
  StopTransaction: { request: StopTransactionRequest; response: StopTransactionResponse };
}
export type ChargePointAction = keyof ChargePointActions;

// ---------------------------------------------------------------------------------------------
// Central system -> charge point

type Status<S extends string> = { status: S };

export type MessageTrigger =
  'BootNotification' | 'DiagnosticsStatusNotification' | 'FirmwareStatusNotification' | 'Heartbeat' | 'MeterValues' | 'StatusNotification';

export interface ConfigurationKey {
  key: string;
  readonly: boolean;
  value?: string;
}

export interface AuthorizationData {
  idTag: string;
  idTagInfo?: IdTagInfo;
}

/** Commands the central system sends, by action, with the station's answers. */
export interface CentralSystemActions {
  CancelReservation: { request: { reservationId: number }; response: Status<'Accepted' | 'Rejected'> };
  ChangeAvailability: {
    request: { connectorId: number; type: 'Inoperative' | 'Operative' };
    response: Status<'Accepted' | 'Rejected' | 'Scheduled'>;
  };
  ChangeConfiguration: {
    request: { key: string; value: string };
    response: Status<'Accepted' | 'Rejected' | 'RebootRequired' | 'NotSupported'>;
  };
  ClearCache: { request: Record<string, never>; response: Status<'Accepted' | 'Rejected'> };
  ClearChargingProfile: {
    request: {
      id?: number;
      connectorId?: number;
      chargingProfilePurpose?: ChargingProfile['chargingProfilePurpose'];
      stackLevel?: number;
    };
    response: Status<'Accepted' | 'Unknown'>;
  };
  DataTransfer: { request: DataTransferRequest; response: DataTransferResponse };
  GetCompositeSchedule: {
    request: { connectorId: number; duration: number; chargingRateUnit?: 'A' | 'W' };
    response: {
      status: 'Accepted' | 'Rejected';
      connectorId?: number;
      scheduleStart?: string;
      chargingSchedule?: ChargingProfile['chargingSchedule'];
    };
  };
  GetConfiguration: {
    request: { key?: string[] };
    response: { configurationKey?: ConfigurationKey[]; unknownKey?: string[] };
  };
  GetDiagnostics: {
    request: { location: string; retries?: number; retryInterval?: number; startTime?: string; stopTime?: string };
    response: { fileName?: string };
  };
  GetLocalListVersion: { request: Record<string, never>; response: { listVersion: number } };
  RemoteStartTransaction: {
    request: { connectorId?: number; idTag: string; chargingProfile?: ChargingProfile };
    response: Status<'Accepted' | 'Rejected'>;
  };
  RemoteStopTransaction: { request: { transactionId: number }; response: Status<'Accepted' | 'Rejected'> };
  ReserveNow: {
    request: { connectorId: number; expiryDate: string; idTag: string; parentIdTag?: string; reservationId: number };
    response: Status<'Accepted' | 'Faulted' | 'Occupied' | 'Rejected' | 'Unavailable'>;
  };
  Reset: { request: { type: 'Hard' | 'Soft' }; response: Status<'Accepted' | 'Rejected'> };
  SendLocalList: {
    request: { listVersion: number; localAuthorizationList?: AuthorizationData[]; updateType: 'Differential' | 'Full' };
    response: Status<'Accepted' | 'Failed' | 'NotSupported' | 'VersionMismatch'>;
  };
  SetChargingProfile: {
    request: { connectorId: number; csChargingProfiles: ChargingProfile };
    response: Status<'Accepted' | 'Rejected' | 'NotSupported'>;
  };
  TriggerMessage: {
    request: { requestedMessage: MessageTrigger; connectorId?: number };
    response: Status<'Accepted' | 'Rejected' | 'NotImplemented'>;
  };
  UnlockConnector: { request: { connectorId: number }; response: Status<'Unlocked' | 'UnlockFailed' | 'NotSupported'> };
  UpdateFirmware: {
    request: { location: string; retries?: number; retrieveDate: string; retryInterval?: number };
    response: Record<string, never>;
  };
}
export type CentralSystemAction = keyof CentralSystemActions;
