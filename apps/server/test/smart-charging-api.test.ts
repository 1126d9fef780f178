import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { invalidChargersError, smartChargingMessages as msg } from '@recarga/contracts/smart-charging';
import { aUserWith } from './helpers/dashboard-users';
import { aStation, stationPk, tenantPk } from './helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from './helpers/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('smart charging records and the group link (API)', () => {
  let t: TestApp;
  let admin: string;
  let move: number;
  let seq = 0;

  const call = (method: Method, url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A station of `tenant` with advanced settings (system, voltage, rate unit) unless `plain`. */
  async function aCharger(opts: { tenant?: string; plain?: boolean; protocol?: 'ocpp1.5' | 'ocpp1.6' } = {}) {
    const id = `SC-API-${++seq}`;
    await aStation(t, { id, tenant: opts.tenant ?? 'move' });
    await t.db
      .updateTable('charge_boxes')
      .set({
        ...(opts.plain ? {} : { system: 'THREE_PHASE', phase: 'ABC', voltage: 380, charging_rate_unit: 'A' }),
        ocpp_protocol: opts.protocol ?? 'ocpp1.6',
      })
      .where('charge_box_id', '=', id)
      .execute();
    return { id, pk: await stationPk(t, id) };
  }

  async function aMeter(tenant = 'move') {
    const n = ++seq;
    const deviceRemoteId = `meter-api-${n}`;
    await t.db
      .insertInto('meters')
      .values({
        tenant_pk: await tenantPk(t, tenant),
        mac_address: `AA:BB:CC:00:00:${n.toString(16).padStart(2, '0').toUpperCase()}`,
        device_remote_id: deviceRemoteId,
        token_hash: 'x'.repeat(64),
      })
      .execute();
    return deviceRemoteId;
  }

  async function aGroup(token: string, chargers: number[], extra: Record<string, unknown> = {}) {
    const res = await call('POST', '/gateway/virtual-groups', token, {
      name: `Grupo ${++seq}`,
      description: 'Grupo de teste',
      tenant_id: move,
      charge_boxs: chargers,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().virtual_group_id as number;
  }

  const record = { enabled: true, current_nominal_a: '63', start_date: '2026-01-01', end_date: '2026-12-31', modulation: 'DYNAMIC' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
    move = await tenantPk(t, 'move');
  });
  afterAll(() => t.close());

  it('create enabled without dates or breaker: 400 with the spec’s three messages', async () => {
    const res = await call('POST', '/smart/smart-charging', admin, { enabled: true, start_date: '', end_date: null, charge_boxs: [] });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      start_date: msg.startRequired,
      end_date: msg.endRequired,
      current_nominal_a: msg.breakerRequired,
    });
  });

  it('create with the start after the end: 400 on start_date', async () => {
    const res = await call('POST', '/smart/smart-charging', admin, { ...record, start_date: '2026-05-02', end_date: '2026-05-01' });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ start_date: msg.startAfterEnd });
  });

  it('create disabled needs nothing more; the breaker accepts the form’s text', async () => {
    const res = await call('POST', '/smart/smart-charging', admin, { enabled: false, current_nominal_a: '100.5' });
    const read = await call('GET', `/smart/smart-charging/${res.json().smart_charging_id}`, admin);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(msg.created);
    expect(read.json()).toEqual({
      smart_charging_id: res.json().smart_charging_id,
      enabled: false,
      start_date: null,
      end_date: null,
      current_nominal_a: 100.5,
      modulation: 'DYNAMIC',
      meter_device_remote_id: null,
      meter_device_remote_in_circuit: true,
      virtual_group_id: null,
      // The load manager's tuning: the defaults (docs/decisions.md, issue 41).
      dead_band_a: 1,
      dwell_s: 60,
      max_profiles_per_min: 4,
      follow_s: 30,
      building_worst_a: null,
      min_per_charger_a: 6,
    });
  });

  it('the tuning: set on create, kept when an update leaves it out, changed when given, refused out of range per field', async () => {
    const res = await call('POST', '/smart/smart-charging', admin, {
      enabled: false,
      dead_band_a: '1.5',
      dwell_s: 90,
      max_profiles_per_min: 2,
      follow_s: '45',
      building_worst_a: 40,
      min_per_charger_a: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().smart_charging_id;
    const tuning = async () => {
      const r = (await call('GET', `/smart/smart-charging/${id}`, admin)).json();
      return [r.dead_band_a, r.dwell_s, r.max_profiles_per_min, r.follow_s, r.building_worst_a, r.min_per_charger_a];
    };
    expect(await tuning()).toEqual([1.5, 90, 2, 45, 40, 8]);

    const kept = await call('PUT', `/smart/smart-charging/${id}`, admin, { enabled: false });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await tuning()).toEqual([1.5, 90, 2, 45, 40, 8]);

    const changed = await call('PUT', `/smart/smart-charging/${id}`, admin, { enabled: false, dwell_s: 120, building_worst_a: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await tuning()).toEqual([1.5, 120, 2, 45, null, 8]);

    const bad = await call('PUT', `/smart/smart-charging/${id}`, admin, {
      enabled: false,
      dead_band_a: 0.5,
      dwell_s: 10.5,
      max_profiles_per_min: 31,
      min_per_charger_a: 5,
      building_worst_a: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      dead_band_a: 'Use a number from 1 to 10.',
      dwell_s: 'Use a whole number from 15 to 900.',
      max_profiles_per_min: 'Use a whole number from 1 to 30.',
      min_per_charger_a: 'Use a number from 6 to 80.',
      building_worst_a: 'Use a number from 0 to 999.99.',
    });
    // Nothing half-written.
    expect(await tuning()).toEqual([1.5, 120, 2, 45, null, 8]);
  });

  it('create enabled with a charger lacking advanced settings: refused with the invalid-chargers text', async () => {
    const ok = await aCharger();
    const plain = await aCharger({ plain: true });

    const res = await call('POST', '/smart/smart-charging', admin, { ...record, charge_boxs: [ok.pk, plain.pk] });

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SMART_CHARGING_INVALID_CHARGERS');
    expect(res.json().message).toBe(invalidChargersError);
    expect(res.json().message.split(': ')[1]).toBe('Não foi possível criar SmartCharging, Grupo Virtual contém carregadores inválidos');
    expect(res.json().fields.charge_boxs).toBe(`${msg.chargerWithoutConfig} ${plain.id}`);
  });

  it('an OCPP 1.5 charger cannot be in an enabled record: clear message', async () => {
    const v15 = await aCharger({ protocol: 'ocpp1.5' });

    const res = await call('POST', '/smart/smart-charging', admin, { ...record, charge_boxs: [v15.pk] });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields.charge_boxs).toBe(`${msg.ocpp15Charger} ${v15.id}`);
  });

  it('create, link to a group, set the meter: read back on every route, listed with its meter', async () => {
    const a = await aCharger();
    const b = await aCharger();
    const group = await aGroup(admin, [a.pk, b.pk]);
    const meter = await aMeter();

    const created = await call('POST', '/smart/smart-charging', admin, { ...record, charge_boxs: [a.pk, b.pk] });
    const id = created.json().smart_charging_id as number;
    const linked = await call('POST', '/gateway/virtual-groups/smart-charging', admin, {
      virtual_group_id: group,
      enabled: true,
      smart_charging_id: id,
    });
    const updated = await call('PUT', `/smart/smart-charging/${id}`, admin, {
      ...record,
      smart_charging_id: id,
      current_nominal_a: 80,
      meter_device_remote_id: meter,
      meter_device_remote_in_circuit: false,
    });
    const ofGroup = await call('GET', `/gateway/virtual-groups/smart-charging/${group}`, admin);
    const list = await call('GET', `/gateway/virtual-groups/list?page=0&size=50&tenant_id=${move}`, admin);
    const detail = await call('GET', `/gateway/virtual-groups/${group}`, admin);

    expect(linked.statusCode, linked.body).toBe(200);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe(msg.updated);
    expect(ofGroup.json()).toMatchObject({
      virtual_group_id: group,
      smart_charging_id: id,
      enabled: true,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      current_nominal_a: 80,
      modulation: 'DYNAMIC',
      meter_device_remote_id: meter,
      meter_device_remote_in_circuit: false,
    });
    expect(list.json().content.find((r: { virtual_group_id: number }) => r.virtual_group_id === group)).toMatchObject({
      smart_charging_enabled: true,
      meter_device_remote_id: meter,
    });
    expect(detail.json()).toMatchObject({ smart_charging: { enabled: true, smart_charging_id: id }, meter_device_remote_id: meter });
  });

  it('a group without a record: ids null (the tab shows the create form)', async () => {
    const group = await aGroup(admin, []);

    const res = await call('GET', `/gateway/virtual-groups/smart-charging/${group}`, admin);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ smart_charging_id: null, enabled: false, meter_device_remote_id: null, plan: null });
  });

  it('meter: unknown is not found; one serving another group is refused; the same record may keep it', async () => {
    const meter = await aMeter();
    const first = (await call('POST', '/smart/smart-charging', admin, record)).json().smart_charging_id as number;
    const second = (await call('POST', '/smart/smart-charging', admin, record)).json().smart_charging_id as number;
    await call('PUT', `/smart/smart-charging/${first}`, admin, { ...record, meter_device_remote_id: meter });

    const unknown = await call('PUT', `/smart/smart-charging/${second}`, admin, { ...record, meter_device_remote_id: 'no-such-meter' });
    const taken = await call('PUT', `/smart/smart-charging/${second}`, admin, { ...record, meter_device_remote_id: meter });
    const again = await call('PUT', `/smart/smart-charging/${first}`, admin, { ...record, meter_device_remote_id: meter });

    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: msg.meterNotFound, fields: { meter_device_remote_id: msg.meterNotFound } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: msg.meterInOtherGroup, fields: { meter_device_remote_id: msg.meterInOtherGroup } });
    expect(again.statusCode).toBe(200);
  });

  it('adding a charger without advanced settings to an enabled group is refused with the spec’s message; to a disabled one it is not', async () => {
    const a = await aCharger();
    const enabled = await aGroup(admin, [a.pk], { smart_charging: record });
    const disabled = await aGroup(admin, [], { smart_charging: { ...record, enabled: false } });
    const plain = await aCharger({ plain: true });
    const plain2 = await aCharger({ plain: true });

    const refused = await call('POST', '/gateway/virtual-groups/charge-boxs/all', admin, [
      { virtual_group_id: enabled, charge_box_id: plain.pk },
    ]);
    const accepted = await call('POST', '/gateway/virtual-groups/charge-boxs/all', admin, [
      { virtual_group_id: disabled, charge_box_id: plain2.pk },
    ]);

    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(msg.chargerWithoutConfig);
    expect(refused.json().message).toBe(
      'Não é possível adicionar um carregador sem configurações avançadas em uma configuração com smart charging habilitado!',
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const members = await t.db
      .selectFrom('virtual_group_charge_boxes')
      .select('charge_box_pk')
      .where('virtual_group_pk', '=', enabled)
      .execute();
    expect(members.map((m) => m.charge_box_pk)).toEqual([a.pk]);
  });

  it('group create with smart charging and an invalid charger: nothing is written', async () => {
    const plain = await aCharger({ plain: true });
    const before = await t.db
      .selectFrom('virtual_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const res = await call('POST', '/gateway/virtual-groups', admin, {
      name: 'Inválido',
      description: 'x',
      tenant_id: move,
      charge_boxs: [plain.pk],
      smart_charging: record,
    });

    const after = await t.db
      .selectFrom('virtual_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(invalidChargersError);
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('group create with smart charging enabled but no breaker: the form rule, on the nested field', async () => {
    const res = await call('POST', '/gateway/virtual-groups', admin, {
      name: 'Sem disjuntor',
      description: 'x',
      tenant_id: move,
      charge_boxs: [],
      smart_charging: { ...record, current_nominal_a: '' },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields['smart_charging.current_nominal_a']).toBe(msg.breakerRequired);
  });

  it('linking an enabled record to a group holding a charger without advanced settings is refused', async () => {
    const plain = await aCharger({ plain: true });
    const group = await aGroup(admin, [plain.pk]);
    const id = (await call('POST', '/smart/smart-charging', admin, { ...record, enabled: false })).json().smart_charging_id;

    const res = await call('POST', '/gateway/virtual-groups/smart-charging', admin, {
      virtual_group_id: group,
      enabled: true,
      smart_charging_id: id,
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(invalidChargersError);
  });

  it('without DASH_SMART_CHARGING_CREATE: every smart route and the smart part of a group create answer 403; list hides smart data', async () => {
    const a = await aCharger();
    const group = await aGroup(admin, [a.pk], { smart_charging: record });
    const id = (await call('GET', `/gateway/virtual-groups/smart-charging/${group}`, admin)).json().smart_charging_id;
    const { token } = await aUserWith(t, { tenant: 'move', routes: ['/', '/virtual-groups'], roles: [roles.monetization] });

    const answers = await Promise.all([
      call('POST', '/smart/smart-charging', token, record),
      call('GET', `/smart/smart-charging/${id}`, token),
      call('PUT', `/smart/smart-charging/${id}`, token, record),
      call('GET', `/gateway/virtual-groups/smart-charging/${group}`, token),
      call('POST', '/gateway/virtual-groups/smart-charging', token, { virtual_group_id: group, enabled: false, smart_charging_id: id }),
      call('POST', '/gateway/virtual-groups', token, { name: 'X', description: 'Y', tenant_id: move, smart_charging: record }),
    ]);
    const list = await call('GET', `/gateway/virtual-groups/list?page=0&size=50&tenant_id=${move}`, token);

    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(list.statusCode).toBe(200);
    expect(list.json().content.find((r: { virtual_group_id: number }) => r.virtual_group_id === group).smart_charging_enabled).toBe(false);
  });

  it('tenant isolation: another network’s record and group are not found', async () => {
    const group = await aGroup(admin, [], { smart_charging: { ...record, enabled: false } });
    const id = (await call('GET', `/gateway/virtual-groups/smart-charging/${group}`, admin)).json().smart_charging_id;
    const own = (await call('POST', '/smart/smart-charging', admin, { enabled: false })).json().smart_charging_id;
    const { token } = await aUserWith(t, {
      tenant: 'terpel',
      routes: ['/', '/virtual-groups'],
      roles: [roles.monetization, roles.smartChargingCreate],
    });
    const terpelRecord = (await call('POST', '/smart/smart-charging', token, { enabled: false })).json().smart_charging_id;

    const read = await call('GET', `/smart/smart-charging/${id}`, token);
    const write = await call('PUT', `/smart/smart-charging/${id}`, token, { enabled: false });
    const ofGroup = await call('GET', `/gateway/virtual-groups/smart-charging/${group}`, token);
    const link = await call('POST', '/gateway/virtual-groups/smart-charging', token, {
      virtual_group_id: group,
      enabled: false,
      smart_charging_id: terpelRecord,
    });
    const foreignRecord = await call('POST', '/gateway/virtual-groups/smart-charging', admin, {
      virtual_group_id: group,
      enabled: false,
      smart_charging_id: own,
    });

    expect([read.statusCode, write.statusCode, ofGroup.statusCode, link.statusCode]).toEqual([404, 404, 404, 404]);
    // The group already holds a record: a second one is refused.
    expect(foreignRecord.statusCode).toBe(409);
    expect(foreignRecord.json().message).toBe(msg.groupHasRecord);
  });

  it('group events: station events and load-manager events merged newest first, paged; without the role only station events', async () => {
    const a = await aCharger();
    const group = await aGroup(admin, [a.pk]);
    await t.db
      .insertInto('notifications')
      .values({
        tenant_pk: move,
        charge_box_pk: a.pk,
        type: 'Failure',
        connector_id: 1,
        notification_timestamp: new Date('2026-03-01T10:00:00Z'),
      } as never)
      .execute();
    await t.db
      .insertInto('smart_charging_events')
      .values([
        { virtual_group_pk: group, at: new Date('2026-03-01T09:00:00Z'), kind: 'METER_ONLINE', detail: '{}' },
        {
          virtual_group_pk: group,
          at: new Date('2026-03-01T11:00:00Z'),
          kind: 'PLAN_CHANGED',
          detail: JSON.stringify({ mode: 'DYNAMIC' }),
        },
      ])
      .execute();
    const { token } = await aUserWith(t, { tenant: 'move', routes: ['/', '/virtual-groups'], roles: [roles.monetization] });

    const page0 = await call('GET', `/gateway/virtual-groups/${group}/events?page=0&size=2`, admin);
    const page1 = await call('GET', `/gateway/virtual-groups/${group}/events?page=1&size=2`, admin);
    const plain = await call('GET', `/gateway/virtual-groups/${group}/events?page=0&size=10`, token);

    expect(page0.statusCode, page0.body).toBe(200);
    expect(page0.json().totalElements).toBe(3);
    expect(page0.json().content.map((e: { type: string; source: string }) => [e.type, e.source])).toEqual([
      ['PLAN_CHANGED', 'SMART_CHARGING'],
      ['Failure', 'STATION'],
    ]);
    expect(page0.json().content[0]).toMatchObject({ kind: 'PLAN_CHANGED', detail: { mode: 'DYNAMIC' }, charge_box_code: null });
    expect(page1.json().content.map((e: { type: string }) => e.type)).toEqual(['METER_ONLINE']);
    expect(plain.json().totalElements).toBe(1);
    expect(plain.json().content[0]).toMatchObject({ type: 'Failure', source: 'STATION', kind: null, detail: null, charge_box_code: a.id });
  });
});
