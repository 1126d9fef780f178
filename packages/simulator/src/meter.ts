import { EventEmitter } from 'node:events';
import { BaseLoad, type BaseLoadOptions } from './base-load';
import { toMeasurement, type MeterMeasurement } from './meter-measurement';
import type { MeterPublisher } from './meter-publishers';
import { NO_CURRENT, addPhaseCurrents, type PhaseCurrents } from './phase-currents';
import type { SimulatorLogger } from './station';

export interface SimulatedMeterOptions {
  deviceRemoteId: string;
  /** Written AA:BB:CC:DD:EE:01. */
  macAddress: string;
  baseLoad: BaseLoadOptions;
  /** Load the building adds to its daily curve at the real instant `realMs` (sudden steps, per line); none when absent. */
  extraLoad?: (realMs: number) => PhaseCurrents;
  /** Current drawn by the chargers in the meter's circuit, per line (e.g. a fleet's sum); none when absent. */
  chargers?: () => PhaseCurrents;
  /** Where readings go (MQTT, HTTP or both). */
  publishers: MeterPublisher[];
  /** Between readings (default 5000 ms). */
  intervalMs?: number;
  /**
   * Speed of the building's clock, which drives the daily curve: 60 runs one hour of the day per real
   * minute (default 1). Readings still carry the real time, so the receiver can judge freshness.
   */
  timeScale?: number;
  /** The building's time of day when the meter is created (default: now). */
  startAt?: Date;
  logger?: SimulatorLogger;
}

export interface MeterCounters {
  /** Readings taken and handed to the publishers. */
  readings: number;
  /** Readings the meter did not send because it was in a dropout. */
  skipped: number;
  /** Successful sends, by publisher name. */
  published: Record<string, number>;
  /** Failed sends, by publisher name. */
  failed: Record<string, number>;
}

const SILENT: SimulatorLogger = { info() {}, warn() {}, error() {} };

/**
 * A building's electricity meter: its own base load (a daily curve with noise) plus the current of
 * the chargers in its circuit, read every `intervalMs` and sent to every publisher. `dropout(s)`
 * silences it for a while, as a meter that lost its network would be.
 *
 * Events: 'reading' (MeterMeasurement), 'published' (MeterMeasurement, publisher name),
 * 'failed' (Error, publisher name), 'dropout' (until: Date), 'resumed'.
 */
export class SimulatedMeter extends EventEmitter {
  readonly deviceRemoteId: string;
  readonly macAddress: string;
  readonly intervalMs: number;

  private readonly baseLoad: BaseLoad;
  private readonly log: SimulatorLogger;
  private readonly createdAtMs = Date.now();
  private readonly buildingStartMs: number;
  private readonly timeScale: number;
  private timer?: NodeJS.Timeout;
  private silentUntilMs = 0;
  private wasSilent = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly counts: MeterCounters = { readings: 0, skipped: 0, published: {}, failed: {} };

  constructor(private readonly options: SimulatedMeterOptions) {
    super();
    if (options.publishers.length === 0) throw new Error('a meter needs at least one publisher');
    this.deviceRemoteId = options.deviceRemoteId;
    this.macAddress = options.macAddress;
    this.intervalMs = options.intervalMs ?? 5000;
    if (!(this.intervalMs > 0)) throw new Error('intervalMs must be positive');
    this.timeScale = options.timeScale ?? 1;
    if (!(this.timeScale > 0)) throw new Error('timeScale must be positive');
    this.buildingStartMs = options.startAt?.getTime() ?? this.createdAtMs;
    this.baseLoad = new BaseLoad(options.baseLoad);
    this.log = options.logger ?? SILENT;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** True while a dropout keeps the meter quiet. */
  get silent(): boolean {
    return Date.now() < this.silentUntilMs;
  }

  counters(): MeterCounters {
    return { ...this.counts, published: { ...this.counts.published }, failed: { ...this.counts.failed } };
  }

  /** The building's clock at a real instant (accelerated by timeScale). */
  buildingTime(realMs = Date.now()): Date {
    return new Date(this.buildingStartMs + (realMs - this.createdAtMs) * this.timeScale);
  }

  /** Base load (at the building's time) plus the chargers, per line, at the real instant `realMs`. */
  currents(realMs = Date.now()): { base: PhaseCurrents; chargers: PhaseCurrents; total: PhaseCurrents } {
    const curve = this.baseLoad.at(this.buildingTime(realMs).getTime());
    const base = this.options.extraLoad ? addPhaseCurrents(curve, this.options.extraLoad(realMs)) : curve;
    const chargers = this.options.chargers?.() ?? NO_CURRENT;
    return { base, chargers, total: addPhaseCurrents(base, chargers) };
  }

  /** A reading as it would be sent now. */
  measure(realMs = Date.now()): MeterMeasurement {
    return toMeasurement(this.macAddress, new Date(realMs), this.currents(realMs).total);
  }

  /** Reads now and then every intervalMs. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.tick();
  }

  /** Stops reading, waits for sends under way, and closes the publishers. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled(this.options.publishers.map((p) => p.close()));
  }

  /** Stops sending for `seconds` (readings due meanwhile are skipped, not queued). */
  dropout(seconds: number): void {
    if (!(seconds > 0)) throw new Error('a dropout lasts a positive number of seconds');
    this.silentUntilMs = Math.max(this.silentUntilMs, Date.now() + seconds * 1000);
    this.wasSilent = true;
    this.log.info(`meter ${this.deviceRemoteId}: dropout for ${seconds} s`);
    this.emit('dropout', new Date(this.silentUntilMs));
  }

  /** Takes a reading and sends it to every publisher, unless in a dropout. Resolves when all sends settled. */
  publishNow(): Promise<void> {
    if (this.silent) {
      this.counts.skipped++;
      return Promise.resolve();
    }
    if (this.wasSilent) {
      this.wasSilent = false;
      this.log.info(`meter ${this.deviceRemoteId}: back after a dropout`);
      this.emit('resumed');
    }
    const measurement = this.measure();
    this.counts.readings++;
    this.emit('reading', measurement);
    const sends = this.options.publishers.map(async (publisher) => {
      try {
        await publisher.publish(measurement);
        this.counts.published[publisher.name] = (this.counts.published[publisher.name] ?? 0) + 1;
        this.emit('published', measurement, publisher.name);
      } catch (err) {
        this.counts.failed[publisher.name] = (this.counts.failed[publisher.name] ?? 0) + 1;
        this.log.warn(`meter ${this.deviceRemoteId}: ${publisher.name} publish failed: ${(err as Error).message}`);
        this.emit('failed', err, publisher.name);
      }
    });
    const all = Promise.all(sends).then(() => undefined);
    this.inFlight.add(all);
    void all.finally(() => this.inFlight.delete(all));
    return all;
  }

  private tick(): void {
    void this.publishNow();
  }
}
