import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentType } from '@recarga/contracts/payments';
import type { PaymentTypesResponse } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/**
 * GET /api/payment/types/ → the payment types of the user's network, for a remote start's payment
 * generation (001 §4). Vouchers are left out: a driver applies a voucher, an operator does not
 * impose one (the server refuses it).
 */
async function getPaymentTypes(signal?: AbortSignal): Promise<PaymentType[]> {
  const answer = await apiClient.request<PaymentTypesResponse>({ path: 'payment/types/', signal });
  return [...new Set((answer?.payment_type_tenant_list ?? []).map((p) => p.payment_type))].filter((type) => type !== 'VOUCHER');
}

export function usePaymentTypes(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: operationKeys.paymentTypes(),
      queryFn: ({ signal }) => getPaymentTypes(signal),
      staleTime: 5 * 60_000,
      enabled,
    }),
  );
}
