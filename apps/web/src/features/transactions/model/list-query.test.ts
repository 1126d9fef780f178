import { describe, expect, it } from 'vitest';
import { excelQuery, listQuery, type TransactionFilters } from './list-query';

const filters: TransactionFilters = {
  fromDate: '2026-03-13T03:00:00.000Z',
  toDate: '2026-03-16T02:59:59.999Z',
  chargeBoxPk: 7,
  userOcppTag: ' 04A1B2C3D4 ',
  paymentStatus: 'UNPAID',
  searchInput: '  Paulista ',
  timeZone: 'America/Sao_Paulo',
};

describe('listQuery', () => {
  it('sends the filters, page, size and headerOrderList, when a column is sorted', () => {
    expect(listQuery(filters, 3, 10, [{ key: 'startTimestamp', order: 'ascend' }])).toEqual({
      chargeBoxPk: 7,
      userOcppTag: '04A1B2C3D4',
      fromDate: filters.fromDate,
      toDate: filters.toDate,
      paymentStatus: 'UNPAID',
      searchInput: 'Paulista',
      timeZone: 'America/Sao_Paulo',
      headerOrderList: 'startTimestamp:asc',
      page: 3,
      size: 10,
    });
  });

  it('leaves out empty filters and the order, when nothing is chosen', () => {
    const q = listQuery({ ...filters, chargeBoxPk: undefined, userOcppTag: '', paymentStatus: '', searchInput: ' ' }, 1, 10, []);
    expect(q.chargeBoxPk).toBeUndefined();
    expect(q.userOcppTag).toBeUndefined();
    expect(q.paymentStatus).toBeUndefined();
    expect(q.searchInput).toBeUndefined();
    expect(q.headerOrderList).toBeUndefined();
  });
});

describe('excelQuery', () => {
  it('uses the export names chargeBoxPK and ocppUserTag, when exporting the same filters', () => {
    expect(excelQuery(filters)).toEqual({
      chargeBoxPK: 7,
      ocppUserTag: '04A1B2C3D4',
      fromDate: filters.fromDate,
      toDate: filters.toDate,
      paymentStatus: 'UNPAID',
      searchInput: 'Paulista',
      timeZone: 'America/Sao_Paulo',
    });
  });
});
