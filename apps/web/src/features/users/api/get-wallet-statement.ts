import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletDepositsResponse, WalletTotalizer } from '@recarga/contracts/user-list';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/customer-wallet/userDeposits/{userPk}/: the user's movements from the ledger. */
function getDeposits(userPk: number, signal?: AbortSignal): Promise<WalletDepositsResponse> {
  return apiClient.request<WalletDepositsResponse>({ path: `customer-wallet/userDeposits/${userPk}/`, signal });
}

/** GET /api/customer-wallet/userDeposits/totalizer/{userPk}/: the wallet's balance. */
function getTotalizer(userPk: number, signal?: AbortSignal): Promise<WalletTotalizer> {
  return apiClient.request<WalletTotalizer>({ path: `customer-wallet/userDeposits/totalizer/${userPk}/`, signal });
}

export function useWalletDeposits(userPk: number) {
  return useQuery(queryOptions({ queryKey: userKeys.deposits(userPk), queryFn: ({ signal }) => getDeposits(userPk, signal) }));
}

export function useWalletTotalizer(userPk: number) {
  return useQuery(queryOptions({ queryKey: userKeys.totalizer(userPk), queryFn: ({ signal }) => getTotalizer(userPk, signal) }));
}
