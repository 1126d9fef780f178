import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { RPCClient, createValidator } from 'ocpp-rpc';
import { AutoSessions, type AutoSessionOptions } from './auto-sessions';
import type { CallStats } from './call-stats';
import { ChargingProfiles, type LimitContext } from './charging-profiles';
import { StationConfiguration } from './configuration';
import { MIN_CHARGING_CURRENT_A, rampStep, type RampRates } from './current-ramp';
import { ElectricVehicle } from './electric-vehicle';
import { toMeterValue, type MeterReading } from './meter-reading';
import { commandFrom15, requestTo15, responseFrom15, resultTo15, statusTo15 } from './ocpp15-mapping';
import { ocpp15Schemas } from '@recarga/contracts/ocpp15-schemas';
import type { PhaseCurrents } from './phase-currents';
import type {
  BootNotificationResponse,
  ChargePointErrorCode,
  ChargePointStatus,
  ChargingProfile,
  IdTagInfo,
  MeterValue,
  OcppProtocol,
  ReadingContext,
  StopReason,
} from '@recarga/contracts/ocpp';
import { Random } from './random';

export type { AutoSessionOptions } from './auto-sessions';

export interface SimulatorLogger {
  debug?(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SimulatedStationOptions {
  /** Base address of the central system, e.g. ws://localhost:3000/ocpp (the charge box id is appended). */
  url: string;
  chargeBoxId: string;
  protocol?: OcppProtocol;
  /** HTTP Basic password (the user name is the charge box id). */
  password?: string;
  /** Number of connectors (default 2). */
  connectors?: number;
  /** Tags the automatic sessions use (default DEMO-TAG-1..3). */
  idTags?: string[];
  /** Initial MeterValueSampleInterval in seconds (default 60). Fractions are allowed for tests. */
  meterIntervalSec?: number;
  vendor?: string;
  model?: string;
  firmware?: string;
  serial?: string;
  /** Random sessions forever (see AutoSessionOptions), or false/undefined for none. */
  autoSessions?: AutoSessionOptions | false;
  /** Rated power per connector in kW: one value for all, or one per connector (default 22). */
  powerKw?: number | number[];
  /** Phases wired to each connector (default 3). */
  phases?: 1 | 3;
  /** The supply line a single-phase station is wired to (default 1: L1); ignored with 3 phases. */
  line?: 1 | 2 | 3;
  /** Ramp rates of the cars this station makes up itself (plugIn without a vehicle, automatic sessions). */
  vehicleRamp?: Partial<RampRates>;
  /** Answer every SetChargingProfile with Rejected, as a charger with broken smart charging does (default false). */
  rejectChargingProfiles?: boolean;
  /** Nominal phase-to-neutral voltage used for A<->W conversions (default 230). */
  voltage?: number;
  /** Seed for every random decision of this station (vehicles, sessions, noise). */
  seed?: number;
  logger?: SimulatorLogger;
  /** Shared counters; a fleet passes one instance to all its stations. */
  stats?: CallStats;
  /** How long a CALL waits for its answer (default 30 s). */
  callTimeoutMs?: number;
  /**
   * Websocket pings from the station (ms; default 30 s like ocpp-rpc; 0 = none, leaving liveness
   * to the central system's own pings — a large fleet on one machine then costs half the pings).
   */
  pingIntervalMs?: number;
  /** How long simulated uploads, downloads, installs and reboots take (default 2 s). */
  operationDelayMs?: number;
  /** Heartbeat interval used until a BootNotification returns one (default 300 s). */
  heartbeatIntervalSec?: number;
}

export type StationState = 'stopped' | 'connecting' | 'booting' | 'pending' | 'rejected' | 'accepted' | 'rebooting';

export type PlugInResult = { accepted: true; transactionId: number } | { accepted: false; reason: string; transactionId?: number };

export interface TransactionInfo {
  connectorId: number;
  transactionId: number;
  idTag: string;
  startedAt: Date;
  meterStartWh: number;
  /** Current reading of the connector's energy register. */
  meterNowWh: number;
  powerW: number;
  socPercent: number;
}

export interface ConnectorInfo {
  connectorId: number;
  status: ChargePointStatus;
  errorCode: ChargePointErrorCode;
  operative: boolean;
  energyRegisterWh: number;
  powerW: number;
  /** Current the car draws on each of the connector's phases, A. */
  currentA: number;
  /** What the connector may deliver now: rating, charging profiles and the station cap. */
  powerLimitW: number;
  transactionId?: number;
  reservationId?: number;
}

export type DiagnosticsStatus = 'Idle' | 'Uploading' | 'Uploaded' | 'UploadFailed';
export type FirmwareStatus = 'Idle' | 'Downloading' | 'Downloaded' | 'Installing' | 'Installed' | 'DownloadFailed' | 'InstallationFailed';

interface Transaction {
  id: number;
  idTag: string;
  startedAt: Date;
  meterStartWh: number;
  vehicle: ElectricVehicle;
  /** Real chargers draw a little under the limit, never above it: this session's fraction of it. */
  drawFactor: number;
  /** StopTxnSampledData samples, reported in StopTransaction.transactionData. */
  data: MeterValue[];
  deauthorized: boolean;
  stopping: boolean;
}

interface Connector {
  id: number;
  maxPowerW: number;
  operative: boolean;
  faulted: boolean;
  errorCode: ChargePointErrorCode;
  /** Plug-in in progress (authorising, starting). */
  busy: boolean;
  /** UnlockConnector arrived while the session was starting: stop it as soon as it exists. */
  unlockRequested: boolean;
  finishing: boolean;
  energyWh: number;
  /** Current the car draws now on each phase (it ramps towards targetA), A. */
  currentA: number;
  /** Current the car would settle at under the present offer (0: paused or not accepting), A. */
  targetA: number;
  offeredW: number;
  lastIntegrationMs: number;
  tx?: Transaction;
  reservation?: { id: number; idTag: string; parentIdTag?: string; expiresAt: Date; timer: NodeJS.Timeout };
  meterTimer?: NodeJS.Timeout;
  /** Last status sent on the wire (in the station's protocol). */
  lastSent?: string;
}

type Payload = Record<string, unknown>;
type CommandHandler = (params: Payload) => Payload | Promise<Payload>;

const DEFAULT_TAGS = ['DEMO-TAG-1', 'DEMO-TAG-2', 'DEMO-TAG-3'];
const SILENT: SimulatorLogger = { info() {}, warn() {}, error() {} };
const AFTER_REPLY_MS = 10;
const PHYSICS_TICK_MS = 15_000;

let ocpp15Validator: ReturnType<typeof createValidator> | undefined;
function validator15() {
  ocpp15Validator ??= createValidator('ocpp1.5', ocpp15Schemas as Parameters<typeof createValidator>[1]);
  return ocpp15Validator;
}

function seedFrom(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One simulated charge point speaking OCPP-J (1.6 or 1.5) to a central system, with a physical
 * model behind it: connectors with energy registers, cars with batteries, charging profiles that
 * limit the power, configuration keys, firmware and diagnostics jobs.
 *
 * Events: 'state' (StationState), 'status' (connectorId, status), 'transactionStarted' (TransactionInfo),
 * 'transactionStopped' ({ connectorId, transactionId, meterStopWh, reason }), 'command' (action, params),
 * 'sent' (action, payload, response).
 */
export class SimulatedStation extends EventEmitter {
  readonly chargeBoxId: string;
  readonly protocol: OcppProtocol;
  readonly configuration: StationConfiguration;
  readonly chargingProfiles = new ChargingProfiles();
  /** Ramp rates of the cars this station makes up itself. */
  readonly vehicleRamp?: Partial<RampRates>;
  /** While true, every SetChargingProfile is answered Rejected (and nothing is installed). */
  rejectChargingProfiles: boolean;

  private readonly options: SimulatedStationOptions;
  private readonly log: SimulatorLogger;
  private readonly random: Random;
  private readonly connectorList: Connector[];
  private readonly phases: number;
  private readonly voltage: number;
  private readonly line: 1 | 2 | 3;
  private readonly operationDelayMs: number;
  private client?: RPCClient;
  private detachStats?: () => void;
  private lifecycle: StationState = 'stopped';
  private heartbeatTimer?: NodeJS.Timeout;
  private clockTimer?: NodeJS.Timeout;
  private physicsTimer?: NodeJS.Timeout;
  private readonly timers = new Set<NodeJS.Timeout>();
  private autoSessions?: AutoSessions;
  private firmwareVersionValue: string;
  private firmwareStatusValue: FirmwareStatus = 'Idle';
  private diagnosticsStatusValue: DiagnosticsStatus = 'Idle';
  private firmwareInstallPending = false;
  private bootCountValue = 0;
  private localList = new Map<string, IdTagInfo>();
  private localListVersion = 0;
  private readonly authCache = new Map<string, IdTagInfo>();
  private stopRequested = false;
  /** MeterValueSampleInterval actually used, in seconds (may be fractional when set through the options). */
  private meterIntervalSec: number;

  constructor(options: SimulatedStationOptions) {
    super();
    this.options = options;
    this.chargeBoxId = options.chargeBoxId;
    this.protocol = options.protocol ?? 'ocpp1.6';
    this.log = options.logger ?? SILENT;
    this.random = new Random(options.seed ?? seedFrom(options.chargeBoxId + Date.now()));
    this.phases = options.phases ?? 3;
    this.voltage = options.voltage ?? 230;
    this.line = options.line ?? 1;
    this.vehicleRamp = options.vehicleRamp;
    this.rejectChargingProfiles = options.rejectChargingProfiles ?? false;
    this.operationDelayMs = options.operationDelayMs ?? 2000;
    this.firmwareVersionValue = options.firmware ?? '1.8.3';
    const count = options.connectors ?? 2;
    if (!Number.isInteger(count) || count < 1) throw new Error('connectors must be a positive integer');
    this.configuration = StationConfiguration.defaults({
      protocol: this.protocol,
      connectors: count,
      heartbeatIntervalSec: options.heartbeatIntervalSec ?? 300,
      meterIntervalSec: 60,
    });
    // Fractional sample intervals are a test convenience; the key itself stays an integer.
    this.meterIntervalSec = options.meterIntervalSec ?? 60;
    this.configuration.set('MeterValueSampleInterval', String(Math.max(0, Math.round(this.meterIntervalSec))));
    this.configuration.onChange((key) => this.onConfigurationChanged(key));
    const powers = Array.isArray(options.powerKw) ? options.powerKw : undefined;
    this.connectorList = Array.from({ length: count + 1 }, (_, id) => ({
      id,
      maxPowerW:
        id === 0 ? 0 : (powers ? (powers[id - 1] ?? powers[powers.length - 1]!) : ((options.powerKw as number | undefined) ?? 22)) * 1000,
      operative: true,
      faulted: false,
      errorCode: 'NoError' as ChargePointErrorCode,
      busy: false,
      unlockRequested: false,
      finishing: false,
      energyWh: id === 0 ? 0 : Math.round(this.random.between(150_000, 4_500_000)),
      currentA: 0,
      targetA: 0,
      offeredW: 0,
      lastIntegrationMs: Date.now(),
    }));
  }

  // ---------------------------------------------------------------------------------------------
  // Public state

  get state(): StationState {
    return this.lifecycle;
  }

  get connected(): boolean {
    return this.client?.state === RPCClient.OPEN;
  }

  get connectorCount(): number {
    return this.connectorList.length - 1;
  }

  get bootCount(): number {
    return this.bootCountValue;
  }

  get firmwareVersion(): string {
    return this.firmwareVersionValue;
  }

  get firmwareStatus(): FirmwareStatus {
    return this.firmwareStatusValue;
  }

  get diagnosticsStatus(): DiagnosticsStatus {
    return this.diagnosticsStatusValue;
  }

  get heartbeatIntervalSec(): number {
    return this.configuration.getInt(this.heartbeatKey);
  }

  /** The local authorization list the central system sent (SendLocalList), by tag id. */
  get localAuthorizationList(): ReadonlyMap<string, IdTagInfo> {
    return this.localList;
  }

  get transactions(): TransactionInfo[] {
    const now = Date.now();
    return this.connectorList.filter((c) => c.tx).map((c) => this.transactionInfo(c, now));
  }

  connector(connectorId: number): ConnectorInfo {
    const c = this.connectorAt(connectorId, true);
    this.integrate(c, Date.now());
    return {
      connectorId: c.id,
      status: this.deriveStatus(c),
      errorCode: c.faulted ? c.errorCode : 'NoError',
      operative: c.operative,
      energyRegisterWh: Math.floor(c.energyWh),
      powerW: Math.round(this.powerW(c)),
      currentA: c.currentA,
      powerLimitW: Math.round(c.id === 0 ? this.stationLimitW(new Date()) : this.offeredPowerW(c, new Date())),
      transactionId: c.tx?.id,
      reservationId: c.reservation?.id,
    };
  }

  /** Current power limit (W) of a connector (connector 0: the whole station). */
  powerLimitW(connectorId: number): number {
    return this.connector(connectorId).powerLimitW;
  }

  /**
   * Current the station draws now on supply lines L1, L2 and L3 (A): the sum over its connectors.
   * A three-phase station loads every line alike; a single-phase one loads its `line`.
   */
  phaseCurrentsA(): PhaseCurrents {
    const nowMs = Date.now();
    let perPhase = 0;
    for (const c of this.connectorList) {
      this.integrate(c, nowMs);
      perPhase += c.currentA;
    }
    return this.onLines(perPhase);
  }

  /**
   * Current the cars plugged in would draw on L1, L2, L3 with no charging profile (A): each car's
   * acceptance capped by its connector's rating. What the site would demand without load management.
   */
  phaseDemandA(): PhaseCurrents {
    const perAmpereW = this.voltage * this.phases;
    let perPhase = 0;
    for (const c of this.connectorList) {
      if (!c.tx || c.tx.stopping || c.tx.deauthorized) continue;
      perPhase += (Math.min(c.maxPowerW, c.tx.vehicle.acceptedPowerW()) * c.tx.drawFactor) / perAmpereW;
    }
    return this.onLines(perPhase);
  }

  private onLines(perPhase: number): PhaseCurrents {
    if (this.phases === 3) return [perPhase, perPhase, perPhase];
    return [this.line === 1 ? perPhase : 0, this.line === 2 ? perPhase : 0, this.line === 3 ? perPhase : 0];
  }

  // ---------------------------------------------------------------------------------------------
  // Lifecycle

  /** Connects, boots and reports every connector. Resolves with the BootNotification status. */
  async start(): Promise<BootNotificationResponse['status']> {
    if (this.lifecycle !== 'stopped') throw new Error(`${this.chargeBoxId} is already started`);
    this.stopRequested = false;
    await this.connect();
    try {
      return await this.boot();
    } catch (err) {
      this.clearAllTimers();
      this.setState('stopped');
      await this.disconnect();
      throw err;
    }
  }

  /**
   * Stops the station: ends running transactions (StopTransaction reason Other) unless told not to,
   * and closes the websocket with 1000.
   */
  async stop(options: { endTransactions?: boolean; timeoutMs?: number } = {}): Promise<void> {
    if (this.lifecycle === 'stopped' && !this.client) return;
    const { endTransactions = true, timeoutMs = 5000 } = options;
    this.autoSessions?.stop();
    this.autoSessions = undefined;
    const wasAccepted = this.lifecycle === 'accepted';
    this.stopRequested = true;
    if (endTransactions && wasAccepted && this.connected) {
      await withTimeout(
        Promise.all(this.connectorList.filter((c) => c.tx).map((c) => this.stopTransaction(c, 'Other', false))),
        timeoutMs,
      ).catch(() => undefined);
    }
    this.clearAllTimers();
    this.setState('stopped');
    await this.disconnect(timeoutMs);
  }

  private async connect(): Promise<void> {
    this.setState('connecting');
    const client = new RPCClient({
      identity: this.chargeBoxId,
      endpoint: this.options.url.replace(/\/+$/, ''),
      protocols: [this.protocol],
      strictMode: true,
      strictModeValidators: this.protocol === 'ocpp1.5' ? [validator15()] : [],
      password: this.options.password ?? null,
      callTimeoutMs: this.options.callTimeoutMs ?? 30_000,
      pingIntervalMs: this.options.pingIntervalMs ?? 30_000,
      reconnect: true,
      backoff: { initialDelay: 1000, maxDelay: 30_000, factor: 2, randomisationFactor: 0.25 },
    } as unknown as ConstructorParameters<typeof RPCClient>[0]);
    this.client = client;
    this.detachStats = this.options.stats?.attach(client);
    this.registerHandlers(client);
    let opened = 0;
    client.on('open', () => {
      opened++;
      if (opened > 1) {
        this.log.info(`${this.chargeBoxId}: reconnected`);
        if (this.lifecycle === 'accepted') void this.sendAllStatuses(true);
      }
    });
    client.on('disconnect', ({ code }: { code: number }) => {
      if (!this.stopRequested && this.lifecycle !== 'rebooting') this.log.warn(`${this.chargeBoxId}: disconnected (${code})`);
    });
    client.on('close', ({ code, reason }: { code: number; reason?: string }) => {
      if (this.client === client && !this.stopRequested && this.lifecycle !== 'rebooting') {
        this.log.error(`${this.chargeBoxId}: connection closed for good (${code} ${reason ?? ''})`);
      }
    });
    client.on(
      'strictValidationFailure',
      ({ method, outbound, isCall, error }: { method: string; outbound: boolean; isCall: boolean; error: Error }) => {
        this.log.warn(
          `${this.chargeBoxId}: ${outbound ? 'outbound' : 'inbound'} ${method}${isCall ? '' : ' reply'} failed validation: ${error.message}`,
        );
      },
    );
    client.on('badMessage', ({ error }: { error: Error }) => this.log.warn(`${this.chargeBoxId}: bad message: ${error.message}`));
    try {
      await client.connect();
    } catch (err) {
      this.detachStats?.();
      this.client = undefined;
      this.setState('stopped');
      throw err;
    }
  }

  private async disconnect(timeoutMs = 5000): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await withTimeout(client.close({ code: 1000, reason: 'Station stopping', awaitPending: true }), timeoutMs);
    } catch {
      await client.close({ force: true }).catch(() => undefined);
    } finally {
      this.detachStats?.();
      this.detachStats = undefined;
    }
  }

  /** BootNotification; `triggered` when the central system asked for it (TriggerMessage) on a running station. */
  private async boot(triggered = false): Promise<BootNotificationResponse['status']> {
    if (!triggered) this.setState('booting');
    const response = await this.call<BootNotificationResponse>('BootNotification', {
      chargePointVendor: this.options.vendor ?? 'Recarga',
      chargePointModel: this.options.model ?? 'RC-AC22-2',
      chargePointSerialNumber: this.options.serial ?? `RC${seedFrom(this.chargeBoxId).toString(16).padStart(8, '0').toUpperCase()}`,
      chargeBoxSerialNumber: this.options.serial ?? `RC${seedFrom(this.chargeBoxId).toString(16).padStart(8, '0').toUpperCase()}`,
      firmwareVersion: this.firmwareVersionValue,
      meterType: 'Eastron SDM630',
      meterSerialNumber: `M${(seedFrom('meter' + this.chargeBoxId) % 100_000_000).toString().padStart(8, '0')}`,
    });
    if (this.stopRequested) return response.status;
    if (response.interval > 0) this.configuration.set(this.heartbeatKey, String(response.interval));
    if (response.status === 'Accepted') {
      if (!triggered || this.lifecycle !== 'accepted') this.bootCountValue++;
      this.setState('accepted');
      this.startHeartbeat();
      this.startClockAligned();
      await this.sendAllStatuses(true);
      if (this.firmwareInstallPending) {
        this.firmwareInstallPending = false;
        await this.sendFirmwareStatus('Installed');
      }
      if (this.options.autoSessions && !this.autoSessions) {
        this.autoSessions = new AutoSessions(
          this,
          this.options.autoSessions,
          this.options.idTags?.length ? this.options.idTags : DEFAULT_TAGS,
          this.random.fork(),
        );
        this.autoSessions.start();
      }
    } else {
      this.setState(response.status === 'Pending' ? 'pending' : 'rejected');
      const retryMs = (response.interval > 0 ? response.interval : 30) * 1000;
      this.later(retryMs, () => {
        if (this.lifecycle === 'pending' || this.lifecycle === 'rejected') {
          this.boot().catch((err) => this.log.warn(`${this.chargeBoxId}: BootNotification failed: ${(err as Error).message}`));
        }
      });
    }
    return response.status;
  }

  /** Reboots like a real charge point: ends transactions, drops the connection, boots again. */
  async reboot(kind: 'Soft' | 'Hard' = 'Soft'): Promise<void> {
    if (this.lifecycle === 'stopped' || this.lifecycle === 'rebooting') return;
    this.log.info(`${this.chargeBoxId}: ${kind.toLowerCase()} reset`);
    const reason: StopReason = kind === 'Hard' ? 'HardReset' : 'SoftReset';
    const wasAccepted = this.lifecycle === 'accepted';
    this.setState('rebooting');
    if (wasAccepted) {
      await Promise.all(this.connectorList.filter((c) => c.tx).map((c) => this.stopTransaction(c, reason, false))).catch(() => undefined);
    }
    this.clearAllTimers();
    for (const c of this.connectorList) {
      c.busy = false;
      c.finishing = false;
      c.lastSent = undefined;
      if (c.reservation) {
        clearTimeout(c.reservation.timer);
        c.reservation = undefined;
      }
    }
    await this.disconnect();
    await sleep(this.operationDelayMs);
    while (!this.stopRequested) {
      try {
        await this.connect();
        if (this.stopRequested) {
          await this.disconnect();
          return;
        }
        await this.boot();
        return;
      } catch (err) {
        await this.disconnect();
        if (this.stopRequested) {
          this.setState('stopped');
          return;
        }
        this.log.warn(`${this.chargeBoxId}: reconnect after reset failed: ${(err as Error).message}`);
        this.setState('rebooting');
        await sleep(Math.max(1000, this.operationDelayMs));
      }
    }
  }

  private setState(state: StationState): void {
    if (this.lifecycle === state) return;
    this.lifecycle = state;
    this.emit('state', state);
  }

  // ---------------------------------------------------------------------------------------------
  // Sessions (the driver's side)

  /**
   * A driver presents `idTag` and plugs in: Authorize, StatusNotification Preparing, StartTransaction,
   * Charging, then MeterValues every MeterValueSampleInterval until `unplug`.
   * Throws when the connector cannot take a session (unknown, busy, faulted, unavailable, station not accepted).
   */
  async plugIn(
    connectorId: number,
    idTag: string,
    options: { authorize?: boolean; chargingProfile?: ChargingProfile; vehicle?: ElectricVehicle } = {},
  ): Promise<PlugInResult> {
    const c = this.connectorAt(connectorId, false);
    if (this.lifecycle !== 'accepted') throw new Error(`${this.chargeBoxId} is not accepted by the central system (${this.lifecycle})`);
    if (c.tx || c.busy) throw new Error(`connector ${connectorId} of ${this.chargeBoxId} is busy`);
    if (c.faulted || this.connectorList[0]!.faulted) throw new Error(`connector ${connectorId} of ${this.chargeBoxId} is faulted`);
    if (!c.operative || !this.connectorList[0]!.operative)
      throw new Error(`connector ${connectorId} of ${this.chargeBoxId} is unavailable`);
    let reservationId: number | undefined;
    if (c.reservation) {
      if (c.reservation.idTag !== idTag && c.reservation.parentIdTag !== idTag) return { accepted: false, reason: 'Reserved' };
      reservationId = c.reservation.id;
    }
    c.busy = true;
    c.finishing = false;
    try {
      if (options.authorize ?? true) {
        const info = await this.authorize(idTag);
        if (info.status !== 'Accepted') return { accepted: false, reason: info.status };
      }
      await this.updateStatus(c);
      const now = new Date();
      const meterStart = Math.floor(c.energyWh);
      const payload: Payload = { connectorId, idTag, meterStart, timestamp: now.toISOString() };
      if (reservationId !== undefined) payload.reservationId = reservationId;
      const response = await this.call<{ transactionId: number; idTagInfo: IdTagInfo }>('StartTransaction', payload);
      if (c.reservation && c.reservation.id === reservationId) {
        clearTimeout(c.reservation.timer);
        c.reservation = undefined;
      }
      const tx: Transaction = {
        id: response.transactionId,
        idTag,
        startedAt: now,
        meterStartWh: meterStart,
        vehicle: options.vehicle ?? ElectricVehicle.random(this.random, this.vehicleRamp),
        drawFactor: this.random.between(0.97, 1),
        data: [],
        deauthorized: false,
        stopping: false,
      };
      c.tx = tx;
      c.busy = false;
      c.lastIntegrationMs = now.getTime();
      if (options.chargingProfile) {
        this.chargingProfiles.install(connectorId, { ...options.chargingProfile, transactionId: tx.id });
      }
      this.recomputePower(now);
      tx.data.push(toMeterValue(this.reading(c, now), this.configuration.getList('StopTxnSampledData'), 'Transaction.Begin'));
      this.emit('transactionStarted', this.transactionInfo(c, now.getTime()));
      if (response.idTagInfo.status !== 'Accepted') {
        if (this.configuration.getBool('StopTransactionOnInvalidId')) {
          await this.stopTransaction(c, 'DeAuthorized');
          return { accepted: false, reason: response.idTagInfo.status, transactionId: tx.id };
        }
        tx.deauthorized = true;
        this.recomputePower(new Date());
      }
      if (c.unlockRequested) {
        c.unlockRequested = false;
        await this.stopTransaction(c, 'UnlockCommand');
        return { accepted: false, reason: 'Unlocked', transactionId: tx.id };
      }
      await this.updateStatus(c);
      this.startMeterTimer(c);
      this.ensurePhysicsTimer();
      return { accepted: true, transactionId: tx.id };
    } finally {
      if (!c.tx) c.unlockRequested = false;
      if (c.busy) {
        c.busy = false;
        await this.updateStatus(c);
      }
    }
  }

  /** The driver ends the session and unplugs: StopTransaction with transactionData, Finishing, Available. */
  async unplug(connectorId: number, reason: StopReason = 'EVDisconnected'): Promise<{ idTagInfo?: IdTagInfo } | undefined> {
    const c = this.connectorAt(connectorId, false);
    if (!c.tx) throw new Error(`no transaction on connector ${connectorId} of ${this.chargeBoxId}`);
    return this.stopTransaction(c, reason);
  }

  /**
   * The connector (0: the whole station) develops a fault: a running transaction is stopped
   * (reason Other) and the connector reports Faulted with `errorCode`.
   */
  async fault(connectorId: number, errorCode: ChargePointErrorCode = 'GroundFailure'): Promise<void> {
    const targets = connectorId === 0 ? this.connectorList : [this.connectorAt(connectorId, false)];
    for (const c of targets) {
      c.faulted = true;
      c.errorCode = errorCode;
    }
    await Promise.all(targets.filter((c) => c.tx).map((c) => this.stopTransaction(c, 'Other', false)));
    await Promise.all(targets.map((c) => this.updateStatus(c)));
  }

  /** The fault is repaired. */
  async clearFault(connectorId: number): Promise<void> {
    const targets = connectorId === 0 ? this.connectorList : [this.connectorAt(connectorId, false)];
    for (const c of targets) {
      c.faulted = false;
      c.errorCode = 'NoError';
    }
    await Promise.all(targets.map((c) => this.updateStatus(c)));
  }

  /** True when a session could start on the connector right now. */
  isConnectorFree(connectorId: number): boolean {
    const c = this.connectorList[connectorId];
    const station = this.connectorList[0]!;
    return (
      !!c &&
      connectorId > 0 &&
      this.lifecycle === 'accepted' &&
      !c.tx &&
      !c.busy &&
      !c.faulted &&
      !station.faulted &&
      c.operative &&
      station.operative &&
      !c.reservation
    );
  }

  /** Sends a Heartbeat now. */
  async heartbeat(): Promise<void> {
    await this.call('Heartbeat', {});
  }

  private async authorize(idTag: string): Promise<IdTagInfo> {
    if (this.configuration.getBool('LocalPreAuthorize')) {
      const local =
        this.localList.get(idTag) ?? (this.configuration.getBool('AuthorizationCacheEnabled') ? this.authCache.get(idTag) : undefined);
      if (local?.status === 'Accepted' && (!local.expiryDate || Date.parse(local.expiryDate) > Date.now())) return local;
    }
    const response = await this.call<{ idTagInfo: IdTagInfo }>('Authorize', { idTag });
    if (this.configuration.getBool('AuthorizationCacheEnabled')) this.authCache.set(idTag, response.idTagInfo);
    return response.idTagInfo;
  }

  private async stopTransaction(
    c: Connector,
    reason: StopReason,
    finishing = true,
    idTag?: string,
  ): Promise<{ idTagInfo?: IdTagInfo } | undefined> {
    const tx = c.tx;
    if (!tx || tx.stopping) return undefined;
    tx.stopping = true;
    this.stopMeterTimer(c);
    const now = new Date();
    this.integrate(c, now.getTime());
    // The contactor opens: the car stops drawing at once.
    c.currentA = 0;
    c.targetA = 0;
    tx.data.push(toMeterValue(this.reading(c, now), this.configuration.getList('StopTxnSampledData'), 'Transaction.End'));
    const meterStop = Math.floor(c.energyWh);
    const payload: Payload = {
      transactionId: tx.id,
      idTag: idTag ?? tx.idTag,
      meterStop,
      timestamp: now.toISOString(),
      reason,
    };
    const transactionData = tx.data.filter((mv) => mv.sampledValue.length > 0);
    if (transactionData.length) payload.transactionData = transactionData;
    c.tx = undefined;
    c.finishing = finishing;
    this.chargingProfiles.clearTransaction(c.id);
    this.recomputePower(now);
    if (!this.connectorList.some((x) => x.tx)) this.stopPhysicsTimer();
    let response: { idTagInfo?: IdTagInfo } | undefined;
    try {
      response = await this.call<{ idTagInfo?: IdTagInfo }>('StopTransaction', payload);
    } catch (err) {
      this.log.warn(`${this.chargeBoxId}: StopTransaction ${tx.id} failed: ${(err as Error).message}`);
    }
    this.emit('transactionStopped', { connectorId: c.id, transactionId: tx.id, meterStopWh: meterStop, reason });
    if (finishing) {
      await this.updateStatus(c);
      c.finishing = false;
    }
    await this.updateStatus(c);
    return response;
  }

  // ---------------------------------------------------------------------------------------------
  // Electrical model

  private connectorAt(connectorId: number, allowZero: boolean): Connector {
    const c = Number.isInteger(connectorId) ? this.connectorList[connectorId] : undefined;
    if (!c || (!allowZero && connectorId === 0)) throw new Error(`${this.chargeBoxId} has no connector ${connectorId}`);
    return c;
  }

  private limitContext(c: Connector): LimitContext {
    return { phases: this.phases, voltage: this.voltage, transactionId: c.tx?.id, transactionStart: c.tx?.startedAt };
  }

  /** Sum of the connectors' ratings. */
  private ratedPowerW(): number {
    return this.connectorList.slice(1).reduce((sum, c) => sum + c.maxPowerW, 0);
  }

  private stationLimitW(at: Date): number {
    const rated = this.ratedPowerW();
    const profile = this.chargingProfiles.stationLimitW(at, { phases: this.phases, voltage: this.voltage });
    return profile === undefined ? rated : Math.min(rated, profile);
  }

  /** Power the connector may deliver now: rating, Tx/TxDefault profile, and its share of the station cap. */
  private offeredPowerW(c: Connector, at: Date): number {
    let limit = c.maxPowerW;
    const own = this.chargingProfiles.connectorLimitW(c.id, at, this.limitContext(c));
    if (own !== undefined) limit = Math.min(limit, own);
    const station = this.chargingProfiles.stationLimitW(at, { phases: this.phases, voltage: this.voltage });
    if (station !== undefined) {
      const sharing = Math.max(1, this.connectorList.filter((x) => x.tx && !x.tx.stopping).length);
      limit = Math.min(limit, station / sharing);
    }
    return Math.max(0, limit);
  }

  /** Power the connector delivers now, W. */
  private powerW(c: Connector): number {
    return c.currentA * this.voltage * this.phases;
  }

  /**
   * Moves the car's current along its ramp up to `nowMs` and adds the energy delivered meanwhile
   * (the area under the ramp) to the register and the car.
   */
  private integrate(c: Connector, nowMs: number): void {
    if (nowMs > c.lastIntegrationMs) {
      if (c.tx) {
        const step = rampStep(c.currentA, c.targetA, (nowMs - c.lastIntegrationMs) / 1000, c.tx.vehicle.ramp);
        const wh = (step.ampereSeconds * this.voltage * this.phases) / 3600;
        if (wh > 0) {
          c.energyWh += wh;
          c.tx.vehicle.charge(wh);
        }
        c.currentA = step.currentA;
      } else {
        c.currentA = 0;
      }
    }
    c.lastIntegrationMs = nowMs;
  }

  /**
   * Integrates every connector up to `now`, then sets the current each car heads for from now on:
   * min(what the car accepts, the offer), or 0 (paused) when the offer is under the 6 A minimum.
   * The car reaches it along its ramp (see integrate).
   */
  private recomputePower(now: Date): void {
    const nowMs = now.getTime();
    for (const c of this.connectorList) this.integrate(c, nowMs);
    const perAmpereW = this.voltage * this.phases;
    const minPowerW = MIN_CHARGING_CURRENT_A * perAmpereW;
    for (const c of this.connectorList) {
      if (c.id === 0) continue;
      if (!c.tx || c.tx.stopping || c.tx.deauthorized) {
        c.targetA = 0;
        if (!c.tx || c.tx.deauthorized) c.currentA = 0;
        c.offeredW = c.tx ? 0 : this.offeredPowerW(c, now);
        continue;
      }
      c.offeredW = this.offeredPowerW(c, now);
      const available = c.offeredW < minPowerW ? 0 : c.offeredW;
      const demand = c.tx.vehicle.acceptedPowerW();
      const draw = Math.min(available, demand);
      c.targetA = draw > 0 ? (draw * c.tx.drawFactor) / perAmpereW : 0;
    }
  }

  private reading(c: Connector, now: Date): MeterReading {
    const perPhase = this.voltage * this.phases;
    return {
      timestamp: now,
      energyWh: c.energyWh,
      powerW: this.powerW(c),
      offeredW: c.offeredW,
      currentA: c.currentA,
      offeredA: c.offeredW / perPhase,
      voltageV: this.voltage + this.random.between(-2.5, 2.5),
      frequencyHz: 60 + this.random.between(-0.03, 0.03),
      temperatureC: 24 + this.powerW(c) / 2000 + this.random.between(-0.5, 0.5),
      socPercent: c.tx?.vehicle.socPercent,
    };
  }

  private transactionInfo(c: Connector, nowMs: number): TransactionInfo {
    this.integrate(c, nowMs);
    const tx = c.tx!;
    return {
      connectorId: c.id,
      transactionId: tx.id,
      idTag: tx.idTag,
      startedAt: tx.startedAt,
      meterStartWh: tx.meterStartWh,
      meterNowWh: Math.floor(c.energyWh),
      powerW: Math.round(this.powerW(c)),
      socPercent: Math.floor(tx.vehicle.socPercent),
    };
  }

  /** Periodic re-evaluation while sessions run: profile periods change, cars fill up. */
  private ensurePhysicsTimer(): void {
    if (this.physicsTimer) return;
    const tickMs = Math.min(PHYSICS_TICK_MS, Math.max(100, this.meterIntervalSec * 1000));
    this.physicsTimer = setInterval(() => {
      this.recomputePower(new Date());
      for (const c of this.connectorList) if (c.tx) void this.updateStatus(c);
    }, tickMs);
  }

  private stopPhysicsTimer(): void {
    if (this.physicsTimer) clearInterval(this.physicsTimer);
    this.physicsTimer = undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // Status

  private deriveStatus(c: Connector): ChargePointStatus {
    const station = this.connectorList[0]!;
    if (c.faulted || station.faulted) return 'Faulted';
    if (c.id === 0) return c.operative ? 'Available' : 'Unavailable';
    if (c.tx && !c.tx.stopping) {
      // The status follows the offer, not the car's ramp: SuspendedEVSE as soon as the offer is cut.
      if (c.targetA > 0) return 'Charging';
      if (c.tx.vehicle.full) return 'SuspendedEV';
      return 'SuspendedEVSE';
    }
    if (c.busy) return 'Preparing';
    if (c.finishing) return 'Finishing';
    if (!c.operative || !station.operative) return 'Unavailable';
    if (c.reservation) return 'Reserved';
    return 'Available';
  }

  /** Sends StatusNotification when the connector's status changed since the last one (or when forced). */
  private async updateStatus(c: Connector, force = false): Promise<void> {
    if (this.lifecycle !== 'accepted' && this.lifecycle !== 'rebooting') return;
    const status = this.deriveStatus(c);
    const wire = this.protocol === 'ocpp1.5' ? statusTo15(status) : status;
    if (!force && c.lastSent === wire) return;
    c.lastSent = wire;
    this.emit('status', c.id, status);
    await this.notify('StatusNotification', {
      connectorId: c.id,
      errorCode: status === 'Faulted' ? (c.faulted ? c.errorCode : this.connectorList[0]!.errorCode) : 'NoError',
      status,
      timestamp: new Date().toISOString(),
    });
  }

  private async sendAllStatuses(force: boolean): Promise<void> {
    for (const c of this.connectorList) await this.updateStatus(c, force);
  }

  // ---------------------------------------------------------------------------------------------
  // Timers

  private get heartbeatKey(): string {
    return this.protocol === 'ocpp1.5' ? 'HeartBeatInterval' : 'HeartbeatInterval';
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  /** Runs `fn` once the answer to the command being handled has gone out. */
  private afterReply(fn: () => Promise<unknown> | void): void {
    this.later(AFTER_REPLY_MS, () => {
      Promise.resolve()
        .then(fn)
        .catch((err) => this.log.warn(`${this.chargeBoxId}: ${(err as Error).message}`));
    });
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    const seconds = this.heartbeatIntervalSec;
    if (seconds > 0 && this.lifecycle === 'accepted') {
      this.heartbeatTimer = setInterval(() => void this.notify('Heartbeat', {}), seconds * 1000);
    }
  }

  private startMeterTimer(c: Connector): void {
    this.stopMeterTimer(c);
    if (!c.tx || this.meterIntervalSec <= 0) return;
    c.meterTimer = setInterval(() => void this.sendSampledMeterValues(c), this.meterIntervalSec * 1000);
  }

  private stopMeterTimer(c: Connector): void {
    if (c.meterTimer) clearInterval(c.meterTimer);
    c.meterTimer = undefined;
  }

  private startClockAligned(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = undefined;
    const seconds = this.configuration.getInt('ClockAlignedDataInterval');
    if (seconds <= 0 || this.lifecycle !== 'accepted') return;
    const periodMs = seconds * 1000;
    const schedule = () => {
      const delay = periodMs - (Date.now() % periodMs);
      this.clockTimer = setTimeout(() => {
        void this.sendAlignedMeterValues();
        schedule();
      }, delay);
    };
    schedule();
  }

  private clearAllTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.heartbeatTimer = undefined;
    this.clockTimer = undefined;
    this.stopPhysicsTimer();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.connectorList) this.stopMeterTimer(c);
  }

  private onConfigurationChanged(key: string): void {
    switch (key) {
      case 'HeartbeatInterval':
      case 'HeartBeatInterval':
        this.startHeartbeat();
        break;
      case 'MeterValueSampleInterval':
        this.meterIntervalSec = this.configuration.getInt('MeterValueSampleInterval');
        for (const c of this.connectorList) if (c.tx) this.startMeterTimer(c);
        break;
      case 'ClockAlignedDataInterval':
        this.startClockAligned();
        break;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Meter values

  private async sendSampledMeterValues(c: Connector, context: ReadingContext = 'Sample.Periodic'): Promise<void> {
    const tx = c.tx;
    const now = new Date();
    this.recomputePower(now);
    const reading = this.reading(c, now);
    if (tx && context === 'Sample.Periodic') {
      const stopTxn = this.configuration.getList('StopTxnSampledData');
      if (stopTxn.length && tx.data.length < 500) tx.data.push(toMeterValue(reading, stopTxn, 'Sample.Periodic'));
    }
    const meterValue = toMeterValue(reading, this.configuration.getList('MeterValuesSampledData'), context);
    if (meterValue.sampledValue.length === 0) return;
    const payload: Payload = { connectorId: c.id, meterValue: [meterValue] };
    if (tx) payload.transactionId = tx.id;
    await this.updateStatus(c);
    await this.notify('MeterValues', payload);
  }

  private async sendAlignedMeterValues(): Promise<void> {
    const now = new Date();
    this.recomputePower(now);
    const measurands = this.configuration.getList('MeterValuesAlignedData');
    for (const c of this.connectorList.slice(1)) {
      const meterValue = toMeterValue(this.reading(c, now), measurands, 'Sample.Clock');
      if (meterValue.sampledValue.length === 0) continue;
      const payload: Payload = { connectorId: c.id, meterValue: [meterValue] };
      if (c.tx) payload.transactionId = c.tx.id;
      await this.notify('MeterValues', payload);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Wire

  /** Sends a CALL (1.6 model; translated for 1.5) and returns the answer (1.6 model). Throws on failure. */
  private async call<T>(action: string, payload: Payload): Promise<T> {
    const client = this.client;
    if (!client) throw new Error(`${this.chargeBoxId} is not connected`);
    let wire: Payload | undefined = payload;
    if (this.protocol === 'ocpp1.5') {
      wire = requestTo15(action, payload);
      if (wire === undefined) return {} as T;
    }
    const raw = (await client.call(action, wire)) as Payload;
    const response = this.protocol === 'ocpp1.5' ? responseFrom15(action, raw) : raw;
    this.emit('sent', action, payload, response);
    return response as T;
  }

  /** A CALL whose failure is logged, not thrown (status, meter values, heartbeats). */
  private async notify(action: string, payload: Payload): Promise<void> {
    try {
      await this.call(action, payload);
    } catch (err) {
      if (!this.stopRequested) this.log.warn(`${this.chargeBoxId}: ${action} failed: ${(err as Error).message}`);
    }
  }

  private async sendFirmwareStatus(status: FirmwareStatus): Promise<void> {
    this.firmwareStatusValue = status;
    await this.notify('FirmwareStatusNotification', { status });
  }

  private async sendDiagnosticsStatus(status: DiagnosticsStatus): Promise<void> {
    this.diagnosticsStatusValue = status;
    await this.notify('DiagnosticsStatusNotification', { status });
  }

  private registerHandlers(client: RPCClient): void {
    const handlers: Record<string, CommandHandler> = {
      CancelReservation: (p) => this.onCancelReservation(p),
      ChangeAvailability: (p) => this.onChangeAvailability(p),
      ChangeConfiguration: (p) => this.onChangeConfiguration(p),
      ClearCache: () => {
        this.authCache.clear();
        return { status: 'Accepted' };
      },
      DataTransfer: (p) => this.onDataTransfer(p),
      GetConfiguration: (p) => this.configuration.list(p.key as string[] | undefined),
      GetDiagnostics: (p) => this.onGetDiagnostics(p),
      GetLocalListVersion: () => ({
        listVersion: this.configuration.getBool('LocalAuthListEnabled') ? this.localListVersion : -1,
      }),
      RemoteStartTransaction: (p) => this.onRemoteStart(p),
      RemoteStopTransaction: (p) => this.onRemoteStop(p),
      ReserveNow: (p) => this.onReserveNow(p),
      Reset: (p) => {
        this.afterReply(() => this.reboot(p.type as 'Soft' | 'Hard'));
        return { status: 'Accepted' };
      },
      SendLocalList: (p) => this.onSendLocalList(p),
      UnlockConnector: (p) => this.onUnlockConnector(p),
      UpdateFirmware: (p) => this.onUpdateFirmware(p),
    };
    if (this.protocol === 'ocpp1.6') {
      Object.assign(handlers, {
        ClearChargingProfile: (p: Payload) => this.onClearChargingProfile(p),
        GetCompositeSchedule: (p: Payload) => this.onGetCompositeSchedule(p),
        SetChargingProfile: (p: Payload) => this.onSetChargingProfile(p),
        TriggerMessage: (p: Payload) => this.onTriggerMessage(p),
      } satisfies Record<string, CommandHandler>);
    }
    for (const [action, handler] of Object.entries(handlers)) {
      client.handle(action, async ({ params }) => {
        const model = this.protocol === 'ocpp1.5' ? commandFrom15(action, (params ?? {}) as Payload) : ((params ?? {}) as Payload);
        this.emit('command', action, model);
        this.log.debug?.(`${this.chargeBoxId}: <- ${action} ${JSON.stringify(model)}`);
        const result = await handler(model);
        return this.protocol === 'ocpp1.5' ? resultTo15(action, result) : result;
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Remote commands

  private onRemoteStart(p: Payload): Payload {
    const idTag = p.idTag as string;
    const profile = p.chargingProfile as ChargingProfile | undefined;
    if (profile && profile.chargingProfilePurpose !== 'TxProfile') return { status: 'Rejected' };
    let connectorId = p.connectorId as number | undefined;
    if (connectorId === undefined) {
      connectorId = this.connectorList.find((c) => c.id > 0 && (this.isConnectorFree(c.id) || this.reservedFor(c, idTag)))?.id;
    }
    if (connectorId === undefined || connectorId < 1 || connectorId > this.connectorCount) return { status: 'Rejected' };
    const c = this.connectorList[connectorId]!;
    if (!this.isConnectorFree(connectorId) && !(this.lifecycle === 'accepted' && this.reservedFor(c, idTag) && !c.tx && !c.busy)) {
      return { status: 'Rejected' };
    }
    const authorize = this.protocol === 'ocpp1.5' ? true : this.configuration.getBool('AuthorizeRemoteTxRequests');
    // Claim the connector now so a second command cannot take it before the session starts.
    c.busy = true;
    this.afterReply(async () => {
      c.busy = false;
      await this.plugIn(connectorId, idTag, { authorize, chargingProfile: profile });
    });
    return { status: 'Accepted' };
  }

  private reservedFor(c: Connector, idTag: string): boolean {
    return !!c.reservation && (c.reservation.idTag === idTag || c.reservation.parentIdTag === idTag) && !c.faulted && c.operative;
  }

  private onRemoteStop(p: Payload): Payload {
    const c = this.connectorList.find((x) => x.tx?.id === p.transactionId && !x.tx?.stopping);
    if (!c) return { status: 'Rejected' };
    this.afterReply(() => this.stopTransaction(c, 'Remote'));
    return { status: 'Accepted' };
  }

  private onChangeAvailability(p: Payload): Payload {
    const connectorId = p.connectorId as number;
    if (connectorId < 0 || connectorId > this.connectorCount) return { status: 'Rejected' };
    const operative = p.type === 'Operative';
    const targets = connectorId === 0 ? this.connectorList : [this.connectorList[connectorId]!];
    // The flag changes now; a connector with a transaction shows it when the transaction ends.
    const busy = targets.some((c) => c.tx || c.busy);
    if (connectorId === 0) this.connectorList[0]!.operative = operative;
    else this.connectorList[connectorId]!.operative = operative;
    this.afterReply(async () => {
      for (const c of targets) await this.updateStatus(c);
    });
    return { status: busy && !operative ? 'Scheduled' : 'Accepted' };
  }

  private onChangeConfiguration(p: Payload): Payload {
    return { status: this.configuration.change(p.key as string, p.value as string) };
  }

  private onDataTransfer(p: Payload): Payload {
    const vendor = this.options.vendor ?? 'Recarga';
    if (p.vendorId !== vendor) return { status: 'UnknownVendorId' };
    if (p.messageId !== undefined && p.messageId !== 'Echo') return { status: 'UnknownMessageId' };
    return p.data === undefined ? { status: 'Accepted' } : { status: 'Accepted', data: p.data };
  }

  private onUnlockConnector(p: Payload): Payload {
    const connectorId = p.connectorId as number;
    if (connectorId < 1 || connectorId > this.connectorCount) return { status: 'NotSupported' };
    const c = this.connectorList[connectorId]!;
    if (c.faulted && c.errorCode === 'ConnectorLockFailure') return { status: 'UnlockFailed' };
    // Answer first, then stop: a central system that serialises a station's messages must not wait on itself.
    if (c.tx) this.afterReply(() => this.stopTransaction(c, 'UnlockCommand'));
    else if (c.busy) c.unlockRequested = true;
    return { status: 'Unlocked' };
  }

  private onGetDiagnostics(p: Payload): Payload {
    const location = p.location as string;
    const ok = isUploadLocation(location);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    const fileName = `${this.chargeBoxId}-diagnostics-${stamp}.log`;
    this.afterReply(async () => {
      if (!ok) {
        await this.sendDiagnosticsStatus('UploadFailed');
        return;
      }
      await this.sendDiagnosticsStatus('Uploading');
      await sleep(this.operationDelayMs);
      if (this.lifecycle === 'stopped') return;
      await this.sendDiagnosticsStatus('Uploaded');
    });
    return ok ? { fileName } : {};
  }

  private onUpdateFirmware(p: Payload): Payload {
    const location = p.location as string;
    const retrieveAt = Date.parse(p.retrieveDate as string);
    const delay = Math.max(AFTER_REPLY_MS, retrieveAt - Date.now());
    this.later(delay, () => {
      this.runFirmwareUpdate(location).catch((err) => this.log.warn(`${this.chargeBoxId}: firmware update: ${(err as Error).message}`));
    });
    return {};
  }

  private async runFirmwareUpdate(location: string): Promise<void> {
    if (!isUploadLocation(location)) {
      await this.sendFirmwareStatus('DownloadFailed');
      return;
    }
    await this.sendFirmwareStatus('Downloading');
    await sleep(this.operationDelayMs);
    await this.sendFirmwareStatus('Downloaded');
    // Installation waits for running sessions to end, as chargers in the field do.
    while (this.connectorList.some((c) => c.tx || c.busy) && !this.stopRequested) await sleep(1000);
    if (this.stopRequested) return;
    await this.sendFirmwareStatus('Installing');
    await sleep(this.operationDelayMs);
    this.firmwareVersionValue = nextFirmwareVersion(this.firmwareVersionValue, location);
    this.firmwareInstallPending = true;
    await this.reboot('Hard');
  }

  private onTriggerMessage(p: Payload): Payload {
    const requested = p.requestedMessage as string;
    const connectorId = p.connectorId as number | undefined;
    if (connectorId !== undefined && (connectorId < 0 || connectorId > this.connectorCount)) return { status: 'Rejected' };
    const perConnector = (fn: (c: Connector) => Promise<void>, includeZero: boolean) =>
      this.afterReply(async () => {
        const targets =
          connectorId !== undefined ? [this.connectorList[connectorId]!] : this.connectorList.filter((c) => includeZero || c.id > 0);
        for (const c of targets) await fn(c);
      });
    switch (requested) {
      case 'BootNotification':
        this.afterReply(() => this.boot(true));
        break;
      case 'Heartbeat':
        this.afterReply(() => this.notify('Heartbeat', {}));
        break;
      case 'StatusNotification':
        perConnector((c) => this.updateStatus(c, true), true);
        break;
      case 'MeterValues':
        if (connectorId === 0) return { status: 'Rejected' };
        perConnector((c) => this.sendSampledMeterValues(c, 'Trigger'), false);
        break;
      case 'DiagnosticsStatusNotification':
        this.afterReply(() => this.sendDiagnosticsStatus(this.diagnosticsStatusValue));
        break;
      case 'FirmwareStatusNotification':
        this.afterReply(() => this.sendFirmwareStatus(this.firmwareStatusValue));
        break;
      default:
        return { status: 'NotImplemented' };
    }
    return { status: 'Accepted' };
  }

  private onSetChargingProfile(p: Payload): Payload {
    const connectorId = p.connectorId as number;
    const profile = p.csChargingProfiles as ChargingProfile;
    if (this.rejectChargingProfiles) return { status: 'Rejected' };
    if (connectorId < 0 || connectorId > this.connectorCount) return { status: 'Rejected' };
    if (profile.stackLevel < 0 || profile.stackLevel > this.configuration.getInt('ChargeProfileMaxStackLevel'))
      return { status: 'Rejected' };
    if (profile.chargingSchedule.chargingSchedulePeriod.length > this.configuration.getInt('ChargingScheduleMaxPeriods')) {
      return { status: 'Rejected' };
    }
    if (profile.chargingProfileKind === 'Recurring' && !profile.recurrencyKind) return { status: 'Rejected' };
    switch (profile.chargingProfilePurpose) {
      case 'ChargePointMaxProfile':
        if (connectorId !== 0) return { status: 'Rejected' };
        break;
      case 'TxProfile': {
        const tx = connectorId > 0 ? this.connectorList[connectorId]!.tx : undefined;
        if (!tx || (profile.transactionId !== undefined && profile.transactionId !== tx.id)) return { status: 'Rejected' };
        profile.transactionId = tx.id;
        break;
      }
      case 'TxDefaultProfile':
        break;
    }
    const now = new Date();
    this.recomputePower(now); // integrate under the old limit first
    this.chargingProfiles.install(connectorId, profile, now);
    this.recomputePower(now);
    this.afterReply(async () => {
      for (const c of this.connectorList) if (c.tx) await this.updateStatus(c);
    });
    return { status: 'Accepted' };
  }

  private onClearChargingProfile(p: Payload): Payload {
    const now = new Date();
    this.recomputePower(now);
    const cleared = this.chargingProfiles.clear({
      id: p.id as number | undefined,
      connectorId: p.connectorId as number | undefined,
      chargingProfilePurpose: p.chargingProfilePurpose as ChargingProfile['chargingProfilePurpose'] | undefined,
      stackLevel: p.stackLevel as number | undefined,
    });
    this.recomputePower(now);
    if (cleared > 0) {
      this.afterReply(async () => {
        for (const c of this.connectorList) if (c.tx) await this.updateStatus(c);
      });
    }
    return { status: cleared > 0 ? 'Accepted' : 'Unknown' };
  }

  private onGetCompositeSchedule(p: Payload): Payload {
    const connectorId = p.connectorId as number;
    const duration = p.duration as number;
    if (connectorId < 0 || connectorId > this.connectorCount || duration <= 0) return { status: 'Rejected' };
    const unit = (p.chargingRateUnit as 'A' | 'W' | undefined) ?? 'W';
    const c = this.connectorList[connectorId]!;
    const now = new Date();
    const hardwareW = connectorId === 0 ? this.ratedPowerW() : c.maxPowerW;
    const periods = this.chargingProfiles.composite(connectorId, now, duration, this.limitContext(c));
    const toUnit = (w: number) => Math.round((unit === 'W' ? w : w / (this.voltage * this.phases)) * 10) / 10;
    return {
      status: 'Accepted',
      connectorId,
      scheduleStart: now.toISOString(),
      chargingSchedule: {
        duration,
        startSchedule: now.toISOString(),
        chargingRateUnit: unit,
        chargingSchedulePeriod: periods.map((period) => ({
          startPeriod: period.startPeriod,
          limit: toUnit(Math.min(hardwareW, period.limitW ?? hardwareW)),
          ...(unit === 'A' ? { numberPhases: this.phases } : {}),
        })),
      },
    };
  }

  private onReserveNow(p: Payload): Payload {
    const connectorId = p.connectorId as number;
    if (connectorId < 1 || connectorId > this.connectorCount) return { status: 'Rejected' };
    const c = this.connectorList[connectorId]!;
    const station = this.connectorList[0]!;
    if (c.faulted || station.faulted) return { status: 'Faulted' };
    if (!c.operative || !station.operative) return { status: 'Unavailable' };
    const reservationId = p.reservationId as number;
    if (c.tx || c.busy || c.finishing || (c.reservation && c.reservation.id !== reservationId)) return { status: 'Occupied' };
    for (const other of this.connectorList) {
      if (other.reservation?.id === reservationId && other !== c) this.dropReservation(other);
    }
    if (c.reservation) clearTimeout(c.reservation.timer);
    const expiresAt = new Date(p.expiryDate as string);
    const timer = setTimeout(
      () => {
        if (c.reservation?.id === reservationId) {
          this.dropReservation(c);
          void this.updateStatus(c);
        }
      },
      Math.max(0, Math.min(expiresAt.getTime() - Date.now(), 2 ** 31 - 1)),
    );
    c.reservation = { id: reservationId, idTag: p.idTag as string, parentIdTag: p.parentIdTag as string | undefined, expiresAt, timer };
    this.afterReply(() => this.updateStatus(c));
    return { status: 'Accepted' };
  }

  private onCancelReservation(p: Payload): Payload {
    const c = this.connectorList.find((x) => x.reservation?.id === p.reservationId);
    if (!c) return { status: 'Rejected' };
    this.dropReservation(c);
    this.afterReply(() => this.updateStatus(c));
    return { status: 'Accepted' };
  }

  private dropReservation(c: Connector): void {
    if (!c.reservation) return;
    clearTimeout(c.reservation.timer);
    c.reservation = undefined;
  }

  private onSendLocalList(p: Payload): Payload {
    if (!this.configuration.getBool('LocalAuthListEnabled')) return { status: 'NotSupported' };
    const version = p.listVersion as number;
    const entries = (p.localAuthorizationList as Array<{ idTag: string; idTagInfo?: IdTagInfo }> | undefined) ?? [];
    const max = this.configuration.getInt('SendLocalListMaxLength') || 100;
    if (entries.length > max) return { status: 'Failed' };
    if (p.updateType === 'Full') {
      this.localList = new Map(entries.filter((e) => e.idTagInfo).map((e) => [e.idTag, e.idTagInfo!]));
    } else {
      if (version <= this.localListVersion) return { status: 'VersionMismatch' };
      for (const e of entries) {
        if (e.idTagInfo) this.localList.set(e.idTag, e.idTagInfo);
        else this.localList.delete(e.idTag);
      }
    }
    this.localListVersion = version;
    return { status: 'Accepted' };
  }
}

function isUploadLocation(location: string): boolean {
  try {
    return ['ftp:', 'ftps:', 'sftp:', 'http:', 'https:'].includes(new URL(location).protocol);
  } catch {
    return false;
  }
}

/** The version in the firmware file name (fw-2.1.0.bin -> 2.1.0), or the current one with the patch bumped. */
function nextFirmwareVersion(current: string, location: string): string {
  const file = location.split('/').pop() ?? '';
  const found = /(\d+\.\d+(?:\.\d+)?)/.exec(file);
  if (found) return found[1]!;
  const parts = current.split('.');
  const last = Number.parseInt(parts[parts.length - 1] ?? '0', 10);
  parts[parts.length - 1] = String(Number.isNaN(last) ? 1 : last + 1);
  return parts.join('.');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
