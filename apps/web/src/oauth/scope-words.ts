import type { Scope } from '@condor/core';

/** What each scope lets a connected client do, in the words the consent and connections pages use. */
export const SCOPE_WORDS: Readonly<Record<Scope, string>> = {
  read: 'Research and read: market data, iron condor searches and strategies, your proposals, positions and account status.',
  propose: 'Propose trades: draft iron condor proposals for you to approve. A proposal alone places nothing.',
  trade:
    'Trading actions: ask to confirm or cancel proposals and orders, link or unlink your broker, accept terms, manage your subscription and API keys. Every order still needs your own approval on condor’s page.',
};
