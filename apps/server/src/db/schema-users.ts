import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of the user form (migrations/0008_users.sql). */
export interface UserGroupsTable {
  user_group_pk: Generated<number>;
  tenant_pk: number;
  name: string;
  created_at: CreatedAt;
}

export interface UserAddressesTable {
  address_pk: Generated<number>;
  street: string | null;
  house_number: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  country: Generated<string>;
  updated_at: CreatedAt;
}

export type UserSex = 'MALE' | 'FEMALE' | 'OTHER';

// 0008_users.sql adds two columns to users; the core table type gains them here.
declare module './schema' {
  interface UsersTable {
    user_group_pk: number | null;
    address_pk: number | null;
  }
}

export interface UserTables {
  user_groups: UserGroupsTable;
  user_addresses: UserAddressesTable;
}
