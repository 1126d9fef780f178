import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voucher } from '@recarga/contracts/vouchers';
import { apiClient } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { voucherKeys } from './voucher-keys';

/** GET /api/vouchers/{id}/?timeZone → the voucher with its users, charge points and figures. */
function getVoucher(id: number, signal?: AbortSignal): Promise<Voucher> {
  return apiClient.request<Voucher>({ path: `vouchers/${id}/`, query: { timeZone: browserTimeZone() }, signal });
}

export function useVoucher(id: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: voucherKeys.detail(id ?? 0), queryFn: ({ signal }) => getVoucher(id ?? 0, signal) }),
    enabled: id !== null,
    retry: false,
  });
}
