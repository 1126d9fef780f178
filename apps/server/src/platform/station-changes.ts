import type { LiveConnectorStatus } from '@recarga/contracts/live';

/** What a committed charge-point write changed. */
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
 * The charge-point side of the node as the modules see it (implemented by ocpp/station-events.ts):
 * they hear what the central system committed, and say when they changed a station themselves.
 */
export interface StationChanges {
  /** Adds a listener of committed changes (called synchronously, after the commit). */
  onCommitted(listener: CommittedListener): void;
  /** A station was created, changed or deleted outside OCPP; call it after the commit. */
  chargeBoxChanged(chargeBoxPk: number, type?: 'insert' | 'update' | 'delete'): Promise<void>;
}
