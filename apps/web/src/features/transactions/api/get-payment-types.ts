import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentType } from '@recarga/contracts/payments';
import type { PaymentTypesResponse } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** GET /api/payment/types/ → payment_type_tenant_list[].payment_type. */
async function getPaymentTypes(signal?: AbortSignal): Promise<PaymentType[]> {
  const answer = await apiClient.request<PaymentTypesResponse>({ path: 'payment/types/', signal });
  return [...new Set((answer?.payment_type_tenant_list ?? []).map((p) => p.payment_type))];
}

const paymentTypesQuery = () =>
  queryOptions({ queryKey: transactionKeys.paymentTypes(), queryFn: ({ signal }) => getPaymentTypes(signal), staleTime: 5 * 60_000 });

export function usePaymentTypes(enabled = true) {
  return useQuery({ ...paymentTypesQuery(), enabled });
}
