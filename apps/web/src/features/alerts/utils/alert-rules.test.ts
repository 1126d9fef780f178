import { describe, expect, it } from 'vitest';
import type { Notification } from '@recarga/contracts/notifications';
import { compareText, matchesAlertSearch, transactionTimeline } from './alert-rules';

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
  it('search: ignores spaces and case, by name or ChargeBox ID', () => {
    expect(matchesAlertSearch(n({}), 'movepaulista')).toBe(true);
    expect(matchesAlertSearch(n({}), '  MOVE paulista  ')).toBe(true);
    expect(matchesAlertSearch(n({}), 'MOVE-SP- 001')).toBe(true);
    expect(matchesAlertSearch(n({}), 'Copacabana')).toBe(false);
    expect(matchesAlertSearch(n({}), '')).toBe(true);
  });

  it('search: ignores accents both ways', () => {
    const accented = n({ chargeBoxName: 'Estação Praça Central' });
    expect(matchesAlertSearch(accented, 'estacao praca')).toBe(true);
    expect(matchesAlertSearch(n({ chargeBoxName: 'Estacao Praca Central' }), 'ESTAÇÃO')).toBe(true);
  });

  it('city sort: case-insensitive, blanks last ascending and descending', () => {
    const cities = ['rio de Janeiro', '', 'Belo Horizonte', null, 'São Paulo', 'curitiba'];
    const asc = [...cities].sort((a, b) => compareText(a, b, 'ascend', 'pt-BR'));
    expect(asc).toEqual(['Belo Horizonte', 'curitiba', 'rio de Janeiro', 'São Paulo', '', null]);
    // The table reverses the comparator for a descending sort.
    const desc = [...cities].sort((a, b) => -compareText(a, b, 'descend', 'pt-BR'));
    expect(desc.slice(0, 4)).toEqual(['São Paulo', 'rio de Janeiro', 'curitiba', 'Belo Horizonte']);
    expect(desc.slice(4).every((c) => !c)).toBe(true);
  });

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
