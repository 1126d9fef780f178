import { queryOptions, useQuery } from '@tanstack/react-query';
import { financialPaths } from '@recarga/contracts/financial-constants';
import type { FinancialTransaction } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

const INVOICE_POLL_MS = 2000;

/** GET /gateway/transactions/{movementPk}: one movement, fresher than the list's row (the drawer after a refund). */
function getFinancialMovement(movementPk: number, signal?: AbortSignal): Promise<FinancialTransaction> {
  return apiClient.request<FinancialTransaction>({
    service: 'gateway',
    path: gatewayPath(financialPaths.detail(movementPk)),
    signal,
  });
}

/** The drawer's movement: the list's row at once (`initial`), then the server's copy. */
export function useFinancialMovement(movementPk: number | null, initial?: FinancialTransaction) {
  return useQuery(
    queryOptions({
      queryKey: financialKeys.detail(movementPk ?? 0),
      queryFn: ({ signal }) => getFinancialMovement(movementPk!, signal),
      enabled: movementPk !== null,
      placeholderData: initial,
      // An invoice being (re)issued: the drawer follows it until the issuer answers.
      refetchInterval: (query) => (query.state.data?.nfeStatus === 'processando_autorizacao' ? INVOICE_POLL_MS : false),
    }),
  );
}
