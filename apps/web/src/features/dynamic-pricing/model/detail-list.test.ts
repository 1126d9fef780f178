import { describe, expect, it } from 'vitest';
import type { PricingDetail } from '@recarga/contracts/dynamic-pricing';
import { exceptionsOf, generalOf, toForm, windowsOf, withDay, withException, withoutDetail } from './detail-list';

const base: Omit<PricingDetail, 'dynamicPricingDetailUuid'> = {
  dayOfWeek: null,
  general: false,
  exception: false,
  active: true,
  startDate: null,
  endDate: null,
  startTime: null,
  endTime: null,
  startTimeGMT: null,
  endTimeGMT: null,
  servicePrice: 0,
  kwhPrice: 100,
  durationPrice: null,
  idleTimePrice: null,
  reservePrice: null,
  operationFee: 0,
  taxes: 0,
};
const detail = (uuid: string, extra: Partial<PricingDetail>): PricingDetail => ({ ...base, dynamicPricingDetailUuid: uuid, ...extra });

const list = [
  detail('mon-evening', {
    dayOfWeek: 'MONDAY',
    startTime: '18:00:00',
    endTime: '21:00:00',
    startTimeGMT: '21:00:00',
    endTimeGMT: '00:00:00',
  }),
  detail('mon', { dayOfWeek: 'MONDAY', general: true }),
  detail('mon-morning', { dayOfWeek: 'MONDAY', startTime: '08:00:00', endTime: '10:00:00' }),
  detail('tue', { dayOfWeek: 'TUESDAY', general: true }),
  detail('xmas', { exception: true, startDate: '2026-12-25', endDate: '2026-12-25' }),
  detail('carnival', { exception: true, startDate: '2026-02-14', endDate: '2026-02-17' }),
];
const uuids = (rows: { dynamicPricingDetailUuid?: string | null }[]) => rows.map((r) => r.dynamicPricingDetailUuid);

describe('a profile’s list of details', () => {
  it('a weekday, when read: its general row and its windows, earliest first', () => {
    expect(generalOf(list, 'MONDAY')?.dynamicPricingDetailUuid).toBe('mon');
    expect(uuids(windowsOf(list, 'MONDAY'))).toEqual(['mon-morning', 'mon-evening']);
    expect(generalOf(list, 'SUNDAY')).toBeUndefined();
  });

  it('the exceptions, when read: earliest first', () => {
    expect(uuids(exceptionsOf(list))).toEqual(['carnival', 'xmas']);
  });

  it('a saved detail, when sent back: its local times, without the GMT ones', () => {
    const sent = toForm(list[0]!);
    expect(sent).toMatchObject({ startTime: '18:00:00', endTime: '21:00:00' });
    expect(sent).not.toHaveProperty('startTimeGMT');
  });

  it('a weekday saved: the other rows unchanged first, then the day’s new rows', () => {
    const { list: sent, offset } = withDay(list, 'MONDAY', [{ ...toForm(list[1]!), kwhPrice: 200 }]);
    expect(uuids(sent)).toEqual(['tue', 'xmas', 'carnival', 'mon']);
    expect(offset).toBe(3);
    expect(sent[3]!.kwhPrice).toBe(200);
  });

  it('an exception edited: in place of the saved one, last; a new one added last', () => {
    const edited = withException(list, { ...toForm(list[4]!), kwhPrice: 50 });
    expect(uuids(edited.list)).toEqual(['mon-evening', 'mon', 'mon-morning', 'tue', 'carnival', 'xmas']);
    expect(edited.offset).toBe(5);
    const added = withException(list, { exception: true, startDate: '2026-01-01', dayOfWeek: null, general: false, active: true });
    expect(added.list).toHaveLength(7);
  });

  it('an exception deleted: the list without it', () => {
    expect(uuids(withoutDetail(list, 'xmas'))).toEqual(['mon-evening', 'mon', 'mon-morning', 'tue', 'carnival']);
  });
});
