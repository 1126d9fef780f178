import type { OcppProtocol } from '@recarga/contracts/ocpp';

export type ConfigurationValueType = 'integer' | 'boolean' | 'measurands' | 'string';

export interface ConfigurationKey {
  key: string;
  readonly: boolean;
  value: string;
  type: ConfigurationValueType;
  /** Smallest accepted integer value. */
  min?: number;
}

export type ChangeConfigurationStatus = 'Accepted' | 'Rejected' | 'NotSupported';

const MEASURANDS_16 = [
  'Energy.Active.Import.Register',
  'Energy.Active.Import.Interval',
  'Power.Active.Import',
  'Power.Offered',
  'Current.Import',
  'Current.Offered',
  'Voltage',
  'Frequency',
  'Temperature',
  'SoC',
];
const MEASURANDS_15 = [
  'Energy.Active.Import.Register',
  'Energy.Active.Import.Interval',
  'Power.Active.Import',
  'Current.Import',
  'Voltage',
  'Temperature',
];

/** The measurands a station of this protocol can sample. */
function supportedMeasurands(protocol: OcppProtocol): readonly string[] {
  return protocol === 'ocpp1.5' ? MEASURANDS_15 : MEASURANDS_16;
}

export interface ConfigurationDefaults {
  protocol: OcppProtocol;
  connectors: number;
  heartbeatIntervalSec: number;
  meterIntervalSec: number;
}

/**
 * The configuration keys of a charge point (OCPP 1.6 §9 "Standard Configuration Key Names"; for
 * 1.5 the 1.5 names), with read-only flags, typed validation and change listeners.
 * Keys are looked up case-insensitively, as charge points in the field do.
 */
export class StationConfiguration {
  private readonly keys = new Map<string, ConfigurationKey>();
  private readonly listeners: Array<(key: string, value: string) => void> = [];

  constructor(
    keys: ConfigurationKey[],
    private readonly protocol: OcppProtocol,
  ) {
    for (const k of keys) this.keys.set(k.key.toLowerCase(), { ...k });
  }

  static defaults(d: ConfigurationDefaults): StationConfiguration {
    const v15 = d.protocol === 'ocpp1.5';
    const sampled = v15
      ? 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage'
      : 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';
    const rw = (key: string, value: string | number | boolean, type: ConfigurationValueType, min?: number) => ({
      key,
      readonly: false,
      value: String(value),
      type,
      min,
    });
    const ro = (key: string, value: string | number | boolean, type: ConfigurationValueType) => ({
      key,
      readonly: true,
      value: String(value),
      type,
    });
    const phaseRotation = Array.from({ length: d.connectors + 1 }, (_, i) => `${i}.RST`).join(',');
    const common: ConfigurationKey[] = [
      rw('AllowOfflineTxForUnknownId', false, 'boolean'),
      rw('AuthorizationCacheEnabled', true, 'boolean'),
      rw('ClockAlignedDataInterval', 0, 'integer', 0),
      rw('ConnectionTimeOut', 60, 'integer', 1),
      rw(v15 ? 'HeartBeatInterval' : 'HeartbeatInterval', d.heartbeatIntervalSec, 'integer', 1),
      rw('LocalAuthListEnabled', true, 'boolean'),
      rw('LocalAuthorizeOffline', true, 'boolean'),
      rw('LocalPreAuthorize', false, 'boolean'),
      rw('MeterValuesAlignedData', 'Energy.Active.Import.Register', 'measurands'),
      rw('MeterValuesSampledData', sampled, 'measurands'),
      rw('MeterValueSampleInterval', d.meterIntervalSec, 'integer', 0),
      rw('ResetRetries', 3, 'integer', 0),
      rw('StopTransactionOnEVSideDisconnect', true, 'boolean'),
      rw('StopTransactionOnInvalidId', true, 'boolean'),
      rw('StopTxnAlignedData', '', 'measurands'),
      rw('StopTxnSampledData', 'Energy.Active.Import.Register', 'measurands'),
      rw('TransactionMessageAttempts', 3, 'integer', 0),
      rw('TransactionMessageRetryInterval', 60, 'integer', 0),
      rw('UnlockConnectorOnEVSideDisconnect', true, 'boolean'),
    ];
    const only16: ConfigurationKey[] = [
      rw('AuthorizeRemoteTxRequests', true, 'boolean'),
      ro('ConnectorPhaseRotation', phaseRotation, 'string'),
      ro('GetConfigurationMaxKeys', 60, 'integer'),
      ro('NumberOfConnectors', d.connectors, 'integer'),
      ro('SupportedFeatureProfiles', 'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger', 'string'),
      rw('WebSocketPingInterval', 30, 'integer', 0),
      ro('LocalAuthListMaxLength', 1000, 'integer'),
      ro('SendLocalListMaxLength', 100, 'integer'),
      ro('ReserveConnectorZeroSupported', false, 'boolean'),
      ro('ChargeProfileMaxStackLevel', 10, 'integer'),
      ro('ChargingScheduleAllowedChargingRateUnit', 'Current,Power', 'string'),
      ro('ChargingScheduleMaxPeriods', 24, 'integer'),
      ro('MaxChargingProfilesInstalled', 10, 'integer'),
    ];
    const only15: ConfigurationKey[] = [
      rw('BlinkRepeat', 3, 'integer', 0),
      rw('LightIntensity', 50, 'integer', 0),
      rw('MinimumStatusDuration', 0, 'integer', 0),
      ro('NumberOfConnectors', d.connectors, 'integer'),
      rw('ProximityContactRetries', 3, 'integer', 0),
      rw('ProximityLockRetries', 3, 'integer', 0),
    ];
    return new StationConfiguration([...common, ...(v15 ? only15 : only16)], d.protocol);
  }

  get(key: string): string | undefined {
    return this.keys.get(key.toLowerCase())?.value;
  }

  getInt(key: string): number {
    return Number.parseInt(this.get(key) ?? '0', 10);
  }

  getBool(key: string): boolean {
    return this.get(key) === 'true';
  }

  getList(key: string): string[] {
    return (this.get(key) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  /** GetConfiguration: every key when none are asked for. */
  list(requested?: string[]): {
    configurationKey: Array<{ key: string; readonly: boolean; value: string }>;
    unknownKey: string[];
  } {
    if (!requested || requested.length === 0) {
      return {
        configurationKey: [...this.keys.values()].map(({ key, readonly, value }) => ({ key, readonly, value })),
        unknownKey: [],
      };
    }
    const configurationKey: Array<{ key: string; readonly: boolean; value: string }> = [];
    const unknownKey: string[] = [];
    for (const name of requested) {
      const k = this.keys.get(name.toLowerCase());
      if (k) configurationKey.push({ key: k.key, readonly: k.readonly, value: k.value });
      else unknownKey.push(name);
    }
    return { configurationKey, unknownKey };
  }

  /** ChangeConfiguration from the central system. */
  change(key: string, value: string): ChangeConfigurationStatus {
    const k = this.keys.get(key.toLowerCase());
    if (!k) return 'NotSupported';
    if (k.readonly) return 'Rejected';
    const normalised = this.normalise(k, value);
    if (normalised === undefined) return 'Rejected';
    this.set(k.key, normalised);
    return 'Accepted';
  }

  /** Sets a value from inside the station (e.g. the heartbeat interval a BootNotification returned). */
  set(key: string, value: string): void {
    const k = this.keys.get(key.toLowerCase());
    if (!k || k.value === value) return;
    k.value = value;
    for (const listener of this.listeners) listener(k.key, value);
  }

  onChange(listener: (key: string, value: string) => void): void {
    this.listeners.push(listener);
  }

  private normalise(k: ConfigurationKey, raw: string): string | undefined {
    const value = raw.trim();
    switch (k.type) {
      case 'integer': {
        if (!/^-?\d+$/.test(value)) return undefined;
        const n = Number.parseInt(value, 10);
        if (k.min !== undefined && n < k.min) return undefined;
        return String(n);
      }
      case 'boolean': {
        const lower = value.toLowerCase();
        return lower === 'true' || lower === 'false' ? lower : undefined;
      }
      case 'measurands': {
        const items = value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const supported = supportedMeasurands(this.protocol);
        return items.every((m) => supported.includes(m)) ? items.join(',') : undefined;
      }
      case 'string':
        return value;
    }
  }
}
