import type { PhaseCurrents } from './phase-currents';

/** What a meter sends, over MQTT and HTTP alike: per-phase currents in amperes, two decimals. */
export interface MeterMeasurement {
  mac_address: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  phases: { '01': number; '02': number; '03': number };
}

const twoDecimals = (a: number) => Math.round(a * 100) / 100;

export function toMeasurement(macAddress: string, at: Date, currents: PhaseCurrents): MeterMeasurement {
  return {
    mac_address: macAddress,
    timestamp: at.toISOString(),
    phases: { '01': twoDecimals(currents[0]), '02': twoDecimals(currents[1]), '03': twoDecimals(currents[2]) },
  };
}
