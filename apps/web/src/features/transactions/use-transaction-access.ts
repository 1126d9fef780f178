import { roles } from '@recarga/contracts/permissions';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { useHasRole, usePermittedRoutes } from '../../lib/use-permitted-routes';

/** Permission keys of the transactions area (001 §2, §6). */
const transactionPermissions = {
  list: '/transactions',
  editPayment: '/transactions/{id}/payment/edit',
  showNf: '/transactions/show_nf_column',
  cancelIdle: '/cancel-idle-payment',
} as const satisfies Record<string, DashboardRoute>;

export interface TransactionAccess {
  /** DASH_FINANCIAL_INDICATORS: income column, revenue-status filter, income fields. */
  financial: boolean;
  /** DASH_DISABLE_TRANSACTION_OPTIONS: tag search and Excel download disabled. */
  optionsDisabled: boolean;
  /** NF column (and invoice retry). */
  showNf: boolean;
  /** Approve Transactions and Edit Payment: the permission plus the payment capability. */
  canApprove: boolean;
  /** Cancel Idle Payment. */
  canCancelIdle: boolean;
}

export function useTransactionAccess(): TransactionAccess {
  const permitted = usePermittedRoutes();
  const financial = useHasRole(roles.financialIndicators);
  const optionsDisabled = useHasRole(roles.disableTransactionOptions);
  const paymentCapability = useHasRole(roles.paymentApproval);
  return {
    financial,
    optionsDisabled,
    showNf: permitted.has(transactionPermissions.showNf),
    canApprove: permitted.has(transactionPermissions.editPayment) && paymentCapability,
    canCancelIdle: permitted.has(transactionPermissions.cancelIdle),
  };
}
