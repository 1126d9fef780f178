import { useQueryClient } from '@tanstack/react-query';
import { liveChargeBoxMessageSchema, liveConnectorStatusSchema } from '@recarga/contracts/live';
import { useLiveMessages } from '../../../lib/live-context';
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
      const parsed = liveConnectorStatusSchema.safeParse(message.data);
      if (parsed.success) queryClient.setQueryData<MapChargePoint[]>(key, (list) => applyConnectorStatusToMap(list, parsed.data));
    } else if (kind === 'chargeBox') {
      const parsed = liveChargeBoxMessageSchema.safeParse(message.data);
      if (!parsed.success) return;
      if (parsed.data.type === 'delete') {
        queryClient.setQueryData<MapChargePoint[]>(key, (old) => removeFromMap(old, parsed.data.chargePoint.chargeBoxPk));
        return;
      }
      const list = queryClient.getQueryData<MapChargePoint[]>(key);
      if (parsed.data.type === 'insert' || (list && !list.some((cp) => cp.chargeBoxPk === parsed.data.chargePoint.chargeBoxPk))) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<MapChargePoint[]>(key, (old) => applyChargeBoxToMap(old, parsed.data));
    }
  });
}
