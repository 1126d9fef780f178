import { describe, expect, it } from 'vitest';
import type { Notification } from '@recarga/contracts/notifications';
import { transactionTimeline } from './alert-rules';

const n = (over: Partial<Notification>): Notification => ({
  chargeBoxId: 'MOVE-SP-001',
  chargeBoxName: 'Move Paulista - Conjunto Nacional',
  connectorId: 1,
  type: 'Available',
  notificationTimestampDT: '2026-01-01T10:00:00Z',
  userName: null,
  transactionId: null,
  connectorErrorMsg: null,
  connectorErrorCode: null,
  addressState: 'SP',
  addressCity: 'São Paulo',
  addressStreet: 'Avenida Paulista',
  ...over,
});

describe('alerts rules', () => {
  it('timeline: the events of the same transaction and station, oldest first, without repeats', () => {
    const warning = n({ type: 'Warning', transactionId: 7, notificationTimestampDT: '2026-01-01T10:03:00Z' });
    const events = [
      warning,
      n({ type: 'TransactionEnded', transactionId: 7, notificationTimestampDT: '2026-01-01T10:03:00Z' }),
      n({ type: 'TransactionStarted', transactionId: 7, notificationTimestampDT: '2026-01-01T10:00:00Z' }),
      n({ type: 'TransactionStarted', transactionId: 7, notificationTimestampDT: '2026-01-01T10:00:00Z' }),
      n({ type: 'TransactionStarted', transactionId: 8 }),
      n({ type: 'TransactionStarted', transactionId: 7, chargeBoxId: 'OTHER' }),
    ];
    expect(transactionTimeline(events, warning).map((e) => e.type)).toEqual(['TransactionStarted', 'TransactionEnded', 'Warning']);
  });
});
