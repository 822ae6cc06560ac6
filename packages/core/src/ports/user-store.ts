/** The user's tier; it follows the subscription (premium while one is active). */
export type Tier = 'free' | 'premium';

export interface User {
  readonly id: string;
  /** Normalised: trimmed, lower case. */
  readonly email: string;
  readonly passwordHash: string;
  readonly createdAt: number;
  /** When its owner proved the address theirs (the verification mail's link); null or absent until then. */
  readonly emailVerifiedAt?: number | null;
}

/** Accounts, keyed by id and by unique email. */
export interface UserStore {
  /** Inserts the user unless the email is taken (atomically, also under concurrency). */
  insert(user: User): Promise<'inserted' | 'email_taken'>;
  findByEmail(email: string): Promise<User | undefined>;
  findById(id: string): Promise<User | undefined>;
  /** Records that the user proved their address theirs (the first time only: a later call keeps the first instant). */
  markEmailVerified(id: string, at: number): Promise<void>;
  /** Replaces the user's password hash (their password changed). */
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
}
