import type { LiveMessage } from '../../../../lib/live-client';

/** What a live message asks the group's Smart Charging tab to read again; null when it is not about this group. */
export function livePlanRefresh(message: Pick<LiveMessage, 'parsed' | 'data'>, groupId: number): { plan: true; events: boolean } | null {
  if (message.parsed?.kind !== 'smartCharging' || message.parsed.virtualGroupId !== groupId) return null;
  const events = (message.data as { events?: unknown } | null)?.events;
  return { plan: true, events: Array.isArray(events) && events.length > 0 };
}
