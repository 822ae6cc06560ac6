import type { AccountTables } from './accounts-schema.js';
import type { CoordinationTables } from './coordination-schema.js';
import type { NewsTables } from './news-schema.js';
import type { OAuthTables } from './oauth-schema.js';
import type { OnboardingBillingTables } from './onboarding-billing-schema.js';
import type { PaperBrokerTables } from './paper-broker-schema.js';
import type { PlacementTables } from './placement-schema.js';
import type { StrategyTables } from './strategy-schema.js';
import type { TradingTables } from './trading-schema.js';

/** The whole schema, as Kysely sees it: one interface per family of tables, each in its own file. */
export interface Database
  extends AccountTables,
    OnboardingBillingTables,
    StrategyTables,
    TradingTables,
    PaperBrokerTables,
    CoordinationTables,
    OAuthTables,
    NewsTables,
    PlacementTables {}
