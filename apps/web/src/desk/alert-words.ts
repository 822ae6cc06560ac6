import { ALERT_RULE_WORDS, type AlertViewOutput } from '@condor/core';

/** What each management rule is called where a person reads it (one definition, in core, shared with notifications). */
export const RULE_WORDS: Readonly<Record<AlertViewOutput['rule'], string>> = ALERT_RULE_WORDS;

/** An alert's first sentence, for a line under its position (the Alerts part says the rest). */
export const firstSentence = (reason: string): string => /^.+?[.!?](?=\s|$)/.exec(reason)?.[0] ?? reason;
