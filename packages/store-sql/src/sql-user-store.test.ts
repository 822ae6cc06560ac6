import { userStoreContract } from '@condor/testkit';
import { testDialects } from '../test/temp-database.js';
import { SqlUserStore } from './sql-user-store.js';

for (const dialect of testDialects()) {
  userStoreContract(`SqlUserStore on ${dialect.name}`, async () => new SqlUserStore(await dialect.migrated()));
}
