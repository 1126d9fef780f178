import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoucherHistoryItem } from '@recarga/contracts/vouchers';
import { apiClient } from '../../../lib/api-client';
import { voucherKeys } from './voucher-keys';

interface VoucherHistoryAnswer {
  results: VoucherHistoryItem[];
  count: number;
}

/** GET /api/vouchers/{id}/history/?userPk → the recharges that used the voucher, newest first. */
function getVoucherHistory(id: number, userPk: number | null, signal?: AbortSignal): Promise<VoucherHistoryAnswer> {
  return apiClient.request<VoucherHistoryAnswer>({ path: `vouchers/${id}/history/`, query: { userPk: userPk ?? undefined }, signal });
}

export function useVoucherHistory(id: number, userPk: number | null) {
  return useQuery(
    queryOptions({
      queryKey: voucherKeys.history(id, userPk),
      queryFn: ({ signal }) => getVoucherHistory(id, userPk, signal),
    }),
  );
}
