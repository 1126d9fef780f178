import { describe, expect, it } from 'vitest';
import { liveTopics, parseLiveTopic } from '@recarga/contracts/live-topics';
import { livePlanRefresh } from './live-plan-refresh';

const message = (topic: string, data: unknown) => ({ parsed: parseLiveTopic(topic), data });
const plan = { planned_at: '2026-11-26T03:00:00.000Z', mode: 'DYNAMIC', meter_online: true, available_a: [30, 30, 30], sessions: [] };

describe('livePlanRefresh', () => {
  it('a new plan of the group shown, without events: the plan is read again, the events are not', () => {
    expect(livePlanRefresh(message(liveTopics.smartCharging('KEY', 7), { virtual_group_id: 7, plan, events: [] }), 7)).toEqual({
      plan: true,
      events: false,
    });
  });

  it('a plan with events: both are read again', () => {
    const m = message(liveTopics.smartCharging('KEY', 7), { virtual_group_id: 7, plan, events: ['PLAN_CHANGED'] });
    expect(livePlanRefresh(m, 7)).toEqual({ plan: true, events: true });
  });

  it('another group’s plan, or another topic: nothing', () => {
    expect(livePlanRefresh(message(liveTopics.smartCharging('KEY', 8), { virtual_group_id: 8, plan, events: [] }), 7)).toBeNull();
    expect(livePlanRefresh(message(liveTopics.stats('KEY'), {}), 7)).toBeNull();
  });
});
