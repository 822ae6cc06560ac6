import { passkeyStoreContract } from '@condor/testkit';
import { testDialects } from '../test/temp-database.js';
import { SqlPasskeyStore } from './sql-passkey-store.js';

for (const dialect of testDialects()) {
  passkeyStoreContract(`SqlPasskeyStore on ${dialect.name}`, async () => new SqlPasskeyStore(await dialect.migrated()));
}
