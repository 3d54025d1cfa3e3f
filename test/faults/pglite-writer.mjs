// Child process of pglite-crash.test.ts: commits numbered batches of 10 rows into a PGlite data
// dir as fast as it can and prints each batch number once its COMMIT has returned, until killed.
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create({ dataDir: process.argv[2] });
await db.exec(
  'create table if not exists w (id serial primary key, batch int not null, n int not null)',
);
const { rows } = await db.query('select coalesce(max(batch), 0) as b from w');
let batch = rows[0].b;
for (;;) {
  batch++;
  await db.transaction(async (tx) => {
    for (let n = 0; n < 10; n++)
      await tx.query('insert into w (batch, n) values ($1, $2)', [batch, n]);
  });
  process.stdout.write(`${batch}\n`);
}
