import { userSettingsStoreContract } from '@condor/testkit';
import { testDialects } from '../test/temp-database.js';
import { SqlUserSettingsStore } from './sql-user-settings-store.js';

for (const dialect of testDialects()) {
  userSettingsStoreContract(`SqlUserSettingsStore on ${dialect.name}`, async () => new SqlUserSettingsStore(await dialect.migrated()));
}
