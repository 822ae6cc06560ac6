/** A login session: one family of rotating refresh tokens. */
export interface SessionFamily {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly revokedAt: number | null;
}

/** A refresh token as stored: only its digest, never the token. */
export interface RefreshTokenRecord {
  readonly hash: string;
  readonly familyId: string;
  readonly userId: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/** Sessions and their refresh tokens. */
export interface SessionStore {
  createFamily(family: SessionFamily): Promise<void>;
  findFamily(id: string): Promise<SessionFamily | undefined>;
  /** Revokes the family (idempotent: the first revocation time is kept). */
  revokeFamily(id: string, at: number): Promise<void>;
  /** Revokes every live family of the user (API logins and OAuth connections alike); how many it revoked. */
  revokeAllOf(userId: string, at: number): Promise<number>;
  insertToken(token: RefreshTokenRecord): Promise<void>;
  findToken(hash: string): Promise<RefreshTokenRecord | undefined>;
  /** Marks an unused token used; true for exactly one caller however many race (compare-and-set). */
  markTokenUsed(hash: string, at: number): Promise<boolean>;
}
