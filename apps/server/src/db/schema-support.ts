import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

// Migration 0028 adds the tenant's support address to the core table.
declare module './schema' {
  interface TenantsTable {
    /** Where the tenant's support mail goes; null: the nearest ancestor's, else SUPPORT_MAIL_TO. */
    support_email: Generated<string | null>;
  }
}

/** A support message or contact form and its delivery (migration 0028). */
export interface SupportMessagesTable {
  support_message_pk: Generated<number>;
  tenant_pk: number;
  user_pk: number | null;
  origin: 'dashboard' | 'contact';
  sender_name: string;
  sender_email: string;
  sender_phone: string | null;
  subject: 'general' | 'complaint' | 'suggestion';
  message: string;
  recipient: string | null;
  status: Generated<'sending' | 'sent' | 'failed'>;
  error: string | null;
  client_address: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** An app user's device registered for push (migration 0028). */
export interface PushDevicesTable {
  push_device_pk: Generated<number>;
  user_pk: number;
  token: string;
  platform: 'android' | 'ios' | 'web';
  created_at: CreatedAt;
}

/** The push outbox: one row per notification (migration 0028). */
export interface PushNotificationsTable {
  push_notification_pk: Generated<number>;
  tenant_pk: number;
  sender_user_pk: number | null;
  sender_name: string;
  message: string;
  provider: string;
  recipients: Generated<number>;
  devices: Generated<number>;
  delivered: Generated<number>;
  status: Generated<'sending' | 'sent' | 'partial' | 'failed'>;
  error: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** Tables of support mail, the contact form and push notifications. */
export interface SupportTables {
  support_messages: SupportMessagesTable;
  push_devices: PushDevicesTable;
  push_notifications: PushNotificationsTable;
}
