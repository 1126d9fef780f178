import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertListResponse } from '@recarga/contracts/notifications';
import { getChargeBoxNotifications, notificationKeys } from '../../../lib/api/get-charge-box-notifications';
import { apiClient } from '../../../lib/api-client';
import { alertKeys, type AlertsQuery } from './alert-keys';

/** GET /api/notification/alerts/ → one page of the scope's alerts, filtered, ordered and paged by the server. */
export function getAlerts(query: AlertsQuery, signal?: AbortSignal): Promise<AlertListResponse> {
  return apiClient.request<AlertListResponse>({
    path: 'notification/alerts/',
    query: {
      page: query.page,
      size: query.size,
      search: query.search || undefined,
      severity: query.severity?.length ? query.severity.join(',') : undefined,
      type: query.type?.length ? query.type.join(',') : undefined,
      chargeBoxPk: query.chargeBoxPk,
      from: query.from,
      to: query.to,
      acknowledged: query.acknowledged === undefined ? undefined : String(query.acknowledged),
      sort: query.sort,
      order: query.order,
    },
    signal,
  });
}

const alertsQuery = (query: AlertsQuery) =>
  queryOptions({
    queryKey: alertKeys.list(query),
    queryFn: ({ signal }) => getAlerts(query, signal),
    // The page on screen stays while the next one (or a new filter) loads.
    placeholderData: keepPreviousData,
  });

export function useAlerts(query: AlertsQuery) {
  return useQuery(alertsQuery(query));
}

/** Events of one station (for a Warning's transaction timeline when the page does not hold them all). */
export function useStationEvents(chargeBoxId: string | null) {
  return useQuery({
    queryKey: notificationKeys.list({ chargeBoxIds: chargeBoxId ?? undefined, limit: 300 }),
    queryFn: ({ signal }) => getChargeBoxNotifications({ chargeBoxIds: chargeBoxId ?? undefined, limit: 300 }, signal),
    enabled: chargeBoxId !== null,
  });
}
