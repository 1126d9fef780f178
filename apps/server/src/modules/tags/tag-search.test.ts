// @postgres planner: the search chooses its plan from an EXPLAIN estimate and holds the planner to the gram index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-app';
import type { TenantScope } from '../../platform/auth/context';
import { sql } from 'kysely';
import { idTagGrams } from '../../db/sql/tag-id-search';
import { searchTagPage } from './repository';

/**
 * A search's page, newest matches first, whichever way it is found: among the newest tags, or from
 * the index's set of matches. Small limits stand in for the real ones (20,000 newest rows, a count
 * capped at 1,000): 4 newest rows at least (twice the matches needed), a count capped at 3.
 */
describe('tag search: the newest matches first, counted up to the cap, wherever they lie', () => {
  let d: TestDatabase;
  let scope: TenantScope;
  const pkOf = new Map<string, number>();
  // The newest rows first for every text (selectiveRows 0), or the index's matches for every text.
  const limits = { recentRows: 4, countCap: 3, selectiveRows: 0 };
  const indexOnly = { recentRows: 4, countCap: 3, selectiveRows: Number.POSITIVE_INFINITY };
  const page = (limit: number, offset: number) => ({ limit, offset });
  const ids = (pks: number[]) => pks.map((pk) => [...pkOf].find(([, p]) => p === pk)?.[0]);

  beforeAll(async () => {
    d = await createTestDatabase({ seed: false });
    const [tenant, other] = await d.database.db
      .insertInto('tenants')
      .values(
        ['busca', 'outra'].map((alias) => ({
          name: alias,
          alias,
          api_key: `key-${alias}`,
          country: 'BR',
          currency: 'BRL',
          language: 'pt-BR',
        })),
      )
      .returning('tenant_pk')
      .execute();
    scope = { tenantPk: tenant!.tenant_pk, path: '/', tenantPks: [tenant!.tenant_pk] };
    // Six old cards, then ten newer ones, in creation (id) order; another tenant's card after them.
    const made = [
      ...Array.from({ length: 6 }, (_, i) => `ZQOLD-0${i + 1}`),
      ...Array.from({ length: 10 }, (_, i) => `ZQN-${String(i + 1).padStart(2, '0')}`),
    ];
    for (const idTag of made) {
      const row = await d.database.db
        .insertInto('ocpp_tags')
        .values({ tenant_pk: tenant!.tenant_pk, id_tag: idTag })
        .returning('ocpp_tag_pk')
        .executeTakeFirstOrThrow();
      pkOf.set(idTag, row.ocpp_tag_pk);
    }
    await d.database.db.insertInto('ocpp_tags').values({ tenant_pk: other!.tenant_pk, id_tag: 'ZQOLD-99' }).execute();
  });
  afterAll(() => d.dispose());

  it('old cards the newest rows do not hold: found through their own set, newest first, counted to the cap', async () => {
    // 'zqold': needs max(2, 3 + 1) = 4 matches, looks through the newest max(4, 8) = 8 cards (ZQN-03…10): none.
    const found = await searchTagPage(d.database.db, scope, { search: 'zqold' }, page(2, 0), limits);
    expect(ids(found.pks)).toEqual(['ZQOLD-06', 'ZQOLD-05']);
    expect(found.count).toBe(4); // six match: "more than 3"

    const second = await searchTagPage(d.database.db, scope, { search: 'ZQOLD' }, page(2, 4), limits);
    expect(ids(second.pks)).toEqual(['ZQOLD-02', 'ZQOLD-01']);

    const one = await searchTagPage(d.database.db, scope, { search: 'old-03' }, page(2, 0), limits);
    expect(one).toEqual({ pks: [pkOf.get('ZQOLD-03')], count: 1 });
  });

  it('a text the newest cards hold: answered from them, newest first, counted to the cap', async () => {
    const found = await searchTagPage(d.database.db, scope, { search: 'zqn-' }, page(2, 0), limits);
    expect(ids(found.pks)).toEqual(['ZQN-10', 'ZQN-09']);
    expect(found.count).toBe(4);

    // '0' is in every card: the third page of two is the 5th and 6th newest.
    const third = await searchTagPage(d.database.db, scope, { search: '0' }, page(2, 4), limits);
    expect(ids(third.pks)).toEqual(['ZQN-06', 'ZQN-05']);
    // 4 + 2 = 6 needed, 12 newest rows read: ZQN-10…01 and ZQOLD-06, 05 all hold a '0'; "more than 3".
    expect(third.count).toBe(4);
  });

  it('a scope smaller than the rows looked through: counted exactly, nothing missed', async () => {
    const found = await searchTagPage(d.database.db, scope, { search: 'q' }, page(20, 0), {
      recentRows: 100,
      countCap: 1000,
      selectiveRows: 0,
    });
    expect(found.count).toBe(16);
    expect(ids(found.pks)).toEqual([...pkOf.keys()].reverse());
  });

  it('a selective text goes straight to the index: the same pages and counts as the walk gives', async () => {
    for (const [search, offset] of [
      ['zqold', 0],
      ['ZQOLD', 4],
      ['zqn-', 0],
      ['0', 4],
      ['old-03', 0],
    ] as const) {
      const walked = await searchTagPage(d.database.db, scope, { search }, page(2, offset), limits);
      const indexed = await searchTagPage(d.database.db, scope, { search }, page(2, offset), indexOnly);
      expect(indexed).toEqual(walked);
    }
  });

  it('nothing found, either way', async () => {
    expect(await searchTagPage(d.database.db, scope, { search: 'nada' }, page(2, 0), limits)).toEqual({ pks: [], count: 0 });
    expect(
      await searchTagPage(d.database.db, scope, { search: 'nada' }, page(2, 0), { recentRows: 100, countCap: 1000, selectiveRows: 0 }),
    ).toEqual({
      pks: [],
      count: 0,
    });
  });

  it('runs of one character, wildcards and characters beyond UTF-16: the pieces find what the LIKE finds', async () => {
    const made = ['RUN0000001', 'RUN0000010', 'RUN0001000', 'XRUN00000Y', 'AB%CD_EF', 'ABXCDYEF', 'EV🔌12345'];
    for (const idTag of made) {
      const row = await d.database.db
        .insertInto('ocpp_tags')
        .values({ tenant_pk: scope.tenantPk, id_tag: idTag })
        .returning('ocpp_tag_pk')
        .executeTakeFirstOrThrow();
      pkOf.set(idTag, row.ocpp_tag_pk);
    }
    const cases: [string, string[]][] = [
      // 'run00000' is in RUN0000001, RUN0000010 and XRUN00000Y; RUN0001000 holds only three zeros in a row.
      ['run00000', ['XRUN00000Y', 'RUN0000010', 'RUN0000001']],
      ['RUN000', ['XRUN00000Y', 'RUN0001000', 'RUN0000010', 'RUN0000001']],
      // % and _ are the text itself, not wildcards: ABXCDYEF holds neither.
      ['%cd_', ['AB%CD_EF']],
      ['b%cd_e', ['AB%CD_EF']],
      // Five characters of which one is outside UTF-16's single units; three of them.
      ['🔌1234', ['EV🔌12345']],
      ['v🔌1', ['EV🔌12345']],
      ['🔌12399', []],
    ];
    for (const [search, expected] of cases) {
      for (const how of [limits, indexOnly]) {
        const found = await searchTagPage(d.database.db, scope, { search }, page(10, 0), { ...how, countCap: 1000 });
        expect(ids(found.pks), `${search}`).toEqual(expected);
        expect(found.count).toBe(expected.length);
      }
    }
  });

  it('a text is cut into the pieces the database cuts an id into', async () => {
    // Hand-cut: five characters from a text of five or more, three from one of three or four, none under three.
    expect(idTagGrams('bn00000')).toEqual(['bn000', 'n0000', '00000']);
    expect(idTagGrams('abcd')).toEqual(['abc', 'bcd']);
    expect(idTagGrams('ab')).toEqual([]);
    expect(idTagGrams('a🔌bcd')).toEqual(['a🔌bcd']);
    const { rows } = await sql<{ grams: string[] }>`select id_tag_grams('ev🔌123') as grams`.execute(d.database.db);
    expect([...rows[0]!.grams].sort()).toEqual(['123', 'v🔌1', '🔌12', 'ev🔌', 'ev🔌12', 'v🔌123'].sort());
  });
});
