import type { VoucherListItem } from '@recarga/contracts/vouchers';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/**
 * GET /api/vouchers/last/?code&tenantPk → the latest voucher with this code, or null when none
 * (404). 002 §7: an ACTIVE answer means the code is taken.
 */
export async function getLastVoucher(code: string, tenantPk: number | undefined): Promise<VoucherListItem | null> {
  try {
    return await apiClient.request<VoucherListItem>({ path: 'vouchers/last/', query: { code, tenantPk } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
