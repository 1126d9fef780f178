/**
 * JSON schemas for OCPP 1.5 over websocket/JSON ("ocpp1.5"), which ocpp-rpc does not ship.
 *
 * OCPP 1.5 was published as SOAP/WSDL only; these schemas are the WSDL messages written as JSON
 * (element names kept, repeated elements as arrays, attribute-carrying values as objects with a
 * `value` field). They follow the same `urn:<Action>.req|conf` naming as ocpp-rpc's 1.6 set so
 * `createValidator('ocpp1.5', ocpp15Schemas)` plugs into strict mode.
 *
 * Differences from 1.6 that matter: BootNotification.conf has `heartbeatInterval` (not `interval`)
 * and no Pending; StatusNotification statuses are Available/Occupied/Faulted/Unavailable/Reserved;
 * MeterValues carries `values: [{ timestamp, value: [{ value, measurand, unit, ... }] }]`;
 * StopTransaction has no `reason` and its `transactionData` is `[{ values: MeterValue[] }]`;
 * Diagnostics/Firmware status notifications only report final states; UnlockConnector answers
 * Accepted/Rejected; SendLocalList spells `localAuthorisationList` and may carry a hash.
 * There is no TriggerMessage, SetChargingProfile, ClearChargingProfile or GetCompositeSchedule.
 */

type Schema = Record<string, unknown>;

const dateTime = { type: 'string', format: 'date-time' } as const;
const idToken = { type: 'string', maxLength: 20 } as const;
const str = (maxLength?: number) => (maxLength ? { type: 'string', maxLength } : { type: 'string' });
const enumOf = (...values: string[]) => ({ type: 'string', enum: values });

const idTagInfo = {
  type: 'object',
  properties: {
    status: enumOf('Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx'),
    expiryDate: dateTime,
    parentIdTag: idToken,
  },
  required: ['status'],
  additionalProperties: false,
};

const meterValue = {
  type: 'object',
  properties: {
    timestamp: dateTime,
    value: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          value: { type: 'string' },
          context: enumOf(
            'Interruption.Begin',
            'Interruption.End',
            'Sample.Clock',
            'Sample.Periodic',
            'Transaction.Begin',
            'Transaction.End',
          ),
          format: enumOf('Raw', 'SignedData'),
          measurand: enumOf(
            'Energy.Active.Export.Register',
            'Energy.Active.Import.Register',
            'Energy.Reactive.Export.Register',
            'Energy.Reactive.Import.Register',
            'Energy.Active.Export.Interval',
            'Energy.Active.Import.Interval',
            'Energy.Reactive.Export.Interval',
            'Energy.Reactive.Import.Interval',
            'Power.Active.Export',
            'Power.Active.Import',
            'Power.Reactive.Export',
            'Power.Reactive.Import',
            'Current.Export',
            'Current.Import',
            'Voltage',
            'Temperature',
          ),
          location: enumOf('Inlet', 'Outlet', 'Body'),
          unit: enumOf('Wh', 'kWh', 'varh', 'kvarh', 'W', 'kW', 'var', 'kvar', 'Amp', 'Volt', 'Celsius'),
        },
        required: ['value'],
        additionalProperties: false,
      },
    },
  },
  required: ['timestamp', 'value'],
  additionalProperties: false,
};

function object(properties: Record<string, unknown>, required: string[] = []): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

const messages: Record<string, { req: Schema; conf: Schema }> = {
  // Charge point -> central system
  Authorize: { req: object({ idTag: idToken }, ['idTag']), conf: object({ idTagInfo }, ['idTagInfo']) },
  BootNotification: {
    req: object(
      {
        chargePointVendor: str(20),
        chargePointModel: str(20),
        chargePointSerialNumber: str(25),
        chargeBoxSerialNumber: str(25),
        firmwareVersion: str(50),
        iccid: str(20),
        imsi: str(20),
        meterType: str(25),
        meterSerialNumber: str(25),
      },
      ['chargePointVendor', 'chargePointModel'],
    ),
    conf: object({ status: enumOf('Accepted', 'Rejected'), currentTime: dateTime, heartbeatInterval: { type: 'integer' } }, [
      'status',
      'currentTime',
      'heartbeatInterval',
    ]),
  },
  DataTransfer: {
    req: object({ vendorId: str(255), messageId: str(50), data: { type: 'string' } }, ['vendorId']),
    conf: object({ status: enumOf('Accepted', 'Rejected', 'UnknownMessageId', 'UnknownVendorId'), data: { type: 'string' } }, ['status']),
  },
  DiagnosticsStatusNotification: {
    req: object({ status: enumOf('Uploaded', 'UploadFailed') }, ['status']),
    conf: object({}),
  },
  FirmwareStatusNotification: {
    req: object({ status: enumOf('Downloaded', 'DownloadFailed', 'InstallationFailed', 'Installed') }, ['status']),
    conf: object({}),
  },
  Heartbeat: { req: object({}), conf: object({ currentTime: dateTime }, ['currentTime']) },
  MeterValues: {
    req: object(
      { connectorId: { type: 'integer', minimum: 0 }, transactionId: { type: 'integer' }, values: { type: 'array', items: meterValue } },
      ['connectorId'],
    ),
    conf: object({}),
  },
  StartTransaction: {
    req: object(
      {
        connectorId: { type: 'integer', minimum: 1 },
        idTag: idToken,
        timestamp: dateTime,
        meterStart: { type: 'integer' },
        reservationId: { type: 'integer' },
      },
      ['connectorId', 'idTag', 'timestamp', 'meterStart'],
    ),
    conf: object({ transactionId: { type: 'integer' }, idTagInfo }, ['transactionId', 'idTagInfo']),
  },
  StatusNotification: {
    req: object(
      {
        connectorId: { type: 'integer', minimum: 0 },
        status: enumOf('Available', 'Occupied', 'Faulted', 'Unavailable', 'Reserved'),
        errorCode: enumOf(
          'ConnectorLockFailure',
          'HighTemperature',
          'Mode3Error',
          'NoError',
          'PowerMeterFailure',
          'PowerSwitchFailure',
          'ReaderFailure',
          'ResetFailure',
          'GroundFailure',
          'OverCurrentFailure',
          'UnderVoltage',
          'WeakSignal',
          'OtherError',
        ),
        info: str(50),
        timestamp: dateTime,
        vendorId: str(255),
        vendorErrorCode: str(50),
      },
      ['connectorId', 'status', 'errorCode'],
    ),
    conf: object({}),
  },
  StopTransaction: {
    req: object(
      {
        transactionId: { type: 'integer' },
        idTag: idToken,
        timestamp: dateTime,
        meterStop: { type: 'integer' },
        transactionData: {
          type: 'array',
          items: object({ values: { type: 'array', items: meterValue } }),
        },
      },
      ['transactionId', 'timestamp', 'meterStop'],
    ),
    conf: object({ idTagInfo }),
  },

  // Central system -> charge point
  CancelReservation: {
    req: object({ reservationId: { type: 'integer' } }, ['reservationId']),
    conf: object({ status: enumOf('Accepted', 'Rejected') }, ['status']),
  },
  ChangeAvailability: {
    req: object({ connectorId: { type: 'integer', minimum: 0 }, type: enumOf('Inoperative', 'Operative') }, ['connectorId', 'type']),
    conf: object({ status: enumOf('Accepted', 'Rejected', 'Scheduled') }, ['status']),
  },
  ChangeConfiguration: {
    req: object({ key: str(50), value: str(500) }, ['key', 'value']),
    conf: object({ status: enumOf('Accepted', 'Rejected', 'NotSupported') }, ['status']),
  },
  ClearCache: { req: object({}), conf: object({ status: enumOf('Accepted', 'Rejected') }, ['status']) },
  GetConfiguration: {
    req: object({ key: { type: 'array', items: str(50) } }),
    conf: object({
      configurationKey: {
        type: 'array',
        items: object({ key: str(50), readonly: { type: 'boolean' }, value: str(500) }, ['key', 'readonly']),
      },
      unknownKey: { type: 'array', items: str(50) },
    }),
  },
  GetDiagnostics: {
    req: object(
      {
        location: { type: 'string', format: 'uri' },
        retries: { type: 'integer' },
        retryInterval: { type: 'integer' },
        startTime: dateTime,
        stopTime: dateTime,
      },
      ['location'],
    ),
    conf: object({ fileName: str(255) }),
  },
  GetLocalListVersion: { req: object({}), conf: object({ listVersion: { type: 'integer' } }, ['listVersion']) },
  RemoteStartTransaction: {
    req: object({ idTag: idToken, connectorId: { type: 'integer', minimum: 1 } }, ['idTag']),
    conf: object({ status: enumOf('Accepted', 'Rejected') }, ['status']),
  },
  RemoteStopTransaction: {
    req: object({ transactionId: { type: 'integer' } }, ['transactionId']),
    conf: object({ status: enumOf('Accepted', 'Rejected') }, ['status']),
  },
  ReserveNow: {
    req: object(
      {
        connectorId: { type: 'integer', minimum: 0 },
        expiryDate: dateTime,
        idTag: idToken,
        parentIdTag: idToken,
        reservationId: { type: 'integer' },
      },
      ['connectorId', 'expiryDate', 'idTag', 'reservationId'],
    ),
    conf: object({ status: enumOf('Accepted', 'Faulted', 'Occupied', 'Rejected', 'Unavailable') }, ['status']),
  },
  Reset: {
    req: object({ type: enumOf('Hard', 'Soft') }, ['type']),
    conf: object({ status: enumOf('Accepted', 'Rejected') }, ['status']),
  },
  SendLocalList: {
    req: object(
      {
        updateType: enumOf('Differential', 'Full'),
        listVersion: { type: 'integer' },
        localAuthorisationList: { type: 'array', items: object({ idTag: idToken, idTagInfo }, ['idTag']) },
        hash: { type: 'string' },
      },
      ['updateType', 'listVersion'],
    ),
    conf: object({ status: enumOf('Accepted', 'Failed', 'HashError', 'NotSupported', 'VersionMismatch'), hash: { type: 'string' } }, [
      'status',
    ]),
  },
  UnlockConnector: {
    req: object({ connectorId: { type: 'integer', minimum: 0 } }, ['connectorId']),
    conf: object({ status: enumOf('Accepted', 'Rejected') }, ['status']),
  },
  UpdateFirmware: {
    req: object(
      {
        retrieveDate: dateTime,
        location: { type: 'string', format: 'uri' },
        retries: { type: 'integer' },
        retryInterval: { type: 'integer' },
      },
      ['retrieveDate', 'location'],
    ),
    conf: object({}),
  },
};

/** Every OCPP 1.5 message schema, identified as `urn:<Action>.req` / `urn:<Action>.conf`. */
export const ocpp15Schemas: Schema[] = Object.entries(messages).flatMap(([action, { req, conf }]) => [
  { $id: `urn:${action}.req`, $schema: 'http://json-schema.org/draft-07/schema', ...req },
  { $id: `urn:${action}.conf`, $schema: 'http://json-schema.org/draft-07/schema', ...conf },
]);
