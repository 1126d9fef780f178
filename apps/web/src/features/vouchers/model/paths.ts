/** The voucher screens' addresses (002 §2). */
export const LIST_PATH = '/vouchers';
export const CREATE_PATH = '/vouchers/create';
export const CREATE_USERS_PATH = '/vouchers/create/select_users';
export const detailPath = (id: number) => `/voucher/${id}`;
export const editPath = (id: number) => `/voucher/${id}/edit`;
export const editUsersPath = (id: number) => `/vouchers/edit/${id}/select_users`;
