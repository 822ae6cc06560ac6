/** The user's tier; it follows the subscription (premium while one is active). */
export type Tier = 'free' | 'premium';

export interface User {
  readonly id: string;
  /** Normalised: trimmed, lower case. */
  readonly email: string;
  readonly passwordHash: string;
  readonly createdAt: number;
}

/** Accounts, keyed by id and by unique email. */
export interface UserStore {
  /** Inserts the user unless the email is taken (atomically, also under concurrency). */
  insert(user: User): Promise<'inserted' | 'email_taken'>;
  findByEmail(email: string): Promise<User | undefined>;
  findById(id: string): Promise<User | undefined>;
}
