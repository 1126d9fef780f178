import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TransactionListResponse, TransactionRow } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { stationKeys } from './station-keys';

const STATION_TRANSACTION_DAYS = 30;
const STATION_TRANSACTION_ROWS = 5;

/**
 * GET /api/transaction/?chargeBoxPK&fromDate&toDate&timeZone&page&size → list: the station's most
 * recent recharges (last 30 days, 5 rows).
 */
async function getStationTransactions(pk: number, signal?: AbortSignal): Promise<TransactionRow[]> {
  const answer = await apiClient.request<TransactionListResponse>({
    path: 'transaction/',
    query: {
      chargeBoxPK: pk,
      fromDate: dayjs()
        .subtract(STATION_TRANSACTION_DAYS - 1, 'day')
        .format('YYYY-MM-DD'),
      toDate: dayjs().format('YYYY-MM-DD'),
      timeZone: browserTimeZone(),
      page: 1,
      size: STATION_TRANSACTION_ROWS,
    },
    signal,
  });
  return answer.list;
}

export function useStationTransactions(pk: number) {
  return useQuery(queryOptions({ queryKey: stationKeys.transactions(pk), queryFn: ({ signal }) => getStationTransactions(pk, signal) }));
}
