import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { accountToTrade, tradeableAccounts } from '../brokers/account-choice.js';
import { BROKERS } from '../brokers/broker-table.js';
import { linkView } from '../brokers/link-view.js';
import type { BrokerLinkView } from '../brokers/schemas.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import type { BrowserCaller } from './browser-session.js';

/** One account the person may choose on the page. */
export interface AccountChoiceView {
  readonly accountNumber: string;
  readonly description: string;
}

/**
 * What the page offers once keys are stored: nothing to choose where the keys are one account (`one`), the login's
 * tradeable accounts (`choose`, with the one chosen before, if any), or why they could not be listed (`refused`).
 */
export type AccountsToChoose =
  | { readonly kind: 'one' }
  | { readonly kind: 'choose'; readonly title: string; readonly accounts: readonly AccountChoiceView[]; readonly chosen: string | null }
  | { readonly kind: 'refused'; readonly message: string };

const noLogin = (): AppError =>
  appError('BROKER_NOT_CONNECTED', {
    message: 'No broker keys that hold several accounts are stored for you.',
    suggestion: 'Open a new broker-keys link (get_broker_keys_link) and enter the keys there first.',
    seeTool: 'get_broker_keys_link',
  });

/** The link, where its broker's login holds several accounts and its keys are stored. */
const withKeys = (link: BrokerLink | undefined): ResultAsync<BrokerLink, AppError> =>
  link !== undefined && link.apiSecret !== null && BROKERS[link.broker].capabilities.chooseAccount ? okAsync(link) : errAsync(noLogin());

/**
 * The accounts the caller's stored login may trade, listed by the broker with the stored keys, for the page to
 * offer; a refusal (the broker refused the login, it may trade none) comes back as words, never as a failure.
 */
export function accountsToChoose(services: Services, caller: BrowserCaller): ResultAsync<AccountsToChoose, never> {
  return ResultAsync.fromSafePromise(services.brokerLinks.get(caller.userId)).andThen((link): ResultAsync<AccountsToChoose, never> => {
    if (link === undefined || !BROKERS[link.broker].capabilities.chooseAccount) return okAsync({ kind: 'one' });
    return withKeys(link)
      .andThen((keyed) => tradeableAccounts(services, keyed))
      .map((accounts): AccountsToChoose => ({
        kind: 'choose',
        title: BROKERS[link.broker].words.name,
        accounts: accounts.map(({ accountNumber, description }) => ({ accountNumber, description })),
        chosen: link.accountNumber ?? null,
      }))
      .orElse((error) => okAsync<AccountsToChoose>({ kind: 'refused', message: error.message ?? 'The broker did not list the accounts.' }));
  });
}

const AccountNumber = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));

/**
 * Records the account the person chose on the page on their link, checked against the accounts the stored login
 * may trade (connect_broker's own rule). A different account than before leaves the link to be connected again:
 * connecting stays connect_broker's, which trades the account chosen here unless told another.
 *
 * @example chooseBrokerAccount(services, caller, '5WT00002') // link.account_number '5WT00002', next_tool 'connect_broker'
 */
export function chooseBrokerAccount(
  services: Services,
  caller: BrowserCaller,
  accountNumber: unknown,
): ResultAsync<{ link: v.InferOutput<typeof BrokerLinkView>; next_tool: 'connect_broker' }, AppError> {
  const named = v.safeParse(AccountNumber, accountNumber);
  if (!named.success) return errAsync(appError('VALIDATION_ERROR', { message: 'Choose one of the accounts listed.' }));
  return ResultAsync.fromSafePromise(services.brokerLinks.get(caller.userId)).andThen(withKeys).andThen((link) =>
    accountToTrade(services, link, named.output).andThen((chosen) =>
      // The keys may have been replaced while the broker listed the accounts: a choice made for the old ones is not kept.
      ResultAsync.fromSafePromise(services.brokerLinks.get(caller.userId)).andThen((current) => {
        if (current?.updatedAt !== link.updatedAt || current.broker !== link.broker || current.apiSecret?.ciphertext !== link.apiSecret?.ciphertext) {
          return errAsync(appError('CONFLICT', { message: 'Your broker keys changed while the accounts were listed. Choose the account again.' }));
        }
        const same = current.accountNumber === chosen.accountNumber;
        const stored: BrokerLink = {
          ...current,
          accountNumber: chosen.accountNumber ?? null,
          accountKey: chosen.accountKey ?? null,
          connectedAt: same ? current.connectedAt : null,
          updatedAt: services.clock.now(),
        };
        return ResultAsync.fromSafePromise(services.brokerLinks.put(stored)).map(() => ({ link: linkView(stored), next_tool: 'connect_broker' as const }));
      }),
    ),
  );
}
