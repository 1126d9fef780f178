import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmartChargingCreate, SmartChargingUpdate } from '@recarga/contracts/smart-charging';
import type { ChargerRow } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../../lib/api-client';
import { virtualGroupKeys } from '../../api/virtual-group-keys';
import { smartChargingKeys } from './smart-charging-keys';

interface Saved {
  smart_charging_id: number;
  message: string;
}

/** POST /smart/smart-charging (002 §7). */
function createRecord(body: SmartChargingCreate): Promise<Saved> {
  return apiClient.request<Saved>({ service: 'smart', method: 'POST', path: 'smart-charging', body });
}

/** PUT /smart/smart-charging/{id}: the record plus its meter. */
function updateRecord(id: number, body: SmartChargingUpdate): Promise<Saved> {
  return apiClient.request<Saved>({ service: 'smart', method: 'PUT', path: `smart-charging/${id}`, body });
}

/** POST /gateway/virtual-groups/smart-charging: virtual_group_id, enabled and smart_charging_id. */
function linkRecord(groupId: number, recordId: number, enabled: boolean): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({
    service: 'gateway',
    method: 'POST',
    path: 'virtual-groups/smart-charging',
    body: { virtual_group_id: groupId, enabled, smart_charging_id: recordId },
  });
}

/** Every charger key of the group (the record is checked against them when it is on). */
async function groupChargerIds(groupId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const answer = await apiClient.request<{ content: ChargerRow[]; totalElements: number }>({
      service: 'gateway',
      path: 'virtual-groups/charge-boxs/list',
      query: { virtual_group_id: groupId, page, size: 100 },
    });
    ids.push(...answer.content.map((c) => c.charge_box_id));
    if (answer.content.length === 0 || ids.length >= answer.totalElements) return ids;
  }
}

function useRefresh(groupId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: smartChargingKeys.group(groupId) });
    void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.detail(groupId) });
    void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
  };
}

/**
 * Creating a group's smart charging (002 §4): the record, then its link to the group as the form
 * says (on when the switch is on), then its meter (the record's create call takes none). The link
 * comes before the meter: a meter is held by the record that names it, and a record left without
 * a group must not hold one.
 */
export function useCreateSmartCharging(groupId: number) {
  const refresh = useRefresh(groupId);
  return useMutation({
    mutationFn: async ({ create, update }: { create: Omit<SmartChargingCreate, 'charge_boxs'>; update: SmartChargingUpdate }) => {
      const chargeBoxIds = create.enabled ? await groupChargerIds(groupId) : [];
      const { smart_charging_id: id } = await createRecord({ ...create, charge_boxs: chargeBoxIds });
      await linkRecord(groupId, id, create.enabled);
      if (update.meter_device_remote_id !== null || !update.meter_device_remote_in_circuit) await updateRecord(id, update);
      return id;
    },
    onSettled: refresh,
  });
}

export function useUpdateSmartCharging(groupId: number) {
  const refresh = useRefresh(groupId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SmartChargingUpdate }) => updateRecord(id, body),
    onSettled: refresh,
  });
}
