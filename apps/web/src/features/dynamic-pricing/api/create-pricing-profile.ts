import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { pricingKeys } from './pricing-keys';

interface Created {
  data: { dynamicPricingUuid: string | null; error: string | null };
}

/** POST /api/dynamic-pricing/ {name, tenantPk?}: the new profile's uuid (an answer without one is a failure). */
async function createPricingProfile(body: { name: string; tenantPk?: number }): Promise<string> {
  const answer = await apiClient.request<Created>({ method: 'POST', path: 'dynamic-pricing/', body });
  if (!answer.data.dynamicPricingUuid) throw new Error(answer.data.error ?? 'No profile created');
  return answer.data.dynamicPricingUuid;
}

export function useCreatePricingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPricingProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingKeys.list() }),
  });
}
