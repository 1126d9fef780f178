import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveConnectorStatus } from '@recarga/contracts/live';
import type { DB } from '../db/db';
import type { LivePublisher } from '../live/publisher';
import { notificationsByPk } from '../modules/notifications/repository';
import { onlineSince } from './connections';
import { liveChargePoints } from './repository';

/** What a committed write changed, to be told to live dashboards. */
export interface CommittedEffects {
  /** New notification rows. */
  notificationPks?: number[];
  /** Stations whose map view changed (status, online state, boot data). */
  chargeBoxPks?: number[];
  /** Connector status changes, with the station's tenant. */
  statuses?: { tenantPk: number; status: LiveConnectorStatus }[];
  /** Transactions a StopTransaction just stopped (billing prices them). */
  stoppedTransactionPks?: number[];
}

/** Told about every committed change, after the commit (e.g. billing). Must not throw. */
export type CommittedListener = (effects: CommittedEffects) => void;

/**
 * Publishes committed changes to live dashboards (every node forwards them to its sockets).
 * Never throws: a dashboard missing an update must not fail a station's message.
 */
export class StationEvents {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly listeners: CommittedListener[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly publisher: LivePublisher,
    private readonly pingIntervalSec: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a listener of committed changes (called synchronously, after the commit). */
  onCommitted(listener: CommittedListener) {
    this.listeners.push(listener);
  }

  /** Publishes in the background; `settled()` waits for what is under way. */
  committed(effects: CommittedEffects): void {
    for (const l of this.listeners) {
      try {
        l(effects);
      } catch (err) {
        this.log.warn({ err }, 'ocpp: committed listener failed');
      }
    }
    const p = this.publish(effects).catch((err) => this.log.warn({ err }, 'ocpp: live publish failed'));
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  async settled() {
    await Promise.all([...this.inFlight]);
  }

  /** A station was created or changed outside OCPP (stations module): `type` insert or update. */
  async chargeBoxChanged(chargeBoxPk: number, type: 'insert' | 'update' = 'update') {
    for (const { tenantPk, chargePoint } of await liveChargePoints(this.db, [chargeBoxPk], onlineSince(this.pingIntervalSec))) {
      await this.publisher.chargeBox(tenantPk, { type, chargePoint });
    }
  }

  private async publish(effects: CommittedEffects) {
    for (const s of effects.statuses ?? []) await this.publisher.connectorStatus(s.tenantPk, s.status);
    if (effects.notificationPks?.length) {
      for (const { tenantPk, notification } of await notificationsByPk(this.db, effects.notificationPks)) {
        await this.publisher.notification(tenantPk, notification);
      }
    }
    if (effects.chargeBoxPks?.length) {
      const pks = [...new Set(effects.chargeBoxPks)];
      for (const { tenantPk, chargePoint } of await liveChargePoints(this.db, pks, onlineSince(this.pingIntervalSec))) {
        await this.publisher.chargeBox(tenantPk, { type: 'update', chargePoint });
      }
    }
  }
}
