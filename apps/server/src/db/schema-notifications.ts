import type { ColumnType } from 'kysely';

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user's bell: read up to a notification key, and the event types that pop up as toasts. */
export interface NotificationUserSettingsTable {
  user_pk: number;
  read_up_to: ColumnType<string | number, string | number | undefined, string | number>;
  toast_types: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: UpdatedAt;
}

/** Events a user read one by one after their read_up_to. */
export interface NotificationReadsTable {
  user_pk: number;
  notification_pk: number;
  read_at: UpdatedAt;
}

/** Tables of the notifications module (besides notifications itself, in schema-ocpp.ts). */
export interface NotificationTables {
  notification_user_settings: NotificationUserSettingsTable;
  notification_reads: NotificationReadsTable;
}
