/** Query keys of the smart-charging part of the virtual-groups area. */
export const smartChargingKeys = {
  all: ['smart-charging'] as const,
  group: (groupId: number) => ['smart-charging', 'group', groupId] as const,
  meter: (deviceRemoteId: string) => ['smart-charging', 'meter', deviceRemoteId] as const,
  meters: (deviceRemoteIds: readonly string[]) => ['smart-charging', 'meters', [...deviceRemoteIds].sort()] as const,
  series: (deviceRemoteId: string) => ['smart-charging', 'series', deviceRemoteId] as const,
};
