import { sql, type Kysely } from 'kysely';
import {
  liveTopics,
  type LiveChargeBoxMessage,
  type LiveConnectorStatus,
  type LiveNotification,
  type LiveStats,
} from '@recarga/contracts/live';
import type { DB } from '../db/db';
import type { Bus } from './bus';
import { liveSubject } from './bus-subjects';

/** What travels on the bus for a live topic; every node forwards it to its own subscribed sockets. */
export interface LiveEnvelope {
  topic: string;
  data: unknown;
}

const API_KEY_CACHE_MS = 30_000;

/** What this node published for a tenant (local listeners only, e.g. the dashboard stats). */
export type TenantEventListener = (tenantPk: number, kind: 'notification' | 'chargeBox' | 'connectorStatus', data: unknown) => void;

/**
 * Publishes live events. An event of a tenant goes to that tenant's api key and to the api key of
 * every ancestor tenant, so a parent network's dashboard sees its children's stations.
 */
export class LivePublisher {
  private readonly keys = new Map<number, { at: number; keys: Promise<string[]> }>();
  private readonly tenantListeners = new Set<TenantEventListener>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly bus: Bus,
  ) {}

  /** Api keys of the tenant and all its ancestors (cached briefly). */
  apiKeysFor(tenantPk: number): Promise<string[]> {
    const hit = this.keys.get(tenantPk);
    if (hit && Date.now() - hit.at < API_KEY_CACHE_MS) return hit.keys;
    const keys = this.db
      .selectFrom('tenants as a')
      .select('a.api_key')
      .where(sql<boolean>`(select t.path from tenants t where t.tenant_pk = ${tenantPk}) like a.path || '%'`)
      .execute()
      .then((rows) => rows.map((r) => r.api_key));
    keys.catch(() => this.keys.delete(tenantPk));
    this.keys.set(tenantPk, { at: Date.now(), keys });
    return keys;
  }

  /** Publishes on one api key's topic. */
  publishTo(topic: string, data: unknown) {
    const envelope: LiveEnvelope = { topic, data };
    this.bus.publish(liveSubject(topic), envelope);
  }

  /** Publishes to the tenant and its ancestors; `topicOf` builds the topic for each api key. */
  async publish(tenantPk: number, topicOf: (apiKey: string) => string, data: unknown) {
    for (const apiKey of await this.apiKeysFor(tenantPk)) this.publishTo(topicOf(apiKey), data);
  }

  /** Listens to the tenant events this node publishes (not those of other nodes); returns the remover. */
  onTenantEvent(listener: TenantEventListener): () => void {
    this.tenantListeners.add(listener);
    return () => void this.tenantListeners.delete(listener);
  }

  private told(tenantPk: number, kind: Parameters<TenantEventListener>[1], data: unknown) {
    for (const listener of this.tenantListeners) {
      try {
        listener(tenantPk, kind, data);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }

  notification(tenantPk: number, notification: LiveNotification) {
    this.told(tenantPk, 'notification', notification);
    return this.publish(tenantPk, liveTopics.notification, notification);
  }

  chargeBox(tenantPk: number, message: LiveChargeBoxMessage) {
    this.told(tenantPk, 'chargeBox', message);
    return this.publish(tenantPk, liveTopics.chargeBox, message);
  }

  /** Goes to the station topic and to the connector's own topic. */
  async connectorStatus(tenantPk: number, status: LiveConnectorStatus) {
    this.told(tenantPk, 'connectorStatus', status);
    for (const apiKey of await this.apiKeysFor(tenantPk)) {
      this.publishTo(liveTopics.chargeBoxStatus(apiKey, status.chargeBoxId), status);
      this.publishTo(liveTopics.connectorStatus(apiKey, status.chargeBoxId, status.connectorId), status);
    }
  }

  /** Stats are computed per api key by their publisher (modules/stats/live-stats.ts); sent to that key only. */
  stats(apiKey: string, stats: LiveStats) {
    this.publishTo(liveTopics.stats(apiKey), stats);
  }
}
