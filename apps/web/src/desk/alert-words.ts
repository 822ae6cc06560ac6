import type { AlertViewOutput } from '@condor/core';

/** What each management rule is called where a person reads it. */
export const RULE_WORDS: Readonly<Record<AlertViewOutput['rule'], string>> = {
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  management_dte: 'Time to manage',
  short_strike_tested: 'Short strike tested',
  pin_risk: 'Pin risk',
  expiry: 'Expiry day',
  legs_changed: 'Legs changed outside condor',
};

/** An alert's first sentence, for a line under its position (the Alerts part says the rest). */
export const firstSentence = (reason: string): string => /^.+?[.!?](?=\s|$)/.exec(reason)?.[0] ?? reason;
