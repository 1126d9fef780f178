import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherCreateInput, VoucherSaved, VoucherUpdateInput } from '@recarga/contracts/vouchers';
import { apiClient } from '../../../lib/api-client';
import { voucherKeys } from './voucher-keys';

export type VoucherSave = { voucherPk: null; body: VoucherCreateInput } | { voucherPk: number; body: VoucherUpdateInput };

/** POST /api/vouchers/ (create) or PUT /api/vouchers/{id}/ (update); the answer's type drives the modal (002 §7). */
function saveVoucher(save: VoucherSave): Promise<VoucherSaved> {
  return apiClient.request<VoucherSaved>(
    save.voucherPk === null
      ? { method: 'POST', path: 'vouchers/', body: save.body }
      : { method: 'PUT', path: `vouchers/${save.voucherPk}/`, body: save.body },
  );
}

export function useSaveVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVoucher,
    onSuccess: (_answer, save) => {
      void queryClient.invalidateQueries({ queryKey: voucherKeys.lists() });
      if (save.voucherPk !== null) void queryClient.invalidateQueries({ queryKey: voucherKeys.detail(save.voucherPk) });
    },
  });
}
