import { useQueryClient } from '@tanstack/react-query';
import type { ChargePointListResponse } from '@recarga/contracts/stations';
import type { Notification } from '@recarga/contracts/notifications';
import { useLiveMessages } from '../../../lib/live-context';
import { readLiveChargeBox, readLiveConnectorStatus, readLiveNotification } from '../../../lib/live-data';
import { STATION_EVENT_LIMIT } from '../api/get-station-events';
import { stationKeys } from '../api/station-keys';
import { applyChargeBoxUpdate, applyConnectorStatus, lacksConnector } from './apply-live-update';

/**
 * Keeps the cached station lists and station event lists up to date from the live connection.
 * Rendered once by the signed-in shell, so caches of screens not on display stay fresh too.
 */
export function StationLiveSync() {
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    const kind = message.parsed?.kind;
    if (kind === 'connectorStatus' || kind === 'chargeBoxStatus') {
      const status = readLiveConnectorStatus(message.data);
      if (!status) return;
      for (const [key, page] of queryClient.getQueriesData<ChargePointListResponse>({ queryKey: stationKeys.lists() })) {
        // A connector the page does not list yet (new on this station): ask the server again.
        if (lacksConnector(page, status)) void queryClient.invalidateQueries({ queryKey: key, exact: true });
        else {
          const next = applyConnectorStatus(page, status);
          if (next !== page) queryClient.setQueryData(key, next);
        }
      }
    } else if (kind === 'chargeBox') {
      const update = readLiveChargeBox(message.data);
      if (!update) return;
      // A new or deleted station changes the pages and their count: ask the server again.
      if (update.type === 'insert' || update.type === 'delete') {
        void queryClient.invalidateQueries({ queryKey: stationKeys.lists() });
        return;
      }
      for (const [key, page] of queryClient.getQueriesData<ChargePointListResponse>({ queryKey: stationKeys.lists() })) {
        const applied = applyChargeBoxUpdate(page, update);
        if (applied.page !== page) queryClient.setQueryData(key, applied.page);
        if (applied.stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    } else if (kind === 'notification') {
      const n = readLiveNotification(message.data);
      if (!n) return;
      queryClient.setQueryData<Notification[]>(stationKeys.events(n.chargeBoxId), (old) =>
        old &&
        !old.some((x) => x.notificationTimestampDT === n.notificationTimestampDT && x.type === n.type && x.connectorId === n.connectorId)
          ? [n, ...old].slice(0, STATION_EVENT_LIMIT)
          : old,
      );
    }
  });
  return null;
}
