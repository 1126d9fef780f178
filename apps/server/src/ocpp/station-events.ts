import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/db';
import type { LivePublisher } from '../platform/live-publisher';
import type { Bus } from '../platform/bus';
import type { CommittedEffects, CommittedListener, StationChanges } from '../platform/station-changes';
import { disconnectStation } from './call-station';
import { notificationsForLive } from '../modules/notifications/service';
import { onlineSince } from './connections';
import { liveChargePoints } from './repository';

/** Keys read per query when publishing a round. */
const READ_CHUNK = 5000;

/**
 * Publishes committed changes to live dashboards (every node forwards them to its sockets).
 * Never throws: a dashboard missing an update must not fail a station's message.
 */
export class StationEvents implements StationChanges {
  private readonly listeners: CommittedListener[] = [];
  /** Effects waiting for the next publish round (one round at a time, see `committed`). */
  private queued: { statuses: NonNullable<CommittedEffects['statuses']>; notificationPks: number[]; chargeBoxPks: Set<number> } | null =
    null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly publisher: LivePublisher,
    private readonly bus: Bus,
    private readonly pingIntervalSec: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a listener of committed changes (called synchronously, after the commit). */
  onCommitted(listener: CommittedListener) {
    this.listeners.push(listener);
  }

  /**
   * Publishes in the background; `settled()` waits for what is under way. One publish round runs
   * at a time and takes everything committed meanwhile: the notifications and station rows of
   * many messages are read in one query each, so a burst of stations (a reconnect storm) costs the
   * database a few queries per round instead of a few per message, and live publishing never
   * holds more than one pooled connection. Order is kept: statuses, then notifications, then
   * station updates, round after round.
   */
  committed(effects: CommittedEffects): void {
    for (const l of this.listeners) {
      try {
        l(effects);
      } catch (err) {
        this.log.warn({ err }, 'ocpp: committed listener failed');
      }
    }
    if (!effects.statuses?.length && !effects.notificationPks?.length && !effects.chargeBoxPks?.length) return;
    this.queued ??= { statuses: [], notificationPks: [], chargeBoxPks: new Set() };
    this.queued.statuses.push(...(effects.statuses ?? []));
    this.queued.notificationPks.push(...(effects.notificationPks ?? []));
    for (const pk of effects.chargeBoxPks ?? []) this.queued.chargeBoxPks.add(pk);
    if (!this.round) this.startRounds();
  }

  async settled() {
    while (this.round) await this.round;
  }

  private startRounds() {
    this.round = (async () => {
      try {
        while (this.queued) {
          const batch = this.queued;
          this.queued = null;
          await this.publish({
            statuses: batch.statuses,
            notificationPks: batch.notificationPks,
            chargeBoxPks: [...batch.chargeBoxPks],
          }).catch((err) => this.log.warn({ err }, 'ocpp: live publish failed'));
        }
      } finally {
        this.round = null;
      }
    })();
  }

  /**
   * A station was created, changed or deleted outside OCPP (stations module). A deleted station's
   * socket is closed on whichever node holds it (a reconnect is refused: deleted stations do not
   * connect) and dashboards get `{type: 'delete', chargePoint}` with its last state, offline.
   * Call it after the commit.
   */
  async chargeBoxChanged(chargeBoxPk: number, type: 'insert' | 'update' | 'delete' = 'update') {
    const deleted = type === 'delete';
    const rows = await liveChargePoints(this.db, [chargeBoxPk], onlineSince(this.pingIntervalSec), { deleted });
    for (const { tenantPk, chargePoint } of rows) {
      if (deleted) disconnectStation(this.bus, chargePoint.chargeBoxId);
      await this.publisher.chargeBox(tenantPk, { type, chargePoint: deleted ? { ...chargePoint, online: false } : chargePoint });
    }
  }

  private async publish(effects: CommittedEffects) {
    for (const s of effects.statuses ?? []) await this.publisher.connectorStatus(s.tenantPk, s.status);
    // A round may hold a whole reconnect storm: read it in chunks (bind parameters are limited).
    const notificationPks = effects.notificationPks ?? [];
    for (let i = 0; i < notificationPks.length; i += READ_CHUNK) {
      for (const { tenantPk, notification } of await notificationsForLive(this.db, notificationPks.slice(i, i + READ_CHUNK))) {
        await this.publisher.notification(tenantPk, notification);
      }
    }
    const pks = [...new Set(effects.chargeBoxPks ?? [])];
    for (let i = 0; i < pks.length; i += READ_CHUNK) {
      for (const { tenantPk, chargePoint } of await liveChargePoints(
        this.db,
        pks.slice(i, i + READ_CHUNK),
        onlineSince(this.pingIntervalSec),
      )) {
        await this.publisher.chargeBox(tenantPk, { type: 'update', chargePoint });
      }
    }
  }
}
