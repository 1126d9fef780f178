import type { OperationCommand } from '@recarga/contracts/operations';

/** The command menu, by what the commands are for (Power Limit, always disabled, closes the profiles group). */
export const commandGroups: { key: 'recharge' | 'station' | 'configuration' | 'localList' | 'profiles'; commands: OperationCommand[] }[] = [
  {
    key: 'recharge',
    commands: ['remote_start_transaction', 'remote_stop_transaction', 'unlock_connector', 'reserve_now', 'cancel_reservation'],
  },
  { key: 'station', commands: ['change_availability', 'reset', 'clear_cache', 'trigger_message', 'data_transfer'] },
  { key: 'configuration', commands: ['get_configuration', 'change_configuration', 'get_diagnostics', 'update_firmware'] },
  { key: 'localList', commands: ['send_local_list', 'get_local_list_version'] },
  { key: 'profiles', commands: ['set_charging_profile', 'clear_charging_profile', 'get_composite_schedule'] },
];
