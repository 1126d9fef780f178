// @postgres cursor: the spreadsheet and PDF stream more rows than one cursor chunk.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { PNG_1X1, pdfText, readZip } from '../../../test/helpers/files';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation, aTransaction, stationPk, tenantPk } from '../../../test/helpers/station-builders';

const NBSP = '\u00a0';

describe('station reports: Excel list, unified PDF, per-station zip, permissions, monthly limit', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let terpel: string;
  let zzPk: number;

  const post = (token: string, url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  async function workbookRows(buffer: Buffer): Promise<unknown[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  beforeAll(async () => {
    // Mid-month: "yesterday" and "this month" are the same days whenever the suite runs.
    setClock('2026-06-16T12:00:00Z');
    t = await createTestApp();
    [admin, operator, terpel] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator), loginAs(t.app, demo.terpel)]);
    // A Move station with two recharges yesterday (12,345 Wh and 5,000 Wh) and one 40 days ago.
    zzPk = await aStation(t, { id: 'ZZ-REPORT', description: 'Estação do relatório', city: 'Campinas' });
    const now = new Date();
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 10, 0);
    await aTransaction(t, { chargeBoxPk: zzPk, start: new Date(day), stop: new Date(day + 3600_000), startWh: 0, stopWh: 12_345 });
    await aTransaction(t, {
      chargeBoxPk: zzPk,
      connectorId: 2,
      start: new Date(day + 600_000),
      stop: new Date(day + 1200_000),
      startWh: 100,
      stopWh: 5_100,
    });
    await aTransaction(t, {
      chargeBoxPk: zzPk,
      start: new Date(Date.now() - 40 * 86_400_000),
      stop: new Date(Date.now() - 40 * 86_400_000 + 60_000),
      startWh: 0,
      stopWh: 77_000,
    });
  });
  afterAll(async () => {
    await t.close();
    restoreClock();
  });

  // --- Excel

  it('xlsx, with a search filter, is a real workbook holding exactly the matching stations with the list columns', async () => {
    const res = await post(operator, '/api/report/xlsx/chargepoints/?searchInput=move-sp&timeZone=America/Sao_Paulo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="estacoes-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await workbookRows(res.rawPayload);
    // In the caller's language (Move: Portuguese), on a sheet named in it.
    expect(rows[0]).toEqual([
      'Nome',
      'ChargeBox ID',
      'Cliente',
      'Grupo',
      'Estado',
      'Cidade',
      'Recargas',
      'Energia no mês (kWh)',
      'Último sinal',
      'Online',
      'Ativa',
      'Conectores',
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Estações');
    // Typed cells: numbers with their formats; yes/no in the language.
    expect(ws.getRow(2).getCell(8).numFmt).toBe('#,##0.00');
    expect(ws.getRow(2).getCell(7).numFmt).toBe('0');
    expect(ws.getRow(2).getCell(11).value).toBe('Sim');
    expect(rows.slice(1).map((r) => r[1])).toEqual(['MOVE-SP-001', 'MOVE-SP-002', 'MOVE-SP-003']);
    expect(rows[1]!.slice(0, 8)).toEqual([
      'Move Paulista - Conjunto Nacional',
      'MOVE-SP-001',
      'Move Eletropostos',
      'Move São Paulo',
      'SP',
      'São Paulo',
      0,
      0,
    ]);
    expect(rows[1]![11]).toBe('1: Type 2 22 kW -; 2: Type 2 22 kW -');
  });

  it('xlsx, for the Terpel operator: headers, sheet and yes/no in Spanish; the last heartbeat a date cell', async () => {
    await t.db
      .updateTable('charge_boxes')
      .set({ last_heartbeat_timestamp: new Date('2026-06-15T15:04:05Z') })
      .where('charge_box_id', '=', 'TERPEL-BOG-001')
      .execute();
    const res = await post(terpel, '/api/report/xlsx/chargepoints?searchInput=TERPEL-BOG-001&timeZone=America/Bogota');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Estaciones');
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Nombre', 'ChargeBox ID', 'Cliente']);
    expect(ws.getRow(2).getCell(11).value).toBe('Sí');
    // 15:04:05 UTC is 10:04:05 in Bogotá (UTC−5): the cell holds that wall-clock time as a date.
    const heartbeat = ws.getRow(2).getCell(9);
    expect(heartbeat.value).toEqual(new Date('2026-06-15T10:04:05Z'));
    expect(heartbeat.numFmt).toBe('dd/mm/yyyy hh:mm:ss');
  });

  it('xlsx, for a station with recharges this month, carries their count and kWh', async () => {
    const res = await post(admin, '/api/report/xlsx/chargepoints?searchInput=ZZ-REPORT&timeZone=UTC');
    const rows = await workbookRows(res.rawPayload);
    expect(rows).toHaveLength(2);
    // Yesterday's two recharges (12,345 Wh + 5,000 Wh = 17.345 kWh -> 17.35), not the one 40 days ago.
    expect(rows[1]!.slice(6, 8)).toEqual([2, 17.35]);
  });

  it('xlsx, for the Terpel operator, holds only Terpel stations whatever the filter asks', async () => {
    const all = await workbookRows((await post(terpel, '/api/report/xlsx/chargepoints')).rawPayload);
    expect(all.slice(1).map((r) => r[1])).toEqual(['TERPEL-BOG-001', 'TERPEL-BOG-002', 'TERPEL-MDE-001']);
    const foreign = await workbookRows(
      (await post(terpel, `/api/report/xlsx/chargepoints?tenantPk=${await tenantPk(t, 'move')}`)).rawPayload,
    );
    expect(foreign).toHaveLength(1);
  });

  it('xlsx, filtered by tenant and active, holds those rows only', async () => {
    const rows = await workbookRows(
      (await post(admin, `/api/report/xlsx/chargepoints?tenantPk=${await tenantPk(t, 'sol')}&active=true`)).rawPayload,
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(['SOL-BH-001', 'SOL-RJ-001']);
  });

  it('xlsx, for 450 more stations than one cursor chunk holds, streams every row in order', async () => {
    const andes = await tenantPk(t, 'andes');
    await sql`insert into charge_boxes (charge_box_id, tenant_pk, description, city)
              select 'BULK-' || lpad(i::text, 4, '0'), ${andes}, 'Bulk ' || i, 'Quito' from generate_series(1, 450) i`.execute(t.db);
    const rows = await workbookRows((await post(admin, `/api/report/xlsx/chargepoints?tenantPk=${andes}`)).rawPayload);
    expect(rows).toHaveLength(1 + 451);
    expect(rows[1]![1]).toBe('ANDES-UIO-001');
    expect(rows[2]![1]).toBe('BULK-0001');
    expect(rows[451]![1]).toBe('BULK-0450');
    await t.db.deleteFrom('charge_boxes').where('charge_box_id', 'like', 'BULK-%').execute();
  });

  // --- unified PDF

  it('unified, for a period, is a PDF with per-station recharges, kWh, cost and income at the given prices', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const res = await post(admin, '/api/report/assessment/unified/', {
      from_date: yesterday,
      to_date: yesterday,
      timeZone: 'UTC',
      cost_kwh: 89,
      income_kwh: 199,
      search_input: 'ZZ-REPORT',
      logo: false,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Recarga'); // root tenant name as the title (no logo)
    expect(text).toContain('ZZ-REPORT - Estação do relatório');
    // 17,345 Wh: cost 17.345 × 0.89 = 15.437 → R$ 15,44; income 17.345 × 1.99 = 34.517 → R$ 34,52
    expect(text).toContain('17,35');
    expect(text).toContain(`R$${NBSP}15,44`);
    expect(text).toContain(`R$${NBSP}34,52`);
    expect(text).toContain('Total (1 estações)');
    expect(text).not.toContain('77,00');
  });

  it('unified, for the Terpel operator: in Spanish, with pesos in the Colombian format', async () => {
    const res = await post(terpel, '/api/report/assessment/unified/', { timeZone: 'America/Bogota', cost_kwh: 100, logo: false });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Informe unificado de estaciones');
    expect(text).toContain('Costo por kWh:');
    expect(text).toMatch(/Total \(\d+ estaciones\)/);
    expect(text).not.toContain('Relatório');
  });

  it('unified, with a logo given as a data URL, embeds the image instead of the tenant name', async () => {
    const res = await post(admin, '/api/report/assessment/unified', {
      logo: `data:image/png;base64,${PNG_1X1.toString('base64')}`,
      search_input: 'nothing-matches',
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(pdfText(res.rawPayload)).not.toContain('Recarga\n');
  });

  it('unified, when the tenant has a logo (data URL), prints it unless logo=false', async () => {
    const move = await tenantPk(t, 'move');
    await t.db
      .updateTable('tenants')
      .set({ logo_url: `data:image/png;base64,${PNG_1X1.toString('base64')}` })
      .where('tenant_pk', '=', move)
      .execute();
    try {
      const withLogo = await post(admin, `/api/report/assessment/unified?tenant_pk=${move}`);
      expect(withLogo.rawPayload.toString('latin1')).toContain('/Subtype /Image');
      const without = await post(admin, `/api/report/assessment/unified?tenant_pk=${move}&logo=false`);
      expect(without.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
      expect(pdfText(without.rawPayload)).toContain('Move Eletropostos');
    } finally {
      await t.db.updateTable('tenants').set({ logo_url: null }).where('tenant_pk', '=', move).execute();
    }
  });

  it('unified, with the end date before the start date, answers 400', async () => {
    const res = await post(admin, '/api/report/assessment/unified', { from_date: '2026-05-10', to_date: '2026-05-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.to_date).toBeTruthy();
  });

  // --- per-station zip

  it('users (individual), is a zip holding one PDF per station of the filter, each with its recharges', async () => {
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await post(operator, '/api/report/assessment/users/', {
      from_date: from,
      timeZone: 'UTC',
      search_input: 'move-sp',
      cost_kwh: 100,
      income_kwh: 200,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['MOVE-SP-001.pdf', 'MOVE-SP-002.pdf', 'MOVE-SP-003.pdf']);
    for (const e of entries) expect(e.data.subarray(0, 5).toString()).toBe('%PDF-');
    const zz = readZip(
      (
        await post(admin, '/api/report/assessment/users', {
          from_date: from,
          timeZone: 'UTC',
          search_input: 'ZZ-REPORT',
          cost_kwh: 100,
          income_kwh: 200,
        })
      ).rawPayload,
    );
    expect(zz.map((e) => e.name)).toEqual(['ZZ-REPORT.pdf']);
    const text = pdfText(zz[0]!.data);
    expect(text).toContain('Relatório da estação ZZ-REPORT');
    expect(text).toMatch(/Total\n+2 recargas/);
    expect(text).toContain(`R$${NBSP}17,35`); // 17.345 kWh × R$ 1,00
    expect(text).toContain(`R$${NBSP}34,69`); // 17.345 kWh × R$ 2,00
  });

  it('users (individual), for the Terpel operator, never holds a station of another tenant', async () => {
    const entries = readZip((await post(terpel, '/api/report/assessment/users', { search_input: 'ZZ-REPORT' })).rawPayload);
    expect(entries).toEqual([]);
  });

  // --- permission call and access

  it('report permissions, for a user holding DASH_DISABLE_TRANSACTION_OPTIONS, answer true; otherwise false', async () => {
    await aDashboardUser(t, {
      email: 'restricted-reports@move.com.br',
      password: 'Restr@2026',
      tenant: 'move',
      routes: ['/stations'],
      roles: ['DASH_DISABLE_TRANSACTION_OPTIONS'],
    });
    const restricted = await loginAs(t.app, { email: 'restricted-reports@move.com.br', password: 'Restr@2026' });
    expect((await t.app.inject({ method: 'GET', url: '/api/report/user/permissions/', headers: bearer(restricted) })).json()).toEqual({
      hasDisableTransactionOption: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/report/user/permissions/', headers: bearer(admin) })).json()).toEqual({
      hasDisableTransactionOption: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/report/user/permissions', headers: bearer(operator) })).json()).toEqual({
      hasDisableTransactionOption: false,
    });
  });

  it('reports, for a user without the stations permission, answer 403', async () => {
    const u = await aDashboardUser(t, { email: 'no-stations@move.com.br', password: 'NoSt@2026', tenant: 'move', routes: ['/users'] });
    const token = await loginAs(t.app, u);
    expect((await post(token, '/api/report/xlsx/chargepoints')).statusCode).toBe(403);
    expect((await post(token, '/api/report/assessment/unified')).statusCode).toBe(403);
    expect((await post(token, '/api/report/assessment/users')).statusCode).toBe(403);
  });

  // --- monthly limit

  it('reports, once the tenant used its monthly report limit, answer 403 REPORT_LIMIT; last month does not count', async () => {
    const sol = await tenantPk(t, 'sol');
    await t.db.deleteFrom('report_downloads').where('tenant_pk', '=', sol).execute();
    await t.db.updateTable('tenants').set({ monthly_report_limit: 2 }).where('tenant_pk', '=', sol).execute();
    await t.db
      .insertInto('report_downloads')
      .values({ tenant_pk: sol, user_pk: null, kind: 'XLSX_CHARGEPOINTS', downloaded_at: new Date(Date.now() - 40 * 86_400_000) })
      .execute();
    try {
      expect((await post(operator, '/api/report/xlsx/chargepoints')).statusCode).toBe(200);
      expect((await post(operator, '/api/report/assessment/unified')).statusCode).toBe(200);
      const over = await post(operator, '/api/report/assessment/users');
      expect(over.statusCode).toBe(403);
      expect(over.json()).toMatchObject({
        code: 'REPORT_LIMIT',
        message: expect.stringContaining('Limite de relatórios atingido no mês!'),
      });
      expect((await post(operator, '/api/report/xlsx/chargepoints')).json().code).toBe('REPORT_LIMIT');
      // Another tenant's limit is its own.
      expect((await post(terpel, '/api/report/xlsx/chargepoints')).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('tenants').set({ monthly_report_limit: null }).where('tenant_pk', '=', sol).execute();
    }
  });

  it('the station used by these reports, when asked by key, is the one built for them', async () => {
    expect(await stationPk(t, 'ZZ-REPORT')).toBe(zzPk);
  });
});
