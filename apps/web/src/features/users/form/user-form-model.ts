import type { AddressForm, UserCreate, UserForm, UserSexValue, UserUpdate } from '@recarga/contracts/users';
import { formatCpf } from '../../../lib/format/cpf';

/** What the form holds; field names follow the payload (tenant_pk, userGroupPk, ocppTags...). */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  docType: string | null;
  docNumber: string;
  externalId: string;
  ocppIdTag: string;
  tenant_pk: number | null;
  userGroupPk: number | null;
  ocppTags: string[];
  activeUser: boolean;
  notificationOfflineCp: boolean;
  sex: UserSexValue | null;
  /** 'YYYY-MM-DD' or null. */
  dateBirthDay: string | null;
  // Hidden address fields, kept with the form (001 §2).
  addressPk: number | null;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  state: string;
  country: string;
}

const digits = (v: string) => v.replace(/\D/g, '');

/** A new user: active, in the given tenant, the first document type of its country. */
export function newUserValues(tenantPk: number | null, country: string, docTypes: string[]): UserFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    phone: '',
    docType: docTypes[0] ?? null,
    docNumber: '',
    externalId: '',
    ocppIdTag: '',
    tenant_pk: tenantPk,
    userGroupPk: null,
    ocppTags: [],
    activeUser: true,
    notificationOfflineCp: false,
    sex: null,
    dateBirthDay: null,
    addressPk: null,
    street: '',
    houseNumber: '',
    zipCode: '',
    city: '',
    state: '',
    country,
  };
}

/** The stored user (and its address from GET users_data/{id}/address) as form values. */
export function userToFormValues(user: UserForm, address: AddressForm | undefined, docTypes: string[]): UserFormValues {
  const a = address ?? user;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: '',
    phone: user.phone ?? '',
    docType: user.docType ?? docTypes[0] ?? null,
    docNumber: user.docType === 'CPF' && user.docNumber ? formatCpf(user.docNumber) : (user.docNumber ?? ''),
    externalId: user.externalId ?? '',
    ocppIdTag: user.ocppIdTag ?? '',
    tenant_pk: user.tenant_pk,
    userGroupPk: user.userGroupPk,
    ocppTags: user.ocppTags,
    activeUser: user.activeUser,
    notificationOfflineCp: user.notificationOfflineCp,
    sex: user.sex,
    dateBirthDay: user.dateBirthDay,
    addressPk: a.addressPk,
    street: a.street ?? '',
    houseNumber: a.houseNumber ?? '',
    zipCode: a.zipCode ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    country: a.country,
  };
}

function common(v: UserFormValues) {
  const docNumber = v.docNumber.trim();
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    // 001 §4: without a number there is no type; a CPF travels as digits only.
    docType: docNumber ? v.docType : null,
    docNumber: docNumber ? (v.docType === 'CPF' ? digits(docNumber) : docNumber) : '',
    externalId: v.externalId.trim(),
    tenant_pk: v.tenant_pk,
    ocppTags: v.ocppTags,
    activeUser: v.activeUser,
    notificationOfflineCp: v.notificationOfflineCp,
    sex: v.sex,
    dateBirthDay: v.dateBirthDay,
    addressPk: v.addressPk,
    street: v.street,
    houseNumber: v.houseNumber,
    zipCode: v.zipCode,
    city: v.city,
    state: v.state,
    country: v.country,
  };
}

/** POST users_data: the group travels as user_group_pk (001 §3). */
export function toCreatePayload(v: UserFormValues): UserCreate {
  return { ...common(v), password: v.password, user_group_pk: v.userGroupPk };
}

/** PUT users_data/{id}: the group travels as userGroupPk; the read-only tag is sent back as it was. */
export function toUpdatePayload(v: UserFormValues): UserUpdate {
  return { ...common(v), userGroupPk: v.userGroupPk, ocppIdTag: v.ocppIdTag || null };
}

/** The form field a server field error belongs to (create answers user_group_pk). */
export function formFieldOf(serverKey: string): keyof UserFormValues | null {
  if (serverKey === 'user_group_pk') return 'userGroupPk';
  const known: (keyof UserFormValues)[] = [
    'firstName',
    'lastName',
    'email',
    'password',
    'phone',
    'docType',
    'docNumber',
    'externalId',
    'ocppIdTag',
    'tenant_pk',
    'userGroupPk',
    'ocppTags',
    'activeUser',
    'notificationOfflineCp',
    'sex',
    'dateBirthDay',
  ];
  return (known as string[]).includes(serverKey) ? (serverKey as keyof UserFormValues) : null;
}
