import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PricingDetailForm } from '@recarga/contracts/dynamic-pricing';
import { apiClient } from '../../../lib/api-client';
import { pricingKeys } from './pricing-keys';

/**
 * PUT /api/dynamic-pricing/{uuid}/detail/ with the WHOLE list (002 §7): each save is the profile's
 * next version. A 400 carries field errors keyed `dynamicPricingDetailFormList.<index>.<field>`.
 */
function savePricingDetails(uuid: string, list: PricingDetailForm[]): Promise<{ message: string; version: number }> {
  return apiClient.request({
    method: 'PUT',
    path: `dynamic-pricing/${encodeURIComponent(uuid)}/detail/`,
    body: { dynamicPricingDetailFormList: list },
  });
}

export function useSavePricingDetails(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: PricingDetailForm[]) => savePricingDetails(uuid, list),
    // Waited for: the screen reads the saved rules (and the new version) once the save resolves.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.detail(uuid) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.list() }),
      ]),
  });
}
