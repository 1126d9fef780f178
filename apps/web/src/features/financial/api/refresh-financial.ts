import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { financialKeys } from './financial-keys';

/** Refreshes the lists, the summary cards and the open movement (after a refund or a resend). */
export function useRefreshFinancial() {
  const queryClient = useQueryClient();
  return useCallback(
    (movementPk?: number) => {
      void queryClient.invalidateQueries({ queryKey: financialKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: financialKeys.summaries() });
      if (movementPk !== undefined) void queryClient.invalidateQueries({ queryKey: financialKeys.detail(movementPk) });
    },
    [queryClient],
  );
}
