import { describe, expect, it } from 'vitest';
import { changesRecharges } from './live-recharges';

const notification = (type: string) => ({ parsed: { kind: 'notification' as const, apiKey: 'k' }, data: { type, chargeBoxId: 'A' } });

describe('changesRecharges', () => {
  it('a recharge that ended or started makes the list be read again', () => {
    expect(changesRecharges(notification('TransactionEnded'))).toBe(true);
    expect(changesRecharges(notification('TransactionStarted'))).toBe(true);
  });

  it('other events, other topics and malformed data do not', () => {
    expect(changesRecharges(notification('StatusNotification'))).toBe(false);
    expect(changesRecharges({ parsed: { kind: 'stats', apiKey: 'k' }, data: { type: 'TransactionEnded' } })).toBe(false);
    expect(changesRecharges({ parsed: { kind: 'notification', apiKey: 'k' }, data: null })).toBe(false);
  });
});
