import { queryOptions } from '@tanstack/react-query';
import { getMapChargePoints } from '../../../lib/api/get-map-charge-points';

/**
 * Every station of the user's scope with its connectors (the map list, fetched once): the live
 * connection subscribes to their status topics.
 */
export const liveChargePointsQuery = () =>
  queryOptions({
    queryKey: ['live', 'chargePoints'] as const,
    queryFn: ({ signal }) => getMapChargePoints('MOVE', signal),
    staleTime: Infinity,
    retry: false,
  });
