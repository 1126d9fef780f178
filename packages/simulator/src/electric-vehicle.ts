import { DEFAULT_RAMP_RATES, type RampRates } from './current-ramp';
import type { Random } from './random';

export interface ElectricVehicleOptions {
  capacityWh: number;
  socPercent: number;
  /** Most the on-board charger accepts (W). */
  maxPowerW: number;
  /** How fast the on-board charger follows the offered current (default DEFAULT_RAMP_RATES). */
  ramp?: Partial<RampRates>;
}

/** Typical cars seen at AC public chargers: battery size and on-board charger rating. */
const MODELS: ReadonlyArray<{ capacityWh: number; maxPowerW: number }> = [
  { capacityWh: 40_000, maxPowerW: 7_400 },
  { capacityWh: 52_000, maxPowerW: 11_000 },
  { capacityWh: 58_000, maxPowerW: 11_000 },
  { capacityWh: 64_000, maxPowerW: 11_000 },
  { capacityWh: 77_000, maxPowerW: 22_000 },
  { capacityWh: 82_000, maxPowerW: 11_000 },
];

/**
 * The car on the other end of the cable: a battery with a state of charge and an on-board charger
 * whose acceptance tapers above 80 % and stops at 100 %. The charger follows the offered current
 * at its ramp rates (see current-ramp.ts): it climbs gently and obeys reductions fast.
 */
export class ElectricVehicle {
  readonly capacityWh: number;
  readonly maxPowerW: number;
  readonly ramp: RampRates;
  private soc: number;

  constructor(options: ElectricVehicleOptions) {
    this.capacityWh = options.capacityWh;
    this.maxPowerW = options.maxPowerW;
    this.ramp = { ...DEFAULT_RAMP_RATES, ...options.ramp };
    this.soc = Math.min(100, Math.max(0, options.socPercent));
  }

  static random(random: Random, ramp?: Partial<RampRates>): ElectricVehicle {
    const model = random.pick(MODELS);
    return new ElectricVehicle({ ...model, socPercent: random.between(8, 60), ramp });
  }

  get socPercent(): number {
    return this.soc;
  }

  get full(): boolean {
    return this.soc >= 100;
  }

  /** Power (W) the car draws when offered unlimited power. */
  acceptedPowerW(): number {
    if (this.soc >= 100) return 0;
    if (this.soc <= 80) return this.maxPowerW;
    // Linear taper from 100 % of the rating at 80 % SoC to 10 % of it near 100 %.
    const fraction = 1 - ((this.soc - 80) / 20) * 0.9;
    return this.maxPowerW * fraction;
  }

  /** Stores energy delivered by the charger. */
  charge(wh: number): void {
    this.soc = Math.min(100, this.soc + (wh / this.capacityWh) * 100);
  }
}
