import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChargePointAction, ChargePointActions, OcppProtocol } from '@recarga/contracts/ocpp';
import type { DB } from '../db/db';
import type { StationEvents } from './station-events';
import type { WriteBatcher } from './write-batcher';

/** The connected station a message came from (fixed for the socket's life). */
export interface StationSession {
  chargeBoxPk: number;
  chargeBoxId: string;
  /** The station's tenant when it connected (for live publishing; SQL reads the current one). */
  tenantPk: number;
  protocol: OcppProtocol;
  connectionId: string;
}

/** What every handler may use. */
export interface HandlerDeps {
  db: Kysely<DB>;
  batcher: WriteBatcher;
  events: StationEvents;
  /** Seconds, answered in BootNotification. */
  heartbeatInterval: number;
  log: FastifyBaseLogger;
  now(): Date;
}

/**
 * A handler of one charge-point action in the OCPP 1.6 model (1.5 messages arrive already mapped).
 * It answers only after its writes are committed.
 */
export type Handler<A extends ChargePointAction> = (
  deps: HandlerDeps,
  station: StationSession,
  request: ChargePointActions[A]['request'],
) => Promise<ChargePointActions[A]['response']>;
