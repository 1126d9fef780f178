import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VoucherKind, VoucherListAnswer, VoucherStatus } from '@recarga/contracts/vouchers';
import { apiClient } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { VOUCHER_PAGE_SIZE } from '../model/limits';
import { voucherKeys } from './voucher-keys';

export interface VoucherFilters {
  code?: string;
  title?: string;
  description?: string;
  kind?: VoucherKind;
  status?: VoucherStatus;
}

export interface VoucherListParams extends VoucherFilters {
  /** From 1. */
  page: number;
  tenantPk?: number;
}

/** GET /api/vouchers/?page&size&code&title&description&kind&status&tenantPk&timeZone → results and count (002 §7). */
function getVouchers(params: VoucherListParams, signal?: AbortSignal): Promise<VoucherListAnswer> {
  return apiClient.request<VoucherListAnswer>({
    path: 'vouchers/',
    query: {
      page: params.page,
      size: VOUCHER_PAGE_SIZE,
      code: params.code?.trim(),
      title: params.title?.trim(),
      description: params.description?.trim(),
      kind: params.kind,
      status: params.status,
      tenantPk: params.tenantPk,
      timeZone: browserTimeZone(),
    },
    signal,
  });
}

export function useVouchers(params: VoucherListParams) {
  return useQuery(
    queryOptions({
      queryKey: voucherKeys.list(params),
      queryFn: ({ signal }) => getVouchers(params, signal),
      placeholderData: keepPreviousData,
      // 002 §7: a 400 shows the list error at once; other failures just stop loading.
      retry: false,
    }),
  );
}
