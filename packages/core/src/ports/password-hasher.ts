/** Slow, salted password hashing (scrypt in production). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * True when `password` matches `hash`. With `hash` null it does the same work and answers false,
   * so an unknown email takes as long as a wrong password.
   */
  verify(password: string, hash: string | null): Promise<boolean>;
}
