import type { AutorollRule } from './alert-rules.js';

/** What each management rule is called where a person reads it (the desk, a notification). */
export const ALERT_RULE_WORDS = {
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  management_dte: 'Time to manage',
  short_strike_tested: 'Short strike tested',
  pin_risk: 'Pin risk',
  expiry: 'Expiry day',
  legs_changed: 'Legs changed outside condor',
} as const satisfies Record<AutorollRule, string>;
