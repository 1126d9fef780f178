import type { Measurand, MeterValue, ReadingContext, SampledValue } from '@recarga/contracts/ocpp';

/** What a connector's meter reads at one instant. */
export interface MeterReading {
  timestamp: Date;
  /** Lifetime import register, Wh. */
  energyWh: number;
  /** Energy since the previous sample of the same series, Wh. */
  intervalWh?: number;
  powerW: number;
  /** Power the station currently offers the car (hardware rating, profiles), W. */
  offeredW: number;
  /** Per-phase current, A. */
  currentA: number;
  offeredA: number;
  voltageV: number;
  frequencyHz: number;
  temperatureC: number;
  /** State of charge of the car, when one is connected. */
  socPercent?: number;
}

function sample(measurand: Measurand, r: MeterReading): Omit<SampledValue, 'context'> | undefined {
  switch (measurand) {
    case 'Energy.Active.Import.Register':
      return { measurand, value: String(Math.floor(r.energyWh)), unit: 'Wh', location: 'Outlet' };
    case 'Energy.Active.Import.Interval':
      return r.intervalWh === undefined
        ? undefined
        : { measurand, value: String(Math.round(r.intervalWh)), unit: 'Wh', location: 'Outlet' };
    case 'Power.Active.Import':
      return { measurand, value: String(Math.round(r.powerW)), unit: 'W', location: 'Outlet' };
    case 'Power.Offered':
      return { measurand, value: String(Math.round(r.offeredW)), unit: 'W', location: 'Outlet' };
    case 'Current.Import':
      return { measurand, value: r.currentA.toFixed(1), unit: 'A', location: 'Outlet' };
    case 'Current.Offered':
      return { measurand, value: r.offeredA.toFixed(1), unit: 'A', location: 'Outlet' };
    case 'Voltage':
      return { measurand, value: r.voltageV.toFixed(1), unit: 'V', location: 'Outlet' };
    case 'Frequency':
      return { measurand, value: r.frequencyHz.toFixed(2) };
    case 'Temperature':
      return { measurand, value: r.temperatureC.toFixed(1), unit: 'Celsius', location: 'Body' };
    case 'SoC':
      return r.socPercent === undefined
        ? undefined
        : { measurand, value: String(Math.floor(r.socPercent)), unit: 'Percent', location: 'EV' };
  }
}

/** Turns a reading into an OCPP 1.6 MeterValue carrying the requested measurands. */
export function toMeterValue(reading: MeterReading, measurands: readonly string[], context: ReadingContext): MeterValue {
  const sampledValue: SampledValue[] = [];
  for (const m of measurands) {
    const s = sample(m as Measurand, reading);
    if (s) sampledValue.push({ ...s, context });
  }
  return { timestamp: reading.timestamp.toISOString(), sampledValue };
}
