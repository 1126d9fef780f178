import { describe, expect, it } from 'vitest';
import type { ChargePointDetail } from '@recarga/contracts/stations';
import { detailToFormValues, formFieldOf, formValuesToPayload, newStationValues, type FormCapabilities } from './station-form-model';

const all: FormCapabilities = { ocpi: true, smartCharging: true, customPower: true, payment: true };
const none: FormCapabilities = { ocpi: false, smartCharging: false, customPower: false, payment: false };

function detail(overrides: Partial<ChargePointDetail> = {}): ChargePointDetail {
  const base = {
    ...newStationValues(1, 'BR'),
    chargeBoxPk: 9,
    chargeBoxId: 'CP-9',
    endpointAddress: null,
    description: 'Nine',
    externalId: null,
    tenantPk: 1,
    tenant_pk: 1,
    tenantName: 'Move',
    tenantDeviceReader: false,
    deviceReaderMac: null,
    chargeBoxGroupPk: null,
    chargeBoxGroupName: null,
    isHubjectCompatible: false,
    address: { street: 'Rua A', houseNumber: '1', zipCode: '01311-300', city: 'São Paulo', state: 'SP', country: 'BR' },
    locationLatitude: -23.5,
    locationLongitude: -46.6,
    isOpen_24Hours: false,
    openTime: '08:00:00',
    closeTime: '23:59:59',
    uuid: 'u',
    origin: 'MOVE',
    chargePointVendor: null,
    chargePointModel: null,
    fwVersion: null,
    ocppProtocol: null,
    online: false,
    lastHeartbeatTimestamp: null,
    hasOcppPassword: false,
    monthConsumption: 0,
    moneyPerKilowattCost: 89,
    moneyPerDurationCost: 0,
    moneyPerTransactionCost: 0,
    moneyPerKilowattIncome: 199,
    moneyPerDurationIncome: 0,
    moneyPerTransactionIncome: 300,
    taxIncome: 0.05,
    connectors: [
      {
        connectorId: 2,
        connectorType: 'Type 2',
        connectorTypePk: 2,
        powerMax: 7400,
        powerMaxCustom: false,
        unusualStatus: null,
        lastStatus: { status: null, timestamp: null, errorCode: null },
        statusGroup: 'unavailable',
        moneyPerKilowattIncome: null,
        moneyPerDurationIncome: null,
      },
      {
        connectorId: 1,
        connectorType: 'Type 2',
        connectorTypePk: 2,
        powerMax: 22000,
        powerMaxCustom: false,
        unusualStatus: null,
        lastStatus: { status: null, timestamp: null, errorCode: null },
        statusGroup: 'unavailable',
        moneyPerKilowattIncome: 150,
        moneyPerDurationIncome: null,
      },
    ],
    bindUsers: [
      { user_pk: 5, email: 'a@x', user_name: 'A', owner: true, bind_status: 'NOT_REQUESTED' as const },
      { user_pk: 6, email: 'b@x', user_name: 'B', owner: false, bind_status: 'ACCEPTED' as const },
    ],
    photos: [{ uid: 'p1', name: 'a.png', url: '/x', status: 'done' as const }],
  };
  return { ...base, ...overrides } as ChargePointDetail;
}

describe('station form model', () => {
  it('shows a stored close time 23:59:59 as 00:00:00 and sends it back as 23:59:59', () => {
    const values = detailToFormValues(detail());
    expect(values.closeTime?.format('HH:mm:ss')).toBe('00:00:00');
    const body = formValuesToPayload(values, {
      current: detail(),
      capabilities: none,
      addressLookupToken: null,
      locationLookupToken: null,
    });
    expect(body.closeTime).toBe('23:59:59');
    expect(body.openTime).toBe('08:00:00');
  });

  it('sorts connectors by id and sends a free kW Power Max in W', () => {
    const values = detailToFormValues(detail());
    expect(values.connectors.map((c) => c.connectorId)).toEqual([1, 2]);
    values.connectors[0].powerMaxKw = 7.5;
    const body = formValuesToPayload(values, { current: detail(), capabilities: all, addressLookupToken: null, locationLookupToken: null });
    expect(body.connectors?.[0]).toMatchObject({ connectorId: 1, powerMax: 7500, moneyPerKilowattIncome: 150 });
  });

  it('shows the tax ×100 and money in major units, and sends them ÷100 and in minor units', () => {
    const values = detailToFormValues(detail());
    expect(values.taxIncome).toBe(5);
    expect(values.moneyPerKilowattIncome).toBe('1,99');
    values.taxIncome = 12;
    values.moneyPerKilowattIncome = '2,49';
    const body = formValuesToPayload(values, { current: detail(), capabilities: all, addressLookupToken: null, locationLookupToken: null });
    expect(body.taxIncome).toBe(0.12);
    expect(body.moneyPerKilowattIncome).toBe(249);
    expect(body.moneyPerTransactionIncome).toBe(300);
  });

  it('leaves out what the user may not change (OCPI, smart charging, payment)', () => {
    const body = formValuesToPayload(detailToFormValues(detail()), {
      current: detail(),
      capabilities: none,
      addressLookupToken: null,
      locationLookupToken: null,
    });
    expect(body).not.toHaveProperty('isOcpiCompatible');
    expect(body).not.toHaveProperty('system');
    expect(body).not.toHaveProperty('hasPayment');
    expect(body).not.toHaveProperty('chargeBoxId');
  });

  it('binds owners as owner and selected access users as ACCEPTED, for a private station', () => {
    const values = { ...detailToFormValues(detail()), typeOf: 'PRIVATE' as const };
    const body = formValuesToPayload(values, {
      current: detail(),
      capabilities: none,
      addressLookupToken: null,
      locationLookupToken: null,
    });
    expect(body.bindUsers).toEqual([
      { user_pk: 5, owner: true, bind_status: 'NOT_REQUESTED' },
      { user_pk: 6, owner: false, bind_status: 'ACCEPTED' },
    ]);
  });

  it('sends new photos as base64 and removed stored photos as deletedPhotos', () => {
    const values = detailToFormValues(detail());
    values.photos = [{ uid: 'n1', name: 'new.png', base64: 'data:image/png;base64,AAAA' }];
    const body = formValuesToPayload(values, {
      current: detail(),
      capabilities: none,
      addressLookupToken: null,
      locationLookupToken: null,
    });
    expect(body.photos).toEqual([{ name: 'new.png', base64: 'data:image/png;base64,AAAA' }]);
    expect(body.deletedPhotos).toEqual(['p1']);
  });

  it('maps server field keys onto form fields', () => {
    expect(formFieldOf('address.street')).toEqual(['address', 'street']);
    expect(formFieldOf('connectors.1.connectorTypePk')).toEqual(['connectors', 1, 'connectorTypePk']);
    expect(formFieldOf('bindUsers.0')).toEqual(['owners']);
    expect(formFieldOf('somethingElse')).toBeNull();
  });
});
