import { userStoreContract } from '@condor/testkit';
import { tempSqlite } from '../test/temp-sqlite.js';
import { SqlUserStore } from './sql-user-store.js';

const temp = tempSqlite();

userStoreContract('SqlUserStore on a SQLite file', async () => new SqlUserStore(await temp.migrated()));
