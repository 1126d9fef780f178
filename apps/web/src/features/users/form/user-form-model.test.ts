import { describe, expect, it } from 'vitest';
import type { UserForm } from '@recarga/contracts/users';
import { formFieldOf, newUserValues, toCreatePayload, toUpdatePayload, userToFormValues } from './user-form-model';

const stored: UserForm = {
  userPk: 5,
  firstName: 'Marcos',
  lastName: 'Silva',
  email: 'motorista@move.com.br',
  phone: null,
  docType: 'CPF',
  docNumber: '11144477735',
  externalId: null,
  ocppIdTag: '04A1B2C3D4',
  tenant_pk: 3,
  tenantName: 'Move',
  userGroupPk: 2,
  userGroupName: 'Frota',
  ocppTags: ['1A2B3C4D'],
  activeUser: true,
  notificationOfflineCp: false,
  sex: null,
  dateBirthDay: '1990-01-31',
  addressPk: null,
  street: null,
  houseNumber: null,
  zipCode: null,
  city: null,
  state: null,
  country: 'BR',
};

describe('user form model', () => {
  it('new values, for a tenant, default the document type to the first of the list and the user to active', () => {
    expect(newUserValues(3, 'BR', ['CPF', 'CNPJ'])).toMatchObject({
      tenant_pk: 3,
      docType: 'CPF',
      activeUser: true,
      country: 'BR',
      ocppTags: [],
    });
  });

  it('stored user, with a CPF, shows it masked and takes the hidden address from the address call', () => {
    const v = userToFormValues(
      stored,
      { addressPk: 9, street: 'Rua A', houseNumber: '1', zipCode: '01000-000', city: 'SP', state: 'SP', country: 'BR' },
      ['CPF'],
    );
    expect(v).toMatchObject({ docNumber: '111.444.777-35', phone: '', addressPk: 9, street: 'Rua A', zipCode: '01000-000' });
  });

  it('update payload, sends the CPF as digits, the group as userGroupPk and the hidden address back', () => {
    const v = userToFormValues(
      stored,
      { addressPk: 9, street: 'Rua A', houseNumber: '1', zipCode: '', city: '', state: '', country: 'BR' },
      ['CPF'],
    );
    const body = toUpdatePayload({ ...v, phone: ' 11 9999-0000 ' });
    expect(body).toMatchObject({
      docType: 'CPF',
      docNumber: '11144477735',
      userGroupPk: 2,
      phone: '11 9999-0000',
      addressPk: 9,
      street: 'Rua A',
      ocppIdTag: '04A1B2C3D4',
    });
    expect(body).not.toHaveProperty('user_group_pk');
    expect(body).not.toHaveProperty('password');
  });

  it('create payload, without a document number, sends no document type and the group as user_group_pk', () => {
    const body = toCreatePayload({ ...newUserValues(3, 'BR', ['CPF']), firstName: ' Ana ', password: 'Senha@1', userGroupPk: 4 });
    expect(body).toMatchObject({ firstName: 'Ana', docType: null, docNumber: '', user_group_pk: 4, password: 'Senha@1' });
    expect(body).not.toHaveProperty('userGroupPk');
  });

  it('server field keys, map to form fields (user_group_pk to userGroupPk; address keys are hidden)', () => {
    expect(formFieldOf('user_group_pk')).toBe('userGroupPk');
    expect(formFieldOf('firstName')).toBe('firstName');
    expect(formFieldOf('street')).toBeNull();
  });
});
