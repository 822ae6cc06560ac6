/**
 * Whether an assertion's signature counter may follow the stored one: it must increase (a clone replaying an older
 * state does not), except that synced passkeys report 0 every time, so 0 after 0 passes.
 */
export const counterAdvances = (stored: number, reported: number): boolean => reported > stored || (stored === 0 && reported === 0);
