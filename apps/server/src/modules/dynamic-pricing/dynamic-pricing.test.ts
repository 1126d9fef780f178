// @postgres write-pool: a station's meter values written by the OCPP write batcher's own pool, then priced through prepared statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamicPricingMessages as msg } from '@recarga/contracts/dynamic-pricing';
import { roles } from '@recarga/contracts/permissions';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { bootedStation, eventually, type StationClient } from '../../../test/ocpp/ocpp-helpers';

const monday = { servicePrice: 300, kwhPrice: 150, operationFee: 0.1, taxes: 0.05 };
const evening = { servicePrice: 500, kwhPrice: 250, operationFee: 0.1, taxes: 0.05 };

describe('dynamic pricing: profiles, rules, and the recharges they price', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let station: StationClient | undefined;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: path, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  async function aProfile(name: string, token = admin, tenantPk?: number) {
    const res = await call('POST', '/api/dynamic-pricing/', token, { name, ...(tenantPk ? { tenantPk } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.dynamicPricingUuid as string;
  }

  const saveDetails = (uuid: string, list: unknown[], token = admin) =>
    call('PUT', `/api/dynamic-pricing/${uuid}/detail/`, token, { dynamicPricingDetailFormList: list });

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    admin = await loginAs(t.app, demo.admin);
  });
  afterAll(async () => {
    await station?.close({ force: true }).catch(() => undefined);
    await t.close();
  });

  it('a profile: created by name, listed with no chargers, its rules saved as versions and read back', async () => {
    const uuid = await aProfile('Pico noturno');
    const duplicate = await call('POST', '/api/dynamic-pricing/', admin, { name: 'pico NOTURNO' });
    const noName = await call('POST', '/api/dynamic-pricing/', admin, { name: '  ' });

    const first = await saveDetails(uuid, [
      { dayOfWeek: 'MONDAY', general: true, active: true, ...monday },
      { dayOfWeek: 'MONDAY', startTime: '18:00:00', endTime: '21:00:00', ...evening },
      { exception: true, startDate: '2026-12-25', endDate: '2026-12-25', kwhPrice: 100 },
    ]);
    const second = await saveDetails(uuid, [{ dayOfWeek: 'MONDAY', general: true, active: true, ...monday }]);
    const read = await call('GET', `/api/dynamic-pricing/${uuid}/detail/`, admin);
    const list = await call('GET', '/api/dynamic-pricing/', admin);

    expect(duplicate.statusCode).toBe(409);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe(msg.nameRequired);
    expect(first.json()).toEqual({ message: msg.saved, version: 1 });
    expect(second.json().version).toBe(2);
    expect(read.json()).toMatchObject({ name: 'Pico noturno', version: 2, timeZone: 'America/Sao_Paulo', currency: 'BRL' });
    expect(read.json().dynamicPricingDetailList).toEqual([
      expect.objectContaining({ dayOfWeek: 'MONDAY', general: true, kwhPrice: 150, servicePrice: 300, operationFee: 0.1, taxes: 0.05 }),
    ]);
    expect(list.json().dynamicPricingList).toContainEqual(
      expect.objectContaining({ uuid, name: 'Pico noturno', chargeBoxCount: 0, version: 2 }),
    );
    const versions = await t.db.selectFrom('pricing_profile_versions').select('version').where('created_by', 'is not', null).execute();
    expect(versions.length).toBeGreaterThanOrEqual(2);
  });

  it('a window’s local time is given as GMT too (São Paulo is UTC−3): 18:00 local is 21:00 GMT; a GMT-only window is read as local', async () => {
    const uuid = await aProfile('Horário GMT');
    await saveDetails(uuid, [
      { dayOfWeek: 'TUESDAY', general: true, active: true, kwhPrice: 100 },
      { dayOfWeek: 'TUESDAY', startTime: '18:00:00', endTime: '21:00:00', kwhPrice: 200 },
      { dayOfWeek: 'TUESDAY', startTimeGMT: '01:00:00', endTimeGMT: '03:00:00', kwhPrice: 50 },
    ]);

    const details = (await call('GET', `/api/dynamic-pricing/${uuid}/detail/`, admin)).json().dynamicPricingDetailList;

    expect(details.map((d: Record<string, unknown>) => [d.startTime, d.endTime, d.startTimeGMT, d.endTimeGMT])).toEqual([
      [null, null, null, null],
      ['18:00:00', '21:00:00', '21:00:00', '00:00:00'],
      ['22:00:00', '24:00:00', '01:00:00', '03:00:00'],
    ]);
  });

  it('every rule of 002 §5 is a field error with the spec’s message, and nothing is saved', async () => {
    const uuid = await aProfile('Regras');
    const cases: [unknown[], string, string][] = [
      [[{ dayOfWeek: 'MONDAY', endTime: '10:00:00', kwhPrice: 1 }], '0.startTime', msg.startTimeRequired],
      [[{ dayOfWeek: 'MONDAY', startTime: '10:00:00', kwhPrice: 1 }], '0.endTime', msg.endTimeRequired],
      [[{ dayOfWeek: 'MONDAY', startTime: '10:00:00', endTime: '10:00:00', kwhPrice: 1 }], '0.endTime', msg.timesEqual],
      [[{ dayOfWeek: 'MONDAY', startTime: '11:00:00', endTime: '10:00:00', kwhPrice: 1 }], '0.startTime', msg.startAfterEnd],
      [
        [
          { dayOfWeek: 'MONDAY', startTime: '08:00:00', endTime: '10:00:00', kwhPrice: 1 },
          { dayOfWeek: 'MONDAY', startTime: '09:00:00', endTime: '12:00:00', kwhPrice: 1 },
        ],
        '1.startTime',
        msg.windowClash,
      ],
      [
        [
          { dayOfWeek: 'MONDAY', startTime: '08:00:00', endTime: '10:00:00', kwhPrice: 1 },
          { dayOfWeek: 'MONDAY', startTime: '08:00:00', endTime: '09:00:00', kwhPrice: 1 },
        ],
        '1.startTime',
        msg.windowClash,
      ],
      [[{ dayOfWeek: 'MONDAY', startTime: '08:00:00', endTime: '10:00:00' }], '0.kwhPrice', msg.priceRequired],
      [
        [{ dayOfWeek: 'MONDAY', startTime: '08:00:00', endTime: '10:00:00', kwhPrice: 1, durationPrice: 1 }],
        '0.kwhPrice',
        msg.priceRequired,
      ],
      [[{ exception: true, kwhPrice: 1 }], '0.startDate', msg.dayRequired],
      [[{ exception: true, startDate: '2026-12-10', endDate: '2026-12-01', kwhPrice: 1 }], '0.endDate', msg.datesOrder],
      // A day that is not in the calendar is its field's error, not the database's.
      [[{ exception: true, startDate: '2026-02-30', endDate: '2026-03-02', kwhPrice: 1 }], '0.startDate', msg.dateInvalid],
      [[{ exception: true, startDate: '2026-12-10', endDate: '2026-12-10' }], '0.kwhPrice', msg.priceRequired],
      [
        [
          { exception: true, startDate: '2026-12-10', endDate: '2026-12-20', kwhPrice: 1 },
          { exception: true, startDate: '2026-12-15', endDate: '2026-12-15', kwhPrice: 1 },
        ],
        '1.startDate',
        msg.dateInsideOther,
      ],
      [
        [
          { exception: true, startDate: '2026-12-10', endDate: '2026-12-12', kwhPrice: 1 },
          { exception: true, startDate: '2026-12-01', endDate: '2026-12-31', kwhPrice: 1 },
        ],
        '1.endDate',
        msg.periodEnclosesOther,
      ],
    ];
    for (const [list, field, message] of cases) {
      const res = await saveDetails(uuid, list);
      expect(res.statusCode, JSON.stringify(list)).toBe(400);
      expect(res.json().fields[`dynamicPricingDetailFormList.${field}`], JSON.stringify(list)).toBe(message);
    }
    const read = await call('GET', `/api/dynamic-pricing/${uuid}/detail/`, admin);
    expect(read.json()).toMatchObject({ version: 0, dynamicPricingDetailList: [] });
  });

  it('tenant isolation: another network’s profile is not found, and is not listed; no monetization role, no dynamic pricing', async () => {
    const uuid = await aProfile('Só da Move');
    const sol = await aUserWith(t, { tenant: 'sol', routes: ['/', '/dynamic-pricing'], roles: [roles.monetization] });
    const noRole = await aUserWith(t, { tenant: 'move', routes: ['/', '/dynamic-pricing'] });

    const detail = await call('GET', `/api/dynamic-pricing/${uuid}/detail/`, sol.token);
    const save = await saveDetails(uuid, [{ dayOfWeek: 'MONDAY', general: true, active: true, kwhPrice: 1 }], sol.token);
    const list = await call('GET', '/api/dynamic-pricing/', sol.token);
    const without = await call('GET', '/api/dynamic-pricing/', noRole.token);

    expect(detail.statusCode).toBe(404);
    expect(save.statusCode).toBe(404);
    expect(list.json().dynamicPricingList.map((p: { uuid: string }) => p.uuid)).not.toContain(uuid);
    expect(without.statusCode).toBe(403);
  });

  it('a recharge at a station of a priced group, 17:00–19:00 on a Monday, is billed per window from its meter values', async () => {
    // Arrange: Monday R$ 1.50/kWh and R$ 3.00 to start; 18:00–21:00 R$ 2.50/kWh and R$ 5.00; 10 % fee, 5 % taxes.
    const uuid = await aProfile('Segunda com pico');
    await saveDetails(uuid, [
      { dayOfWeek: 'MONDAY', general: true, active: true, ...monday },
      { dayOfWeek: 'MONDAY', startTime: '18:00:00', endTime: '21:00:00', ...evening },
    ]);
    // The recharge below started on 23 November: the profile's rules existed since the 1st.
    const { pricing_profile_pk } = await t.db
      .selectFrom('pricing_profiles')
      .select('pricing_profile_pk')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('pricing_profile_versions')
      .set({ created_at: new Date('2026-11-01T00:00:00Z') })
      .where('pricing_profile_pk', '=', pricing_profile_pk)
      .execute();
    const move = await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow();
    const sp = await t.db
      .selectFrom('charge_boxes')
      .select('charge_box_pk')
      .where('charge_box_id', '=', 'MOVE-SP-001')
      .executeTakeFirstOrThrow();
    const group = await call('POST', '/gateway/virtual-groups', admin, {
      name: 'Paulista',
      description: 'Estações da Paulista',
      tenant_id: move.tenant_pk,
      charge_boxs: [sp.charge_box_pk],
      dynamic_pricing: {
        enabled: true,
        connector1_dynamic_pricing_id: uuid,
        connector2_dynamic_pricing_id: uuid,
        connector3_dynamic_pricing_id: uuid,
      },
    });
    expect(group.statusCode, group.body).toBe(200);
    station = await bootedStation(url, 'MOVE-SP-001');

    // Act: 17:00 to 19:00 local (UTC−3), 7 kWh before 18:00 and 7 kWh after
    const started = (await station.call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      meterStart: 100_000,
      timestamp: '2026-11-23T20:00:00.000Z',
    })) as { transactionId: number };
    const meter = (timestamp: string, wh: number) =>
      station!.call('MeterValues', {
        connectorId: 1,
        transactionId: started.transactionId,
        meterValue: [{ timestamp, sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
      });
    await meter('2026-11-23T20:30:00.000Z', 103_000);
    await meter('2026-11-23T21:00:00.000Z', 107_000);
    await station.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag: '04A1B2C3D4',
      meterStop: 114_000,
      timestamp: '2026-11-23T22:00:00.000Z',
      reason: 'EVDisconnected',
    });

    // Assert:
    //   start (day rule): 300, fee 30, tax (300 + 30) × 5 % = 16.5 → 17
    //   17–18: 7 kWh × 150 = 1,050, fee 105, tax 1,155 × 5 % = 57.75 → 58
    //   18–19: 7 kWh × 250 = 1,750, fee 175, tax 1,925 × 5 % = 96.25 → 96
    //   total 300 + 1,050 + 1,750 + 310 + 171 = 3,581
    const billing = await eventually(
      () => t.db.selectFrom('transaction_billing').selectAll().where('transaction_pk', '=', started.transactionId).executeTakeFirst(),
      10_000,
    );
    expect(billing).toMatchObject({
      start_fee: 300,
      energy_amount: 2800,
      operational_fee: 310,
      tax: 171,
      total: 3581,
      pricing_profile_pk,
      pricing_version: 1,
    });
    const breakdown = billing.breakdown as { segments: { rule: string; energyWh: number; amount: number }[]; profile: string };
    expect(breakdown.profile).toBe('Segunda com pico');
    expect(breakdown.segments.map((s) => [s.rule, s.energyWh, s.amount])).toEqual([
      ['MONDAY', 7000, 1050],
      ['MONDAY 18:00-21:00', 7000, 1750],
    ]);
    const bill = await t.db
      .selectFrom('financial_movements')
      .select('amount')
      .where('transaction_pk', '=', started.transactionId)
      .executeTakeFirstOrThrow();
    expect(bill.amount).toBe(3581);
    const detail = (await call('GET', `/api/transaction/${started.transactionId}`, admin)).json();
    expect(detail.transaction.composition).toMatchObject({
      total: 3581,
      breakdown: { profile: 'Segunda com pico', version: 1, zone: 'America/Sao_Paulo', total: 3581 },
    });
    expect(detail.transaction.composition.breakdown.segments.map((x: { kind: string }) => x.kind)).toEqual(['day', 'window']);
    expect((await call('GET', '/api/dynamic-pricing/', admin)).json().dynamicPricingList).toContainEqual(
      expect.objectContaining({ uuid, chargeBoxCount: 1 }),
    );
  });
});
