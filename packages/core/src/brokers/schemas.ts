import * as v from 'valibot';
import { BROKER_NAMES } from './broker-table.js';

export const ENVIRONMENTS = ['paper', 'live'] as const;

export const BrokerLinkView = v.object({
  broker: v.picklist(BROKER_NAMES),
  environment: v.picklist(ENVIRONMENTS),
  key_hint: v.pipe(v.nullable(v.string()), v.description('The last four characters of the API key; the keys themselves are never shown.')),
  connected: v.boolean(),
  connected_at: v.nullable(v.string()),
  account_number: v.pipe(v.nullable(v.string()), v.description('The account chosen among the login’s accounts (tastytrade); null where the keys are one account.')),
  login_expires_at: v.pipe(
    v.nullable(v.string()),
    v.description('For a broker linked by logging in there (Schwab): when that login ends and the person must log in again (ISO 8601); null otherwise.'),
  ),
});
