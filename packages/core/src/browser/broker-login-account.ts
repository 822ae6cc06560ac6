import { okAsync, ResultAsync } from 'neverthrow';
import { tradeableAccounts } from '../brokers/account-choice.js';
import { BROKERS } from '../brokers/broker-table.js';
import { loginEndsAt } from '../brokers/link-view.js';
import { openCredentials } from '../brokers/sealed-keys.js';
import type { AppError } from '../errors/app-error.js';
import type { BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import type { AccountsToChoose } from './broker-account-choice.js';

/** The page after a login at the broker: when it ends, and whether the account traded before trades on, or which to choose. */
export interface LoginLinked {
  readonly broker: BrokerName;
  readonly title: string;
  /** Epoch ms: when this login ends and the person must log in again. */
  readonly endsAt: number;
  /** The account traded before is linked again and connected: trading goes on as it was. */
  readonly restored: { readonly accountNumber: string } | null;
  /** Where not restored: the accounts to choose among (or why they could not be listed). */
  readonly accounts: AccountsToChoose;
}

/**
 * Stores a new login's link. Where the person's link before it was the same broker's, with an account chosen that the
 * new login may still trade (connected, or disconnected when the old login ended), that account stays chosen and —
 * once the broker answers for it with the new login — connected: logging in again each week does not make the person
 * choose and connect again.
 */
export function keepAccountOfLogin(services: Services, link: BrokerLink, before: BrokerLink | undefined): ResultAsync<LoginLinked, AppError> {
  const base = { broker: link.broker, title: BROKERS[link.broker].words.name, endsAt: loginEndsAt(link) ?? services.clock.now() };
  const store = (stored: BrokerLink): ResultAsync<void, never> => ResultAsync.fromSafePromise(services.brokerLinks.put(stored));
  return tradeableAccounts(services, link)
    .map((accounts) => ({ accounts, refusal: null as string | null }))
    .orElse((error) => okAsync({ accounts: [], refusal: error.message ?? `${BROKERS[link.broker].words.short} did not list the accounts.` }))
    .andThen(({ accounts, refusal }) => {
      const kept = before?.accountKey != null ? accounts.find((a) => a.accountKey === before.accountKey) : undefined;
      const choose = (stored: BrokerLink): ResultAsync<LoginLinked, never> =>
        store(stored).map(() => ({
          ...base,
          restored: null,
          accounts:
            refusal !== null
              ? { kind: 'refused', message: refusal }
              : { kind: 'choose', title: base.title, accounts: accounts.map(({ accountNumber, description }) => ({ accountNumber, description })), chosen: null },
        }));
      if (kept === undefined) return choose(link);
      const chosen: BrokerLink = { ...link, accountNumber: kept.accountNumber, accountKey: kept.accountKey ?? null };
      return openCredentials(chosen, services).andThen((credentials) =>
        ResultAsync.fromSafePromise(
          services.brokers
            .open({ ownerId: link.ownerId, broker: link.broker, environment: link.environment, credentials })
            .verify()
            .then((verified) => verified.isOk()),
        ).andThen((verified) => {
          if (!verified) return choose(link);
          const connected: BrokerLink = { ...chosen, connectedAt: services.clock.now() };
          return store(connected).map(() => ({ ...base, restored: { accountNumber: kept.accountNumber }, accounts: { kind: 'one' } as const }));
        }),
      );
    });
}
