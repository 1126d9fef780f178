import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessages } from '../../../lib/live-context';
import { readLiveChargeBox, readLiveConnectorStatus } from '../../../lib/live-data';
import { mapKeys, type MapChargePoint } from '../../../lib/api/get-map-charge-points';
import { applyChargeBoxToMap, applyConnectorStatusToMap, removeFromMap } from './apply-map-update';

/**
 * Keeps the cached map list current from the live connection: connector statuses (station and
 * connector topics) recolour markers, station updates bring online state and manual statuses,
 * a new station refetches the list, a deleted one leaves it. No reload, no polling.
 */
export function useLiveMap(): void {
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    const kind = message.parsed?.kind;
    const key = mapKeys.origin('MOVE');
    if (kind === 'connectorStatus' || kind === 'chargeBoxStatus') {
      const status = readLiveConnectorStatus(message.data);
      if (status) queryClient.setQueryData<MapChargePoint[]>(key, (list) => applyConnectorStatusToMap(list, status));
    } else if (kind === 'chargeBox') {
      const update = readLiveChargeBox(message.data);
      if (!update) return;
      if (update.type === 'delete') {
        queryClient.setQueryData<MapChargePoint[]>(key, (old) => removeFromMap(old, update.chargePoint.chargeBoxPk));
        return;
      }
      const list = queryClient.getQueryData<MapChargePoint[]>(key);
      if (update.type === 'insert' || (list && !list.some((cp) => cp.chargeBoxPk === update.chargePoint.chargeBoxPk))) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<MapChargePoint[]>(key, (old) => applyChargeBoxToMap(old, update));
    }
  });
}
