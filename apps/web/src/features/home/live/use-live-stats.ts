import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessages } from '../../../lib/live-context';
import { readLiveStats } from '../../../lib/live-data';
import { statsKeys } from '../api/stats-keys';
import { includesNow, type DateRange, type StatsPeriodParams } from '../utils/stats-period';

/**
 * The `stats` topic updates the dashboard's cards without a reload. The topic carries the figures
 * of the brand's api key (its tenant and sub-networks) while the cards show the signed-in user's
 * scope, which can be wider (a platform administrator on a brand's host), so a message is taken as
 * "the figures changed": when the chosen period reaches the present, both calls are asked again
 * and the cards count from their current values to the new ones. A past period is left alone.
 */
export function useLiveStats(range: DateRange, params: StatsPeriodParams): void {
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    if (message.parsed?.kind !== 'stats' || !includesNow(range)) return;
    if (!readLiveStats(message.data)) return;
    void queryClient.invalidateQueries({ queryKey: statsKeys.info(params) });
    void queryClient.invalidateQueries({ queryKey: statsKeys.sums(params) });
  });
}
