/** The users and session families the OAuth store contracts use; SQL adapters create them first (references). */
export const OAUTH_USER = '6f1c2d3e-0000-4000-8000-000000000001';
export const OAUTH_OTHER_USER = '6f1c2d3e-0000-4000-8000-0000000000ff';
export const OAUTH_FAMILIES: readonly string[] = ['7a000000-0000-4000-8000-000000000001', '7a000000-0000-4000-8000-000000000002', '7a000000-0000-4000-8000-000000000003'];

/** What a fresh store of an OAuth contract needs to exist already: users, and session families (owned by the first user). */
export interface OAuthStoreSetup {
  readonly userIds: readonly string[];
  readonly familyIds: readonly string[];
}

export const OAUTH_SETUP: OAuthStoreSetup = { userIds: [OAUTH_USER, OAUTH_OTHER_USER], familyIds: OAUTH_FAMILIES };
