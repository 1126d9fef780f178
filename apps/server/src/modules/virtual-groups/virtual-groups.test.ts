// @postgres planner: free chargers searched through the trigram index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@recarga/contracts/permissions';
import { virtualGroupMessages as msg } from '@recarga/contracts/virtual-groups';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { aStation } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';

describe('virtual groups (gateway)', () => {
  let t: TestApp;
  let admin: string;
  let move: number;
  let terpel: number;
  let profile: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: path, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const pkOf = async (id: string) =>
    (await t.db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', id).executeTakeFirstOrThrow()).charge_box_pk;
  const perStation = (uuid: string | null) => ({
    enabled: true,
    connector1_dynamic_pricing_id: uuid,
    connector2_dynamic_pricing_id: uuid,
    connector3_dynamic_pricing_id: uuid,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
    move = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow()).tenant_pk;
    terpel = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'terpel').executeTakeFirstOrThrow()).tenant_pk;
    await aStation(t, { id: 'VG-01', tenant: 'move' });
    await aStation(t, { id: 'VG-02', tenant: 'move' });
    await aStation(t, { id: 'VG-03', tenant: 'move' });
    await aStation(t, { id: 'VG-TERPEL', tenant: 'terpel' });
    profile = (await call('POST', '/api/dynamic-pricing/', admin, { name: 'Perfil dos grupos', tenantPk: move })).json().data
      .dynamicPricingUuid;
  });
  afterAll(() => t.close());

  it('create with chargers and pricing per station: listed with its count and profile, read back, renamed, deleted', async () => {
    const created = await call('POST', '/gateway/virtual-groups', admin, {
      name: 'Centro',
      description: 'Estações do centro',
      tenant_id: move,
      charge_boxs: [await pkOf('VG-01'), await pkOf('VG-02')],
      dynamic_pricing: perStation(profile),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().virtual_group_id as number;

    const list = await call('GET', `/gateway/virtual-groups/list?page=0&size=10&tenant_id=${move}&search=centro`, admin);
    const detail = await call('GET', `/gateway/virtual-groups/${id}`, admin);
    // 002's query tenant_id: the group of Move is found under Move, not under Terpel.
    expect((await call('GET', `/gateway/virtual-groups/${id}?tenant_id=${move}`, admin)).statusCode).toBe(200);
    const underTerpel = await call('GET', `/gateway/virtual-groups/${id}?tenant_id=${terpel}`, admin);
    expect(underTerpel.statusCode).toBe(404);
    expect(underTerpel.json().code).toBe('VIRTUAL_GROUP_NOT_FOUND');
    const chargers = await call('GET', `/gateway/virtual-groups/charge-boxs/list?virtual_group_id=${id}&page=0&size=10`, admin);
    const renamed = await call('PUT', `/gateway/virtual-groups/${id}`, admin, { name: 'Centro novo', description: 'Renomeado' });
    const blank = await call('PUT', `/gateway/virtual-groups/${id}`, admin, { name: '', description: 'x' });

    expect(list.json()).toEqual({
      content: [
        expect.objectContaining({
          virtual_group_id: id,
          name: 'Centro',
          charge_box_count: 2,
          dynamic_price_enabled: true,
          pricing_profile_names: ['Perfil dos grupos'],
        }),
      ],
      totalElements: 1,
    });
    expect(detail.json()).toMatchObject({
      name: 'Centro',
      charge_box_count: 2,
      dynamic_pricing: { enabled: true, connector1_dynamic_pricing_id: profile, connector3_dynamic_pricing_name: 'Perfil dos grupos' },
    });
    expect(chargers.json().content.map((c: { charge_box_code: string }) => c.charge_box_code)).toEqual(['VG-01', 'VG-02']);
    expect(renamed.json().message).toBe(msg.updated);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.name).toBe(msg.editNameRequired);

    const removed = await call('DELETE', `/gateway/virtual-groups/${id}`, admin);
    expect(removed.json().message).toBe(msg.deleted);
    expect((await call('GET', `/gateway/virtual-groups/${id}`, admin)).statusCode).toBe(404);
    // Its chargers are free again.
    const free = await call('GET', `/gateway/charge-boxs?page=0&size=50&tenant_id=${move}&search=VG-0&only_free=true`, admin);
    expect(free.json().content.map((c: { charge_box_code: string }) => c.charge_box_code)).toEqual(['VG-01', 'VG-02', 'VG-03']);
  });

  it('a charger belongs to one group: adding it to a second says which group holds it, and nothing is created', async () => {
    const first = await call('POST', '/gateway/virtual-groups', admin, {
      name: 'Primeiro',
      description: 'Dono do VG-03',
      tenant_id: move,
      charge_boxs: [await pkOf('VG-03')],
    });
    const before = await call('GET', `/gateway/virtual-groups/list?tenant_id=${move}`, admin);

    const second = await call('POST', '/gateway/virtual-groups', admin, {
      name: 'Segundo',
      description: 'Quer o VG-03',
      tenant_id: move,
      charge_boxs: [await pkOf('VG-03')],
    });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json().fields.charge_boxs).toContain('VG-03 (Primeiro)');
    expect((await call('GET', `/gateway/virtual-groups/list?tenant_id=${move}`, admin)).json().totalElements).toBe(
      before.json().totalElements,
    );
  });

  it('pricing per connector needs all three profiles; a profile of another network is refused; pricing can be switched off', async () => {
    const group = await call('POST', '/gateway/virtual-groups', admin, { name: 'Preços', description: 'Teste', tenant_id: move });
    const id = group.json().virtual_group_id as number;
    const terpelProfile = (await call('POST', '/api/dynamic-pricing/', admin, { name: 'Perfil Terpel', tenantPk: terpel })).json().data
      .dynamicPricingUuid;

    const partial = await call('PUT', `/gateway/virtual-groups/dynamic-pricing/${id}`, admin, {
      ...perStation(profile),
      connector3_dynamic_pricing_id: null,
    });
    const foreign = await call('PUT', `/gateway/virtual-groups/dynamic-pricing/${id}`, admin, perStation(terpelProfile));
    const off = await call('POST', '/gateway/virtual-groups/dynamic-pricing', admin, {
      virtual_group_id: id,
      enabled: false,
      connector1_dynamic_pricing_id: null,
      connector2_dynamic_pricing_id: null,
      connector3_dynamic_pricing_id: null,
    });

    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields).toEqual({ connector3_dynamic_pricing_id: msg.profileRequired });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.connector1_dynamic_pricing_id).toBe(msg.profileNotFound);
    expect(off.json().message).toBe(msg.pricingSaved);
    expect((await call('GET', `/gateway/virtual-groups/dynamic-pricing/${id}`, admin)).json()).toMatchObject({ enabled: false });
  });

  it('adding chargers to a group needs DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES; removing one frees it', async () => {
    const group = await call('POST', '/gateway/virtual-groups', admin, { name: 'Edição', description: 'Teste', tenant_id: move });
    const id = group.json().virtual_group_id as number;
    await aStation(t, { id: 'VG-04', tenant: 'move' });
    const plain = await aUserWith(t, { tenant: 'move', routes: ['/', '/virtual-groups'], roles: [roles.monetization] });

    const refused = await call('POST', '/gateway/virtual-groups/charge-boxs/all', plain.token, [
      { virtual_group_id: id, charge_box_id: await pkOf('VG-04') },
    ]);
    const added = await call('POST', '/gateway/virtual-groups/charge-boxs/all', admin, [
      { virtual_group_id: id, charge_box_id: await pkOf('VG-04') },
    ]);
    const members = (await call('GET', `/gateway/virtual-groups/charge-boxs/list?virtual_group_id=${id}`, admin)).json().content;
    const removed = await call('DELETE', `/gateway/virtual-groups/charge-boxs/${members[0].virtual_group_charge_box_id}`, admin);

    expect(refused.statusCode).toBe(403);
    expect(added.json().message).toBe(msg.chargersAdded);
    expect(members.map((m: { charge_box_code: string }) => m.charge_box_code)).toEqual(['VG-04']);
    expect(removed.json().message).toBe(msg.chargerDeleted);
    expect((await call('GET', `/gateway/virtual-groups/charge-boxs/list?virtual_group_id=${id}`, admin)).json().totalElements).toBe(0);
  });

  it('tenant isolation: another network’s operator sees none of Move’s groups, cannot read, change or fill them, nor add Move’s chargers to its own', async () => {
    const group = await call('POST', '/gateway/virtual-groups', admin, { name: 'Privado Move', description: 'Só Move', tenant_id: move });
    const id = group.json().virtual_group_id as number;
    const other = await aUserWith(t, {
      tenant: 'terpel',
      routes: ['/', '/virtual-groups'],
      roles: [roles.monetization, roles.virtualGroupEditChargeboxes],
    });

    const list = await call('GET', '/gateway/virtual-groups/list', other.token);
    const read = await call('GET', `/gateway/virtual-groups/${id}`, other.token);
    const rename = await call('PUT', `/gateway/virtual-groups/${id}`, other.token, { name: 'x', description: 'y' });
    const remove = await call('DELETE', `/gateway/virtual-groups/${id}`, other.token);
    const fill = await call('POST', '/gateway/virtual-groups/charge-boxs/all', other.token, [
      { virtual_group_id: id, charge_box_id: await pkOf('VG-TERPEL') },
    ]);
    const steal = await call('POST', '/gateway/virtual-groups', other.token, {
      name: 'Roubo',
      description: 'x',
      charge_boxs: [await pkOf('VG-01')],
    });
    const pickers = await call('GET', '/gateway/charge-boxs?size=100', other.token);

    expect(list.json().content.map((g: { virtual_group_id: number }) => g.virtual_group_id)).not.toContain(id);
    expect([read.statusCode, rename.statusCode, remove.statusCode, fill.statusCode]).toEqual([404, 404, 404, 404]);
    expect(steal.statusCode).toBe(400);
    expect(pickers.json().content.map((c: { charge_box_code: string }) => c.charge_box_code)).not.toContain('VG-01');
    expect((await call('GET', `/gateway/virtual-groups/${id}`, admin)).json().name).toBe('Privado Move');
  });
});
