import type { AlertSeverity, AlertSortKey, NotificationType } from '@recarga/contracts/notification-types';

/** What the alerts screen asks the server for (GET /api/notification/alerts/). */
export interface AlertsQuery {
  page: number;
  size: number;
  search?: string;
  severity?: AlertSeverity[];
  type?: NotificationType[];
  chargeBoxPk?: number;
  /** ISO instants: received at or after `from`, before `to`. */
  from?: string;
  to?: string;
  acknowledged?: boolean;
  sort?: AlertSortKey;
  order?: 'asc' | 'desc';
}

/** Query keys of the alerts lists: an acknowledgement or a live event refreshes every page at once. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (query: AlertsQuery) => ['alerts', 'list', query] as const,
};
