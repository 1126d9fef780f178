import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { LIVE_PATH, liveClientMessageSchema, liveCloseCodes, parseLiveTopic, type LiveServerMessage } from '@recarga/contracts/live';
import type { DB } from '../db/db';
import { roles } from '@recarga/contracts/permissions';
import { allows, loadContext } from '../platform/auth/access-plugin';
import type { RequestContext } from '../platform/auth/context';
import type { TokenSigner } from '../platform/auth/tokens';
import type { Bus } from '../platform/bus';
import type { LiveEnvelope } from '../platform/live-publisher';
import { liveSubscriptionSubject } from '../platform/bus-subjects';
import { ownedStation } from '../db/sql/owned-stations';
import { SESSION_ENDED_SUBJECT, type SessionEnded } from '../platform/auth/session-ended';
import { rejectUpgrade } from './upgrade-router';

export interface LiveGatewayOptions {
  db: Kysely<DB>;
  signer: TokenSigner;
  bus: Bus;
  log: FastifyBaseLogger;
  /** How often a socket's session is checked again (revoked or expired sessions are closed). */
  revalidateMs?: number;
  /** Websocket ping interval; a socket that misses a pong is dropped. */
  pingMs?: number;
}

interface LiveClient {
  ws: WebSocket;
  /** Null until the socket authenticated (its first message, or the Authorization header). */
  ctx: RequestContext | null;
  token: string | null;
  topics: Set<string>;
  alive: boolean;
  /** Messages are handled one after the other (the token first, then the subscriptions). */
  queue: Promise<void>;
  /** Closes the socket when the session expires, or when it did not authenticate in time. */
  timer: NodeJS.Timeout | null;
  /** A station owner's stations (charge box ids): the only ones whose updates reach the socket; null for everyone else. */
  owned: Set<string> | null;
}

const API_KEY_CACHE_MS = 30_000;
/** Who may follow a group's load manager: the same rule as the smart-charging routes (002 §6). */
const SMART_CHARGING_ACCESS = { permission: '/virtual-groups', role: roles.smartChargingCreate } as const;
const mayFollowSmartCharging = (ctx: RequestContext | null) => allows(SMART_CHARGING_ACCESS, ctx) === 'ok';
/** A socket opened without a token must send it within this time. */
const AUTHENTICATE_WITHIN_MS = 10_000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A socket this far behind (bytes queued) misses messages instead of growing memory without bound. */
const MAX_BUFFERED = 1 << 20;

/**
 * The dashboard websocket (/live). Authorised by the session token — sent as the first message
 * (browsers) or in an Authorization header, never in the address, which proxies and logs keep.
 * Clients subscribe to topics of api keys in their tenant scope, or to the station status patterns
 * (every station's or connector's status, `+` for any part). Each topic with local subscribers
 * has one bus subscription on this node (a pattern's listens on a wildcard subject), so events published by any node reach the sockets held
 * here. A socket closes the moment its session ends: at its expiry (a timer), at logout or a
 * password change (announced on the bus to every node), and at the periodic check as a backstop.
 */
export class LiveGateway {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  private readonly clients = new Set<LiveClient>();
  private readonly topics = new Map<string, { clients: Set<LiveClient>; unsubscribe: () => void }>();
  private readonly apiKeys = new Map<string, { at: number; tenantPk: number | null }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closing = false;

  private readonly unsubscribeSessions: () => void;

  constructor(private readonly opts: LiveGatewayOptions) {
    this.timers.push(setInterval(() => void this.revalidate(), opts.revalidateMs ?? 60_000).unref());
    this.timers.push(setInterval(() => this.pingAll(), opts.pingMs ?? 30_000).unref());
    this.unsubscribeSessions = opts.bus.subscribe(SESSION_ENDED_SUBJECT, (data) => this.sessionsEnded(data as SessionEnded));
  }

  /** Closes the sockets of sessions that ended (heard from any node). */
  private sessionsEnded(ended: SessionEnded) {
    for (const client of this.clients) {
      if (!client.ctx) continue;
      const match = 'sessionId' in ended ? client.ctx.sessionId === ended.sessionId : client.ctx.user.userPk === ended.userPk;
      if (match) this.endSession(client);
    }
  }

  private endSession(client: LiveClient) {
    this.detach(client);
    client.ws.close(liveCloseCodes.sessionEnded, 'Session ended');
  }

  /** Sets the socket's context and a timer that closes it when the session expires. */
  private async authenticated(client: LiveClient, ctx: RequestContext, token: string) {
    client.owned = await this.ownedStations(ctx);
    client.ctx = ctx;
    client.token = token;
    if (client.timer) clearTimeout(client.timer);
    const expiresAt = Number(token.split('.')[1]);
    client.timer = setTimeout(() => this.endSession(client), Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS));
    client.timer.unref();
  }

  /** The charge box ids a station owner owns (the same rule as the API's, db/sql/owned-stations); null for others. */
  private async ownedStations(ctx: RequestContext): Promise<Set<string> | null> {
    const scope = ctx.tenantScope;
    if (scope.ownerUserPk == null) return null;
    const rows = await this.opts.db
      .selectFrom('charge_boxes as cb')
      .select('cb.charge_box_id')
      .where('cb.tenant_pk', 'in', scope.tenantPks)
      .where(ownedStation(scope, 'cb.charge_box_pk'))
      .execute();
    return new Set(rows.map((r) => r.charge_box_id));
  }

  /** Whether a message of a topic may reach the socket: everything, except other stations' news for a station owner. */
  private mayReceive(client: LiveClient, envelope: LiveEnvelope): boolean {
    // The permission is checked again at delivery: the periodic check may have taken it away.
    if (envelope.topic.endsWith('/smart-charging') && parseLiveTopic(envelope.topic)?.kind === 'smartCharging')
      return mayFollowSmartCharging(client.ctx);
    if (!client.owned) return true;
    const parsed = parseLiveTopic(envelope.topic);
    if (!parsed || parsed.kind === 'stats') return false;
    if (parsed.kind === 'chargeBoxStatus' || parsed.kind === 'connectorStatus') return client.owned.has(parsed.chargeBoxId);
    const data = envelope.data as { chargeBoxId?: unknown; chargePoint?: { chargeBoxId?: unknown } } | null;
    const id = data?.chargeBoxId ?? data?.chargePoint?.chargeBoxId;
    return typeof id === 'string' && client.owned.has(id);
  }

  /** Takes an HTTP upgrade for /live; false when the path is not ours. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_PATH && url.pathname !== `${LIVE_PATH}/`) return false;
    void this.accept(req, socket, head, url);
    return true;
  }

  private async accept(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    try {
      if (this.closing) return rejectUpgrade(socket, 503, 'Service Unavailable');
      const platform = url.searchParams.get('platform') ?? (req.headers['platform'] as string | undefined) ?? null;
      if (!platform || platform.toUpperCase() !== 'DASHBOARD') return rejectUpgrade(socket, 400, 'Bad Request');
      // A token in the address would be kept by every proxy and access log on the way.
      if (url.searchParams.has('token')) return rejectUpgrade(socket, 400, 'Bad Request');
      const header = req.headers.authorization;
      const bearer = header ? /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() : undefined;
      if (header !== undefined && !bearer) return rejectUpgrade(socket, 401, 'Unauthorized');
      const ctx = bearer ? await loadContext(this.opts.db, this.opts.signer, bearer) : null;
      if (bearer && !ctx) return rejectUpgrade(socket, 401, 'Unauthorized');
      this.wss.handleUpgrade(req, socket, head, (ws) => this.attach(ws, ctx && bearer ? { ctx, token: bearer } : null));
    } catch (err) {
      this.opts.log.error({ err }, 'live: upgrade failed');
      rejectUpgrade(socket, 500, 'Internal Server Error');
    }
  }

  private attach(ws: WebSocket, auth: { ctx: RequestContext; token: string } | null) {
    const client: LiveClient = {
      ws,
      ctx: null,
      token: null,
      topics: new Set(),
      alive: true,
      queue: Promise.resolve(),
      timer: null,
      owned: null,
    };
    this.clients.add(client);
    // Messages wait for the header's authentication like they wait for a first-message one.
    if (auth) client.queue = this.authenticated(client, auth.ctx, auth.token).catch(() => this.endSession(client));
    else {
      client.timer = setTimeout(() => {
        if (!client.ctx) this.endSession(client);
      }, AUTHENTICATE_WITHIN_MS);
      client.timer.unref();
    }
    ws.on('pong', () => (client.alive = true));
    ws.on('message', (raw: RawData) => {
      client.queue = client.queue
        .then(() => this.onMessage(client, raw))
        .catch((err) => this.opts.log.error({ err }, 'live: message failed'));
    });
    ws.on('close', () => this.detach(client));
    ws.on('error', () => ws.terminate());
  }

  private detach(client: LiveClient) {
    this.clients.delete(client);
    if (client.timer) clearTimeout(client.timer);
    client.timer = null;
    for (const topic of client.topics) this.removeFromTopic(client, topic);
    client.topics.clear();
  }

  private send(client: LiveClient, message: LiveServerMessage | string) {
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED) return;
    client.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  private async onMessage(client: LiveClient, raw: RawData) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString());
    } catch {
      return this.send(client, { error: { code: 'INVALID_MESSAGE', message: 'Messages must be JSON' } });
    }
    const msg = liveClientMessageSchema.safeParse(parsed);
    if (!msg.success) {
      return this.send(client, {
        error: {
          code: 'INVALID_MESSAGE',
          message: 'Expected { action: "authenticate", token } or { action: "subscribe" | "unsubscribe", topic }',
        },
      });
    }
    if (msg.data.action === 'authenticate') {
      const ctx = await loadContext(this.opts.db, this.opts.signer, msg.data.token);
      if (!this.clients.has(client)) return;
      if (!ctx) return this.endSession(client);
      await this.authenticated(client, ctx, msg.data.token);
      return this.send(client, { authenticated: true });
    }
    // Nothing but the token before the socket is authenticated.
    if (!client.ctx) return this.endSession(client);
    const { action, topic } = msg.data;
    if (action === 'unsubscribe') {
      if (client.topics.delete(topic)) this.removeFromTopic(client, topic);
      return this.send(client, { topic, subscribed: false });
    }
    const parsedTopic = parseLiveTopic(topic);
    if (!parsedTopic) return this.send(client, { topic, error: { code: 'INVALID_TOPIC', message: 'Unknown topic' } });
    let tenantPk: number | null;
    try {
      tenantPk = await this.tenantOf(parsedTopic.apiKey);
    } catch (err) {
      this.opts.log.error({ err }, 'live: api key look-up failed');
      return this.send(client, { topic, error: { code: 'INTERNAL', message: 'Try again later' } });
    }
    // A station owner may follow every station's status pattern: delivery passes only their own.
    const ownerRefused =
      (parsedTopic.kind === 'smartCharging' && !mayFollowSmartCharging(client.ctx)) ||
      (client.owned !== null &&
        (parsedTopic.kind === 'stats' ||
          ((parsedTopic.kind === 'chargeBoxStatus' || parsedTopic.kind === 'connectorStatus') &&
            !client.owned.has(parsedTopic.chargeBoxId))));
    if (!client.ctx || tenantPk === null || !client.ctx.tenantScope.tenantPks.includes(tenantPk) || ownerRefused) {
      return this.send(client, { topic, error: { code: 'FORBIDDEN_TOPIC', message: 'This api key is not in your scope' } });
    }
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (!client.topics.has(topic)) {
      client.topics.add(topic);
      this.addToTopic(client, topic);
    }
    this.send(client, { topic, subscribed: true });
  }

  private async tenantOf(apiKey: string): Promise<number | null> {
    const hit = this.apiKeys.get(apiKey);
    if (hit && Date.now() - hit.at < API_KEY_CACHE_MS) return hit.tenantPk;
    const row = await this.opts.db.selectFrom('tenants').select('tenant_pk').where('api_key', '=', apiKey).executeTakeFirst();
    const tenantPk = row?.tenant_pk ?? null;
    this.apiKeys.set(apiKey, { at: Date.now(), tenantPk });
    return tenantPk;
  }

  private addToTopic(client: LiveClient, topic: string) {
    let entry = this.topics.get(topic);
    if (!entry) {
      const clients = new Set<LiveClient>();
      const unsubscribe = this.opts.bus.subscribe(liveSubscriptionSubject(topic), (data) => this.deliver(clients, data as LiveEnvelope));
      entry = { clients, unsubscribe };
      this.topics.set(topic, entry);
    }
    entry.clients.add(client);
  }

  private removeFromTopic(client: LiveClient, topic: string) {
    const entry = this.topics.get(topic);
    if (!entry) return;
    entry.clients.delete(client);
    if (entry.clients.size === 0) {
      entry.unsubscribe();
      this.topics.delete(topic);
    }
  }

  private deliver(clients: Set<LiveClient>, envelope: LiveEnvelope) {
    const text = JSON.stringify({ topic: envelope.topic, data: envelope.data });
    for (const client of clients) if (this.mayReceive(client, envelope)) this.send(client, text);
  }

  private pingAll() {
    for (const client of this.clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }

  /** Closes sockets whose session was revoked or expired; refreshes the scope of the others. */
  private async revalidate() {
    for (const client of [...this.clients]) {
      if (!client.token) continue;
      try {
        const ctx = await loadContext(this.opts.db, this.opts.signer, client.token);
        if (!this.clients.has(client)) continue;
        if (!ctx) {
          this.endSession(client);
          continue;
        }
        client.owned = await this.ownedStations(ctx);
        client.ctx = ctx;
      } catch (err) {
        this.opts.log.warn({ err }, 'live: session check failed');
      }
    }
  }

  /** Number of open dashboard sockets on this node. */
  get size() {
    return this.clients.size;
  }

  async close() {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    this.unsubscribeSessions();
    const open = [...this.clients];
    const closed = Promise.all(
      open.map((c) => new Promise<void>((resolve) => (c.ws.readyState === c.ws.CLOSED ? resolve() : c.ws.once('close', () => resolve())))),
    );
    for (const client of open) client.ws.close(liveCloseCodes.goingAway, 'Server shutting down');
    // A client that does not complete the closing handshake is cut off.
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2000).unref())]);
    for (const client of open) client.ws.terminate();
    for (const entry of this.topics.values()) entry.unsubscribe();
    this.topics.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
