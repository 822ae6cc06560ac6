/**
 * The client order ids condor sends, one module for all (design §15): a proposal's order is sent under the
 * proposal id, a working order's n-th replacement under `<proposal id>-s<n>`, and a two-step roll's second order
 * under `<proposal id>-2`. Each is unique per broker account, so a retry after a crash finds the order instead of
 * sending it twice.
 */
export const stepClientOrderId = (proposalId: string, step: number): string => (step === 0 ? proposalId : `${proposalId}-s${String(step)}`);

/** The second order of a two-step roll. */
export const secondOrderClientId = (proposalId: string): string => `${proposalId}-2`;

const SUFFIX = /-(?:2|s[1-9]\d{0,2})$/;

/** The proposal id an order's client order id was derived from (the id itself when it has no suffix). */
export const baseOfClientOrderId = (clientOrderId: string): string => clientOrderId.replace(SUFFIX, '');
