import { describe, expect, it } from 'vitest';
import { buildHeaderOrderList, nextSortOrder } from './sorting';

describe('nextSortOrder', () => {
  it('cycles desc, asc, none, when a header is clicked repeatedly', () => {
    expect(nextSortOrder(null)).toBe('descend');
    expect(nextSortOrder('descend')).toBe('ascend');
    expect(nextSortOrder('ascend')).toBe(null);
  });
});

describe('buildHeaderOrderList', () => {
  it('joins key:direction pairs with ;, when columns are sorted', () => {
    expect(buildHeaderOrderList([{ key: 'startTimestamp', order: 'descend' }])).toBe('startTimestamp:desc');
    expect(
      buildHeaderOrderList([
        { key: 'startTimestamp', order: 'descend' },
        { key: 'id', order: 'ascend' },
      ]),
    ).toBe('startTimestamp:desc;id:asc');
  });

  it('sends nothing, when no column is sorted', () => {
    expect(buildHeaderOrderList([])).toBeUndefined();
  });
});
