import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ChargePointAction, OcppProtocol } from '@recarga/contracts/ocpp';
import type { DB } from '../db/db';
import type { LivePublisher } from '../platform/live-publisher';
import { subjectToken } from '../platform/bus-subjects';
import type { UpgradeHandler } from '../live/upgrade-router';
import { recordNotifications } from '../modules/notifications/service';
import type { TenantLog } from '../modules/logs/tenant-log-service';
import { verifyPassword } from '../platform/auth/password';
import { StationLookup } from './station-lookup';
import type { Bus } from '../platform/bus';
import { Gauge, Histogram, type Metrics } from '../platform/metrics';
import { stationSubject, type StationCallReply, type StationCallRequest } from './call-station';
import { onlineSince, PONG_REFRESH_FACTOR } from './connections';
import type { Handler, HandlerDeps, StationSession } from './handler-context';
import { authorize } from './handlers/authorize';
import { bootNotification } from './handlers/boot-notification';
import { dataTransfer } from './handlers/data-transfer';
import { diagnosticsStatusNotification } from './handlers/diagnostics-status-notification';
import { firmwareStatusNotification } from './handlers/firmware-status-notification';
import { heartbeat } from './handlers/heartbeat';
import { meterValues } from './handlers/meter-values';
import { startTransaction } from './handlers/start-transaction';
import { statusNotification } from './handlers/status-notification';
import { stopTransaction } from './handlers/stop-transaction';
import { KeepAlive, type Pinged } from './keepalive';
import {
  CallTimeout,
  InvalidResponse,
  OcppError,
  StationCallError,
  StationLink,
  readHandshake,
  refuseHandshake,
  type Handshake,
  type LinkOwner,
} from './ocpp-j';
import * as repo from './repository';
import { StationEvents } from './station-events';
import { command16to15, commandResult15to16, request15to16, response16to15 } from './v15/mapping';
import { hasSchema, validateMessage } from './validation';
import { SignInThrottle, clientAddress, proxyTrust, type ProxyTrust } from './sign-in-throttle';
import { WriteBatcher, type WriteBatcherOptions } from './write-batcher';
import { Admission } from './admission';

const OCPP_PATH = /^\/ocpp\/[^/]+$/;
const PROTOCOLS: OcppProtocol[] = ['ocpp1.6', 'ocpp1.5'];
/** The largest frame a station may send (a long MeterValues or DataTransfer stays far below). */
const MAX_PAYLOAD = 4 * 1024 * 1024;
/** Disconnected events written per statement (9 bind parameters each), and closed sockets per transaction. */
const DISCONNECTED_CHUNK = 1000;

/**
 * The actions whose handlers write through the main connection pool rather than the write batcher,
 * and how many of them run at once: the pool has 10 connections on PostgreSQL, the other two stay
 * with the dashboard and the jobs when a fleet starts or stops thousands of recharges at once.
 */
const DIRECT_ACTIONS = new Set<ChargePointAction>([
  'Authorize',
  'DataTransfer',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'StartTransaction',
  'StopTransaction',
]);
const DIRECT_AT_ONCE = 8;

/** One handler per charge-point action, all in the OCPP 1.6 model. */
const handlers: { [A in ChargePointAction]: Handler<A> } = {
  Authorize: authorize,
  BootNotification: bootNotification,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  FirmwareStatusNotification: firmwareStatusNotification,
  Heartbeat: heartbeat,
  MeterValues: meterValues,
  StartTransaction: startTransaction,
  StatusNotification: statusNotification,
  StopTransaction: stopTransaction,
};

export interface CentralSystemOptions {
  db: Kysely<DB>;
  bus: Bus;
  publisher: LivePublisher;
  log: FastifyBaseLogger;
  /** Seconds; answered in BootNotification. */
  heartbeatInterval: number;
  /** Seconds between websocket pings; a socket that misses one pong is closed at the next. */
  pingInterval: number;
  /** This node's name in connection records; stale records of it are cleared at start. Default: host name. */
  nodeId?: string;
  batcher?: WriteBatcherOptions;
  /** Where the write batches go (default `db`): connections kept for the station write path. */
  writeDb?: Kysely<DB>;
  now?: () => Date;
  /** The proxies whose X-Forwarded-For names a station's address (TRUST_PROXY); none by default. */
  trustProxy?: readonly string[];
  /** Registry for the OCPP metrics (message handling time per action, write batches, connected stations). */
  metrics?: Metrics;
  /** The per-tenant operational log: connections, every incoming call in one line, CALLERRORs, invalid frames. */
  tenantLog?: TenantLog;
  /** Station sockets (upgrading or open) this node holds at most; past it an upgrade gets 503 (socket-cap.ts). */
  maxConnections?: number;
}

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface LocalStation extends Partial<Pinged> {
  link: StationLink<LocalStation>;
  session: StationSession;
  remoteAddress: string | null;
  connectedAt: Date;
  /** When this socket's liveness was last queued for writing (epoch ms): a pong refreshes it only when older. */
  refreshedAt: number;
  /** The connection record is written (until then a missed touch means nothing). */
  recorded: boolean;
  opened: Promise<void>;
  /** A newer socket of the same station took over: this one leaves no Disconnected event. */
  replaced: boolean;
  /** When its upgrade arrived among this node's (upgradeSeq): the later socket of a station is the one kept. */
  order: number;
  closed: boolean;
  whenClosed: Promise<void>;
  markClosed: () => void;
  stopResponding: () => void;
}

type Verdict =
  | { ok: true; session: { chargeBoxPk: number; chargeBoxId: string; tenantPk: number }; protocol: OcppProtocol }
  | { ok: false; status: number; message: string };

/**
 * The OCPP-J central system at /ocpp/{chargeBoxId} (subprotocols ocpp1.6 and ocpp1.5; the framing
 * in ocpp-j.ts): every message is validated against the protocol's schemas in both directions,
 * invalid ones get a CALLERROR and the connection stays up. Only registered stations
 * connect (HTTP Basic password when the station has one); unknown ones are recorded. OCPP 1.5 is
 * mapped to the 1.6 model at the edge; one handler per action does the work and answers after
 * commit. The node holding a socket answers `ocpp.cp.<chargeBoxId>` on the bus (callStation).
 */
export class CentralSystem implements UpgradeHandler {
  readonly events: StationEvents;
  readonly nodeId: string;
  private readonly wss: WebSocketServer;
  /** The subprotocol chosen for the upgrade being completed (ws asks for it synchronously). */
  private choosing: OcppProtocol | undefined;
  private readonly linkOwner: LinkOwner<LocalStation>;
  private readonly linkOptions = { actions: new Set<string>(Object.keys(handlers)), callTimeoutMs: 30_000 };
  private readonly batcher: WriteBatcher;
  /** Handshakes' station look-ups, coalesced (see StationLookup). */
  private readonly stations: StationLookup;
  private readonly throttle: SignInThrottle;
  private readonly deps: HandlerDeps;
  private readonly local = new Map<string, LocalStation>();
  /** A pong older than this after the last refresh writes the record again (see PONG_REFRESH_FACTOR). */
  private readonly pongRefreshMs: number;
  /** The same sockets by connection id (touches report missing records by connection id). */
  private readonly byConnection = new Map<string, LocalStation>();
  private readonly tracked = new Set<Promise<unknown>>();
  /** Sockets closed and not yet written (see writeCloses). */
  private readonly closedSockets: { entry: LocalStation; closedAt: Date }[] = [];
  private closeWriter: Promise<void> | undefined;
  private readonly unsubscribes: (() => void)[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly keepAlive: KeepAlive;
  private closing = false;
  /**
   * Turns of the direct actions. A closing node drops, at the next turn, those waiting whose socket is
   * gone: the station sends them again on its next socket.
   */
  private readonly admission = new Admission<LocalStation>(DIRECT_AT_ONCE, (entry) => this.closing && entry.closed);
  /** Station sockets from their upgrade request until they close: what counts against `maxConnections`. */
  private sockets = 0;
  /** Upgrades in the order they arrived: of two sockets of one station, the later one stays. */
  private upgradeSeq = 0;
  /** When each station's protocol refusal was last written to its network's log (epoch ms). */
  private readonly refusedProtocolNoted = new Map<string, number>();
  private lastCapWarning = 0;
  private readonly messageDuration = new Histogram(
    'recarga_ocpp_message_duration_seconds',
    'Time from a station CALL reaching its handler to the answer (committed), per action',
    SECONDS_BUCKETS,
  );

  private readonly proxies: ProxyTrust;

  constructor(private readonly opts: CentralSystemOptions) {
    this.nodeId = opts.nodeId ?? hostname();
    const now = opts.now ?? (() => new Date());
    this.throttle = new SignInThrottle(opts.db, now);
    this.proxies = proxyTrust(opts.trustProxy ?? []);
    this.events = new StationEvents(opts.db, opts.publisher, opts.bus, opts.pingInterval, opts.log);
    const batchDuration = new Histogram('recarga_ocpp_write_batch_duration_seconds', 'One write batch transaction', SECONDS_BUCKETS);
    const batchSize = new Histogram(
      'recarga_ocpp_write_batch_messages',
      'Messages written per batch',
      [1, 2, 5, 10, 25, 50, 100, 200, 500],
    );
    if (opts.metrics) {
      opts.metrics.register(this.messageDuration);
      opts.metrics.register(batchDuration);
      opts.metrics.register(batchSize);
      opts.metrics.register(new Gauge('recarga_ocpp_connected_stations', 'Station sockets open on this node', () => this.local.size));
      opts.metrics.register(
        new Gauge(
          'recarga_ocpp_waiting_messages',
          'Station messages waiting their turn to write outside the batcher',
          () => this.waitingMessages,
        ),
      );
    }
    this.pongRefreshMs = PONG_REFRESH_FACTOR * opts.pingInterval * 1000;
    this.keepAlive = new KeepAlive(opts.pingInterval);
    this.stations = new StationLookup(opts.db);
    this.batcher = new WriteBatcher(opts.writeDb ?? opts.db, {
      ...opts.batcher,
      onMissedTouches: (ids) => this.onMissedTouches(ids),
      onError: (err) => opts.log.error({ err }, 'ocpp: batched write failed'),
      onBatch: (items, ms) => {
        batchDuration.observe(ms / 1000);
        batchSize.observe(items);
      },
    });
    this.deps = { db: opts.db, batcher: this.batcher, events: this.events, heartbeatInterval: opts.heartbeatInterval, log: opts.log, now };

    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_PAYLOAD,
      clientTracking: false,
      handleProtocols: () => this.choosing ?? false,
    });
    this.wss.on('error', (err: unknown) => opts.log.warn({ err }, 'ocpp: server error'));
    this.linkOwner = {
      call: (link, action, params) => this.dispatch(link.data, action as ChargePointAction, params),
      invalid: (link, kind, message) => this.opts.tenantLog?.stationInvalidMessage(link.data.session, kind, message),
      pong: (link) => this.onPong(link.data),
      closed: (link) => this.onClose(link.data),
      badAnswer: (link, action, message) =>
        opts.log.error({ chargeBoxId: link.data.session.chargeBoxId, action, err: message }, 'ocpp: our answer broke its schema'),
    };
  }

  /** Clears this node's stale connection records (recording Disconnected) and starts the sweeper. */
  async start() {
    await this.removeConnections((trx) => repo.clearNodeConnections(trx, this.nodeId));
    this.unsubscribes.push(
      this.opts.bus.subscribe('ocpp.connected.*', (data) => {
        const msg = data as { chargeBoxId: string; connectionId: string; nodeId: string; connectedAt: number };
        // This node settles its own sockets as they open (onClient); a message may arrive after a newer socket's.
        if (msg.nodeId === this.nodeId) return;
        const entry = this.local.get(msg.chargeBoxId);
        const mine = entry?.connectedAt.getTime() ?? 0;
        const newer = msg.connectedAt > mine || (msg.connectedAt === mine && msg.connectionId > (entry?.session.connectionId ?? ''));
        if (entry && entry.session.connectionId !== msg.connectionId && !entry.closed && newer) {
          entry.replaced = true;
          void entry.link.close(1000, 'Replaced by a newer connection');
        }
      }),
      this.opts.bus.subscribe('ocpp.disconnect.*', (data) => {
        const entry = this.local.get((data as { chargeBoxId: string }).chargeBoxId);
        if (entry && !entry.closed) void entry.link.close(1000, 'Disconnected by the central system');
      }),
    );
    const sweepMs = Math.max(1000, this.opts.pingInterval * 1000);
    this.sweepTimer = setInterval(() => void this.sweep(), sweepMs);
    this.sweepTimer.unref();
  }

  /** Takes the HTTP upgrade of /ocpp/{chargeBoxId}; false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!OCPP_PATH.test(path)) return false;
    const cap = this.opts.maxConnections;
    if (cap !== undefined && this.sockets >= cap) {
      this.refuseOverCap(socket, cap);
      return true;
    }
    this.sockets++;
    socket.once('close', () => this.sockets--);
    const order = ++this.upgradeSeq;
    // Whatever the request holds, a failure here refuses this socket; it never reaches the process.
    this.upgrade(req, socket, head, order).catch((err: unknown) => {
      this.opts.log.error({ err }, 'ocpp: upgrade failed');
      refuseHandshake(socket, 500);
    });
    return true;
  }

  /** Checks the station (identity, subprotocol, password), then completes the WebSocket upgrade. */
  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, order: number) {
    // Until ws owns the socket, a reset must neither crash the node nor leave the socket open.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    const handshake = readHandshake(req);
    if ('status' in handshake) return refuseHandshake(socket, handshake.status, handshake.message);
    const verdict = await this.authenticate(handshake);
    if (!verdict.ok) return refuseHandshake(socket, verdict.status, verdict.message);
    // The station may have left during the checks.
    if (socket.destroyed || !socket.writable) return;
    this.choosing = verdict.protocol;
    try {
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        socket.removeListener('error', onError);
        this.onClient(ws, verdict, handshake.remoteAddress, order);
      });
    } finally {
      this.choosing = undefined;
    }
  }

  /** 503 before any look-up: the node keeps its descriptors for the stations it holds. */
  private refuseOverCap(socket: Duplex, cap: number) {
    const now = Date.now();
    if (now - this.lastCapWarning >= 60_000) {
      this.lastCapWarning = now;
      this.opts.log.warn({ maxConnections: cap }, "ocpp: station sockets at the node's limit; new ones are refused with 503");
    }
    socket.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 30\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.once('error', () => undefined);
    setTimeout(() => socket.destroy(), 1000).unref();
  }

  /** Charge box ids with a socket on this node. */
  localStations(): string[] {
    return [...this.local.keys()];
  }

  /** Station messages waiting their turn to write outside the batcher (StartTransaction, StopTransaction…). */
  get waitingMessages(): number {
    return this.admission.queued;
  }

  /** Writes everything pending (tests, shutdown). */
  async flush() {
    await this.batcher.drain();
    await Promise.allSettled([...this.tracked]);
    await this.events.settled();
  }

  /** Closes every station socket (recording Disconnected), then writes what is pending. */
  async close() {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.sweepTimer);
    this.keepAlive.close();
    for (const u of this.unsubscribes) u();
    const sockets = [...this.local.values()];
    for (const s of sockets) void s.link.close(1001, 'Server shutting down');
    await Promise.race([Promise.all(sockets.map((s) => s.whenClosed)), new Promise((r) => setTimeout(r, 5000).unref())]);
    for (const s of sockets) if (!s.closed) void s.link.close(1001, '', true);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    while (this.tracked.size) await Promise.allSettled([...this.tracked]);
    await this.batcher.close();
    await this.events.settled();
  }

  // -------------------------------------------------------------------------------------------

  private track<T>(p: Promise<T>): Promise<T> {
    this.tracked.add(p);
    const done = () => this.tracked.delete(p);
    p.then(done, done);
    return p;
  }

  /**
   * A registered station refused for its subprotocol leaves a line in its network's log, at most one
   * per station every 10 minutes (a station retrying every few seconds must not flood the log).
   */
  private noteRefusedProtocol(station: { tenant_pk: number; charge_box_id: string }, offered: string) {
    const now = Date.now();
    const last = this.refusedProtocolNoted.get(station.charge_box_id);
    if (last !== undefined && now - last < 10 * 60_000) return;
    if (this.refusedProtocolNoted.size >= 10_000) this.refusedProtocolNoted.clear();
    this.refusedProtocolNoted.set(station.charge_box_id, now);
    this.opts.log.warn({ chargeBoxId: station.charge_box_id, offered }, 'ocpp: no common subprotocol; connection refused');
    this.opts.tenantLog?.stationRefusedProtocol(
      { tenantPk: station.tenant_pk, chargeBoxId: station.charge_box_id },
      offered,
      PROTOCOLS.join(','),
    );
  }

  private async authenticate(handshake: Handshake): Promise<Verdict> {
    const reject = (status: number, message: string): Verdict => ({ ok: false, status, message });
    try {
      if (this.closing) return reject(503, 'Server shutting down');
      const id = handshake.identity;
      const protocol = PROTOCOLS.find((p) => handshake.protocols.has(p));
      // A NUL (the address's %00) is no identity PostgreSQL can store or compare: refused before any look-up.
      if (!id || id.length > 255 || id.includes('\u0000')) return reject(400, 'Invalid charge point identity');
      const address = clientAddress(handshake.headers, handshake.remoteAddress, this.proxies);
      const throttled = async (reason: 'password' | 'unknown') => {
        const verdict = await this.throttle.reserve(id, reason, address);
        if (!verdict.throttled) return null;
        this.opts.log.warn({ chargeBoxId: id, remoteAddress: address, reason }, 'ocpp: sign-in throttled');
        return reject(429, `Too many failed sign-in attempts; retry after ${verdict.retryAfterSec} s`);
      };
      const station = await this.stations.find(id);
      if (!station) {
        const refused = await throttled('unknown');
        if (refused) return refused;
        await repo.recordUnknownStation(this.opts.db, id, handshake.remoteAddress, [...handshake.protocols].join(','));
        this.opts.log.warn({ chargeBoxId: id, remoteAddress: address }, 'ocpp: unknown charge point refused');
        return reject(404, 'Unknown charge point');
      }
      if (!protocol) {
        this.noteRefusedProtocol(station, [...handshake.protocols].join(','));
        return reject(400, `Unsupported subprotocol; use one of ${PROTOCOLS.join(', ')}`);
      }
      if (station.ocpp_password_hash) {
        // The check is counted as a failure before the password is looked at.
        const refused = await throttled('password');
        if (refused) return refused;
        const password = handshake.password?.toString('utf8');
        if (!password || !(await verifyPassword(password, station.ocpp_password_hash))) {
          this.opts.log.warn({ chargeBoxId: id, remoteAddress: address }, 'ocpp: wrong or missing password');
          return reject(401, 'Unauthorized');
        }
        await this.throttle.succeeded(id, address);
      }
      return {
        ok: true,
        session: { chargeBoxPk: station.charge_box_pk, chargeBoxId: station.charge_box_id, tenantPk: station.tenant_pk },
        protocol,
      };
    } catch (err) {
      this.opts.log.error({ err }, 'ocpp: handshake failed');
      return reject(500, 'Internal Server Error');
    }
  }

  private onClient(ws: WebSocket, verdict: Extract<Verdict, { ok: true }>, remoteAddress: string | undefined, order: number) {
    const { protocol } = verdict;
    const session: StationSession = { ...verdict.session, protocol, connectionId: randomUUID() };
    let markClosed!: () => void;
    const whenClosed = new Promise<void>((r) => (markClosed = r));
    const connectedAt = new Date();
    const entry = {
      session,
      remoteAddress: remoteAddress ?? null,
      connectedAt,
      refreshedAt: connectedAt.getTime(),
      recorded: false,
      opened: Promise.resolve(),
      replaced: false,
      order,
      closed: false,
      whenClosed,
      markClosed,
      stopResponding: () => undefined,
      socket: ws,
      awaitingPong: false,
      heard: false,
    } as Omit<LocalStation, 'link'> as LocalStation;
    // Listening from here on, synchronously: the station may send its first message right away.
    entry.link = new StationLink(ws, protocol, this.linkOwner, this.linkOptions, entry);

    const previous = this.local.get(session.chargeBoxId);
    if (previous && !previous.closed && previous.order > order) {
      // A socket of this station that arrived later passed its checks first: it stays, this older one leaves.
      entry.replaced = true;
      void entry.link.close(1000, 'Replaced by a newer connection');
      return;
    }
    this.keepAlive.add(entry as Pinged);
    this.local.set(session.chargeBoxId, entry);
    this.byConnection.set(session.connectionId, entry);
    if (previous && !previous.closed) {
      previous.replaced = true;
      void previous.link.close(1000, 'Replaced by a newer connection');
    }
    entry.stopResponding = this.opts.bus.respond(stationSubject(session.chargeBoxId), (data) =>
      this.handleCall(entry, data as StationCallRequest),
    );
    this.opts.bus.publish(`ocpp.connected.${subjectToken(session.chargeBoxId)}`, {
      chargeBoxId: session.chargeBoxId,
      connectionId: session.connectionId,
      nodeId: this.nodeId,
      connectedAt: connectedAt.getTime(),
    });
    entry.opened = this.track(this.recordConnected(entry));
    entry.opened.catch((err) => {
      // Not on record means never shown online: better the station retries the connection later.
      this.opts.log.error({ err, chargeBoxId: session.chargeBoxId }, 'ocpp: could not record the connection; closing it');
      void entry.link.close(1011, 'Try again later');
    });
    this.opts.log.info({ chargeBoxId: session.chargeBoxId, protocol, remoteAddress: entry.remoteAddress }, 'ocpp: station connected');
    this.opts.tenantLog?.stationConnected(session, protocol, entry.remoteAddress);
  }

  /**
   * A pong refreshes the record only when the last refresh is older than PONG_REFRESH_FACTOR
   * intervals: a station is online while its record is younger than STALE_FACTOR intervals, so
   * every other pong is enough, and a station whose messages already refresh it writes nothing
   * for its pongs.
   */
  private onPong(entry: LocalStation) {
    entry.awaitingPong = false;
    const now = Date.now();
    if (now - entry.refreshedAt < this.pongRefreshMs) return;
    entry.refreshedAt = now;
    const { session } = entry;
    this.batcher.touch({ chargeBoxPk: session.chargeBoxPk, connectionId: session.connectionId, at: new Date(now), message: false });
  }

  private async dispatch<A extends ChargePointAction>(entry: LocalStation, action: A, params: unknown) {
    const started = performance.now();
    try {
      return await this.answer(entry, action, handlers[action] as Handler<A>, params);
    } finally {
      this.messageDuration.observe((performance.now() - started) / 1000, { action });
    }
  }

  /** Runs an action's handler (1.5 mapped at the edge); failures other than CALLERRORs become InternalError. */
  private async answer<A extends ChargePointAction>(entry: LocalStation, action: A, handler: Handler<A>, params: unknown) {
    const { session } = entry;
    const at = new Date();
    // Every action refreshes the record (Heartbeat in its handler, the others just below), and
    // proves the socket alive: the keep-alive skips its next ping.
    entry.refreshedAt = at.getTime();
    entry.heard = true;
    // Outside the try: a message dropped at shutdown (Abandoned) is neither logged nor answered.
    const direct = DIRECT_ACTIONS.has(action);
    if (direct) await this.admission.enter(entry);
    try {
      // The connection is on record (and its Connected event written) before anything it says,
      // and before its liveness is refreshed (a touch of a record not yet written would miss it).
      await entry.opened.catch(() => undefined);
      if (action !== 'Heartbeat')
        this.batcher.touch({ chargeBoxPk: session.chargeBoxPk, connectionId: session.connectionId, at, message: true });
      const request = session.protocol === 'ocpp1.5' ? request15to16(action, params as Record<string, unknown>) : params;
      const result = await handler(this.deps, session, request as Parameters<Handler<A>>[2]);
      this.opts.tenantLog?.stationCall(session, action, request, result);
      return session.protocol === 'ocpp1.5' ? response16to15(action, result as Record<string, unknown>) : result;
    } catch (err) {
      if (err instanceof OcppError) {
        this.opts.tenantLog?.stationCallFailed(session, action, err.code, err.message);
        throw err;
      }
      this.opts.tenantLog?.stationCallFailed(session, action, 'InternalError', 'The central system could not process the message');
      this.opts.log.error({ err, chargeBoxId: session.chargeBoxId, action }, 'ocpp: message not processed');
      // Internals stay in the log; the station retries later.
      throw new OcppError('InternalError', 'The central system could not process the message');
    } finally {
      if (direct) this.admission.leave();
    }
  }

  /** Puts the socket on record (with its Connected event) in the write batcher's next batch. */
  private async recordConnected(entry: LocalStation) {
    const { session } = entry;
    const notificationPks = await this.batcher.connected({
      chargeBoxPk: session.chargeBoxPk,
      connectionId: session.connectionId,
      nodeId: this.nodeId,
      protocol: session.protocol,
      remoteAddress: entry.remoteAddress,
      connectedAt: entry.connectedAt,
    });
    entry.recorded = true;
    this.events.committed({ notificationPks, chargeBoxPks: [session.chargeBoxPk] });
  }

  private onClose(entry: LocalStation) {
    const { session } = entry;
    entry.closed = true;
    this.keepAlive.remove(entry as Pinged);
    entry.stopResponding();
    if (this.local.get(session.chargeBoxId) === entry) this.local.delete(session.chargeBoxId);
    this.byConnection.delete(session.connectionId);
    this.opts.log.info({ chargeBoxId: session.chargeBoxId, replaced: entry.replaced }, 'ocpp: station disconnected');
    this.opts.tenantLog?.stationDisconnected(session, entry.replaced);
    const closedAt = new Date();
    this.track(
      entry.opened
        .catch(() => undefined)
        .then(() => {
          if (entry.replaced) return entry.markClosed();
          this.closedSockets.push({ entry, closedAt });
          this.closeWriter ??= this.writeCloses();
          return entry.whenClosed;
        }),
    );
  }

  /**
   * Writes closed sockets in batches, one transaction each (records removed, Disconnected events
   * added): when a node stops or a network drops thousands of stations at once, that is a few
   * transactions instead of one per station. A batch that fails leaves its records behind; the
   * sweeper removes them, with their Disconnected events, once they are stale.
   */
  private async writeCloses() {
    try {
      while (this.closedSockets.length) {
        const batch = this.closedSockets.splice(0, DISCONNECTED_CHUNK);
        const sockets = batch.map(({ entry, closedAt }) => ({
          chargeBoxPk: entry.session.chargeBoxPk,
          connectionId: entry.session.connectionId,
          closedAt,
        }));
        try {
          await this.removeConnections((trx) => repo.closeConnections(trx, sockets));
        } catch (err) {
          this.opts.log.error({ err, stations: batch.length }, 'ocpp: could not record disconnections; the sweeper will');
        } finally {
          for (const { entry } of batch) entry.markClosed();
        }
      }
    } finally {
      this.closeWriter = undefined;
    }
  }

  /**
   * A live socket whose touch found no record: when the record is really gone (swept while this
   * node was slow), write it again. A touch may also miss because the record was being written
   * at that moment, or because a newer socket (another node) took over — then nothing is done.
   */
  private onMissedTouches(connectionIds: Set<string>) {
    for (const id of connectionIds) {
      const entry = this.byConnection.get(id);
      if (!entry || entry.closed || !entry.recorded) continue;
      const restore = async () => {
        const row = await repo.connectionOf(this.opts.db, entry.session.chargeBoxPk);
        if (row || entry.closed) return;
        this.opts.log.warn({ chargeBoxId: entry.session.chargeBoxId }, 'ocpp: connection record was missing; written again');
        await this.recordConnected(entry);
      };
      entry.opened = this.track(restore()).catch((err) => this.opts.log.error({ err }, 'ocpp: could not restore a connection record'));
    }
  }

  /** Records left by a node that died are removed after STALE_FACTOR ping intervals of silence. */
  private async sweep() {
    try {
      await this.removeConnections((trx) => repo.sweepStaleConnections(trx, onlineSince(this.opts.pingInterval)));
      await this.throttle.sweep();
    } catch (err) {
      this.opts.log.warn({ err }, 'ocpp: sweeping stale connections failed');
    }
  }

  /**
   * Removes connection records and writes their Disconnected events in the same transaction (a
   * node dying in between cannot lose the events). Events are inserted in chunks: a node that held
   * 10,000 stations leaves 10,000 records, more than one statement's 65,535 bind parameters allow.
   */
  private async removeConnections(remove: (trx: Transaction<DB>) => Promise<{ charge_box_pk: number; last_seen_at: Date }[]>) {
    const { rows, notificationPks } = await this.opts.db.transaction().execute(async (trx) => {
      const rows = await remove(trx);
      const notificationPks: number[] = [];
      for (let i = 0; i < rows.length; i += DISCONNECTED_CHUNK) {
        const chunk = rows.slice(i, i + DISCONNECTED_CHUNK);
        notificationPks.push(
          ...(await recordNotifications(
            trx,
            chunk.map((r) => ({ chargeBoxPk: r.charge_box_pk, type: 'Disconnected' as const, timestamp: r.last_seen_at })),
          )),
        );
      }
      return { rows, notificationPks };
    });
    if (rows.length) this.events.committed({ notificationPks, chargeBoxPks: rows.map((r) => r.charge_box_pk) });
  }

  /** Sends a command on this node's socket (request from the bus); see callStation. */
  private async handleCall(entry: LocalStation, req: StationCallRequest): Promise<StationCallReply> {
    const { protocol } = entry.session;
    if (entry.closed) return { ok: false, error: { kind: 'offline', message: 'socket closed' } };
    let wire = req.payload as Record<string, unknown>;
    if (protocol === 'ocpp1.5') {
      if (!hasSchema('ocpp1.5', req.action))
        return { ok: false, error: { kind: 'not_supported', message: `OCPP 1.5 has no ${req.action}` } };
      try {
        wire = command16to15(req.action, wire);
      } catch (err) {
        return { ok: false, error: { kind: 'not_supported', message: (err as Error).message } };
      }
    }
    try {
      validateMessage(protocol, `urn:${req.action}.req`, wire);
    } catch (err) {
      const e = err as { rpcErrorCode?: string; message: string };
      return { ok: false, error: { kind: 'invalid_request', code: e.rpcErrorCode ?? 'FormationViolation', message: e.message } };
    }
    try {
      const result = (await entry.link.call(req.action, wire, req.timeoutMs)) as Record<string, unknown>;
      return { ok: true, result: protocol === 'ocpp1.5' ? commandResult15to16(req.action, result) : result };
    } catch (err) {
      if (err instanceof CallTimeout) return { ok: false, error: { kind: 'timeout' } };
      if (err instanceof InvalidResponse) return { ok: false, error: { kind: 'invalid_response', code: err.code, message: err.message } };
      if (err instanceof StationCallError)
        return { ok: false, error: { kind: 'call_error', code: err.code, message: err.message, details: err.details } };
      return { ok: false, error: { kind: 'offline', message: (err as Error).message } };
    }
  }
}
