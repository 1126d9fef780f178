import { describe, expect, it } from 'vitest';
import { paginationSlots } from './pagination-slots';

describe('paginationSlots', () => {
  it('shows every page, when there are 7 or fewer', () => {
    expect(paginationSlots(1, 1)).toEqual([1]);
    expect(paginationSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing, when there are no pages', () => {
    expect(paginationSlots(1, 0)).toEqual([]);
  });

  it('puts the ellipsis before the last page, when on the first pages', () => {
    expect(paginationSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(paginationSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
  });

  it('keeps one sibling each side and two ellipses, when in the middle', () => {
    expect(paginationSlots(5, 20)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 20]);
    expect(paginationSlots(10, 20)).toEqual([1, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 20]);
  });

  it('puts the ellipsis after the first page, when on the last pages', () => {
    expect(paginationSlots(17, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationSlots(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });

  it('never exceeds 7 slots and clamps a page out of range', () => {
    for (let total = 1; total <= 40; total++) {
      for (let page = 1; page <= total; page++) expect(paginationSlots(page, total).length).toBeLessThanOrEqual(7);
    }
    expect(paginationSlots(99, 8)).toEqual([1, 'start-ellipsis', 4, 5, 6, 7, 8]);
  });
});
