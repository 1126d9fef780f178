import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@recarga/contracts/live-topics';
import { useLiveClient, useLiveMessages } from '../../../../lib/live-context';
import { getRuntimeSettings } from '../../../../lib/runtime-settings';
import { smartChargingKeys } from '../api/smart-charging-keys';
import { livePlanRefresh } from './live-plan-refresh';

/**
 * The group's load manager, live: each plan or event it writes arrives on the group's
 * `smartCharging` topic and makes the tab read its plan (and the group's events) again at once.
 * The plan's slow poll (PLAN_BACKSTOP_MS) covers the times the live connection is down.
 */
export function useLivePlan(groupId: number): void {
  const queryClient = useQueryClient();
  const live = useLiveClient();
  const { apiKey } = getRuntimeSettings();

  useEffect(() => {
    if (!live || !apiKey) return undefined;
    const topic = liveTopics.smartCharging(apiKey, groupId);
    live.subscribe(topic);
    return () => live.unsubscribe(topic);
  }, [live, apiKey, groupId]);

  useLiveMessages((message) => {
    const refresh = livePlanRefresh(message, groupId);
    if (!refresh) return;
    void queryClient.invalidateQueries({ queryKey: smartChargingKeys.group(groupId), exact: true });
    // Every page of the group's events (virtualGroupKeys.events without its page parameters).
    if (refresh.events) void queryClient.invalidateQueries({ queryKey: ['virtual-groups', 'events', groupId] });
  });
}
