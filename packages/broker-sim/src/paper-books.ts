import type { BrokerError, PaperBook, PaperLedger, PaperOpening } from '@condor/core';
import { err, ResultAsync, type Result } from 'neverthrow';
import { PaperAccount } from './paper-account.js';

/** Commits lost to another instance's before a call gives up: each loss means another call went through. */
const MAX_ATTEMPTS = 25;
const BUSY: BrokerError = { kind: 'unavailable', message: 'the simulated broker is busy with other calls on this account; try again' };

/**
 * The paper accounts in the ledger, one broker call at a time: a call loads the owner's book (opening
 * the account on its first call), decides on it in memory and commits what it changed at the version it
 * loaded. When another call (another instance's) committed first, the call starts over on the new book,
 * so it never acts on a stale one; whatever the call answers, its changes are committed first. A failing
 * ledger (database) rejects, as every store does.
 */
export class PaperBooks {
  constructor(
    private readonly ledger: PaperLedger,
    private readonly opening: (ownerId: string) => Promise<PaperOpening>,
  ) {}

  /**
   * Runs `work` on the owner's account as stored now and commits its changes atomically. `work` may run
   * more than once (each time on a fresh book), so it must change nothing but the account it is given.
   */
  transact<T>(ownerId: string, work: (account: PaperAccount) => ResultAsync<T, BrokerError>): ResultAsync<T, BrokerError> {
    return new ResultAsync(this.attempts(ownerId, work));
  }

  private async attempts<T>(ownerId: string, work: (account: PaperAccount) => ResultAsync<T, BrokerError>): Promise<Result<T, BrokerError>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const account = new PaperAccount(await this.book(ownerId));
      const result = await work(account);
      const change = account.changes();
      if (change === undefined || (await this.ledger.commit(ownerId, account.version, change))) return result;
    }
    return err(BUSY);
  }

  private async book(ownerId: string): Promise<PaperBook> {
    const stored = await this.ledger.load(ownerId);
    if (stored !== undefined) return stored;
    await this.ledger.open(ownerId, await this.opening(ownerId));
    const opened = await this.ledger.load(ownerId);
    if (opened === undefined) throw new Error(`the paper account of ${ownerId} was opened but cannot be read`);
    return opened;
  }
}
