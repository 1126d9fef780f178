import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { filtersToUrl, gatewayQuery, settingsFromUrl } from './list-settings';
import { dayText } from './period';

const now = dayjs('2026-11-25T14:30:00');

describe('financial list settings', () => {
  it('settingsFromUrl, when the address is empty: all movements, this month to today, chronological, all tenants, page 1', () => {
    const s = settingsFromUrl({}, now);
    expect(s.tab).toBe('all');
    expect(s.filters.period.map(dayText)).toEqual(['2026-11-01', '2026-11-25']);
    expect(s.filters).toMatchObject({ order: 'chronological', tenantApiKey: undefined, chargeBoxId: undefined, search: '' });
    expect(s.problem).toBeNull();
    expect(s.page).toBe(1);
  });

  it('settingsFromUrl, when the address asks for a period beyond today: the problem is named and the default period is queried', () => {
    const s = settingsFromUrl({ from: '2026-11-01', to: '2026-12-10' }, now);
    expect(s.problem).toBe('future');
    expect(s.filters.period.map(dayText)).toEqual(['2026-11-01', '2026-12-10']);
    expect(s.queryPeriod.map(dayText)).toEqual(['2026-11-01', '2026-11-25']);
  });

  it('filtersToUrl, when the filters are the defaults: the address stays clean; otherwise it holds them and goes back to page 1', () => {
    expect(filtersToUrl(settingsFromUrl({}, now).filters, now)).toEqual({
      from: undefined,
      to: undefined,
      order: undefined,
      tenant: undefined,
      box: undefined,
      search: undefined,
      page: undefined,
    });
    const url = filtersToUrl(
      {
        period: [dayjs('2026-10-01'), dayjs('2026-10-31')],
        order: 'financialMovement',
        tenantApiKey: 'KEY',
        chargeBoxId: 'SOL-BH-001',
        search: ' ana@x.com ',
      },
      now,
    );
    expect(url).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      order: 'financialMovement',
      tenant: 'KEY',
      box: 'SOL-BH-001',
      search: 'ana@x.com',
      page: undefined,
    });
  });

  it('gatewayQuery, for the list: zero-based page, 10 rows, whole days, the order’s DESC sort, children included', () => {
    const s = settingsFromUrl({ page: 3, order: 'financialMovement', search: ' 42 ', box: 'MOVE-SP-001', tenant: 'K' }, now);
    expect(gatewayQuery(s, 'America/Sao_Paulo')).toEqual({
      page: 2,
      size: 10,
      startDate: '2026-11-01',
      endDate: '2026-11-25',
      timeZone: 'America/Sao_Paulo',
      sort: 'paidTimestamp,DESC',
      userEmailOrTransactionId: '42',
      chargeBoxId: 'MOVE-SP-001',
      tenantApiKey: 'K',
      searchTenantChildren: true,
    });
  });

  it('gatewayQuery, for the summary: the same time field, ascending (000 §7)', () => {
    expect(gatewayQuery(settingsFromUrl({}, now), 'UTC', { summary: true }).sort).toBe('createdTimestamp,ASC');
    expect(gatewayQuery(settingsFromUrl({ order: 'financialMovement' }, now), 'UTC', { summary: true }).sort).toBe('paidTimestamp,ASC');
  });
});
