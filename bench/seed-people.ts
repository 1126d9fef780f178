/**
 * Fills a PostgreSQL database with N drivers (default 1,000,000) and one RFID card each, for the
 * users and tags benchmark (bench/people.ts), with set-based SQL: one INSERT … SELECT over
 * generate_series for the users and one for their tags. Migrates the database and loads the demo
 * data first (idempotent), so an empty database is enough.
 *
 *   createdb -h 127.0.0.1 -U postgres recarga_bench_people
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_people npx tsx bench/seed-people.ts --count 1000000
 *
 * The drivers belong to the Sol and Move tenants (alternately), carry Portuguese names with accents
 * and parentheses ('João (Jr) Conceição 12345'), an e-mail bench.driver.<n>@recarga.bench, a CPF-like
 * document; one in ten is inactive. Their cards are BN<10 digits>. `--remove` deletes them again.
 */
import { openSeedDatabase } from './seed-setup';

const { database, count, remove, step } = await openSeedDatabase(1_000_000);
try {
  await database.scriptSession(async (exec) => {
    if (remove) {
      await exec(`begin;
        delete from ocpp_tags where id_tag like 'BN%' and owner_user_pk in (select user_pk from users where email like 'bench.driver.%@recarga.bench');
        delete from users where email like 'bench.driver.%@recarga.bench';
        commit;`);
      step('removed');
      return;
    }
    await exec('begin');
    await exec(`
      with t as (select array_agg(tenant_pk order by alias) as pks from tenants where alias in ('sol', 'move')),
      g as (select g from generate_series(1, ${count}) g)
      insert into users (tenant_pk, email, first_name, last_name, doc_type, doc_number, active, role_label, created_at, updated_at)
      select t.pks[1 + g.g % 2],
             'bench.driver.' || g.g || '@recarga.bench',
             (array['João', 'José', 'Conceição', 'Ângela', 'Márcio', 'Luíza', 'André', 'Helena'])[1 + g.g % 8],
             (array['Silva', 'Araújo (Jr)', 'Gonçalves', 'Pereira', 'Simões (Neto)', 'Lima'])[1 + (g.g / 8) % 6] || ' ' || g.g,
             'CPF', lpad((g.g::bigint * 7919 % 100000000000)::text, 11, '0'),
             g.g % 10 <> 0, 'driver',
             now() - make_interval(days => (g.g % 900)), now()
        from g cross join t
      on conflict do nothing`);
    step('users inserted');
    await exec(`
      insert into ocpp_tags (tenant_pk, id_tag, type, owner_user_pk, max_active_transaction_count, created_at, updated_at)
      select u.tenant_pk, 'BN' || lpad(substring(u.email from 'bench\\.driver\\.(\\d+)@'), 10, '0'), 'CARD', u.user_pk, 1, now(), now()
        from users u
       where u.email like 'bench.driver.%@recarga.bench'
         and not exists (select 1 from ocpp_tags x where x.owner_user_pk = u.user_pk)`);
    step('tags inserted');
    await exec('commit');
    // Vacuumed, as autovacuum would have done on a live system: until then every index-only scan
    // (the lists' counts) reads the table again for each row.
    await exec('vacuum (analyze) users');
    await exec('vacuum (analyze) ocpp_tags');
    step('vacuumed and analyzed');
  });
} finally {
  await database.close();
}
