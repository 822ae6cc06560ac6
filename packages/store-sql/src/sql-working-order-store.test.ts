import { workingOrderStoreContract } from '@condor/testkit';
import { testDialects } from '../test/temp-database.js';
import { SqlWorkingOrderStore } from './sql-working-order-store.js';

for (const dialect of testDialects()) {
  workingOrderStoreContract(`SqlWorkingOrderStore on ${dialect.name}`, async (count) => (await dialect.migratedMany(count)).map((db) => new SqlWorkingOrderStore(db)));
}
