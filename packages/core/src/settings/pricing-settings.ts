import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { PricingDefaults } from '../ports/user-settings-store.js';
import type { Services } from '../services.js';
import { DEFAULT_WORST_FROM_MID, WALK_MODE_NAMES, type WalkMode } from '../working-orders/walk-modes.js';
import { money } from '../words/money.js';

/** The largest default distance a person may set: a band is a few cents, and past the natural it is cut there anyway. */
export const MAX_WORST_FROM_MID = 1;

/** What a person asked for on the settings page: empty fields mean the house default. */
export interface PricingDefaultsRequest {
  readonly mode: string | undefined;
  readonly worstFromMid: string | undefined;
}

/** The person's default band as the page shows it, with the house's figures where they set none. */
export interface PricingDefaultsView {
  readonly mode: WalkMode | null;
  readonly worstFromMid: number | null;
  readonly houseMode: WalkMode;
  readonly houseWorstFromMid: number;
}

export const pricingDefaultsView = (defaults: PricingDefaults): PricingDefaultsView => ({ ...defaults, houseMode: 'normal', houseWorstFromMid: DEFAULT_WORST_FROM_MID });

export function personPricingDefaults(services: Services, userId: string): Promise<PricingDefaultsView> {
  return services.userSettings.pricingDefaults(userId).then(pricingDefaultsView);
}

const CENTS = /^\d{1,2}(\.\d{1,2})?$/;

/**
 * Stores a person's default band (design §15) from the settings page: a walk mode, and how far from the mid the worst
 * price lies, in dollars per share with at most two decimals, from $0.01 to $1.00. An empty field is the house default.
 * A person's setting only: no tool lets an agent widen the band a person approves by default.
 */
export function setPersonPricingDefaults(services: Services, userId: string, request: PricingDefaultsRequest): ResultAsync<PricingDefaultsView, AppError> {
  const mode = (request.mode ?? '').trim();
  const distance = (request.worstFromMid ?? '').trim().replace(/^\$/, '');
  if (mode !== '' && !(WALK_MODE_NAMES as readonly string[]).includes(mode)) {
    return errAsync(appError('INVALID_VALUE', { message: `The walk mode must be one of ${WALK_MODE_NAMES.join(', ')}, or empty for the house default.`, received: { mode } }));
  }
  const worstFromMid = distance === '' ? null : Number(distance);
  if (worstFromMid !== null && (!CENTS.test(distance) || worstFromMid < 0.01 || worstFromMid > MAX_WORST_FROM_MID)) {
    return errAsync(
      appError('OUT_OF_RANGE', {
        message: `The worst price's distance from the mid is dollars per share in whole cents, from $0.01 to ${money(MAX_WORST_FROM_MID)}, or empty for the house default.`,
        received: { worst_from_mid: distance },
      }),
    );
  }
  const defaults: PricingDefaults = { mode: mode === '' ? null : (mode as WalkMode), worstFromMid };
  return ResultAsync.fromSafePromise(services.userSettings.setPricingDefaults(userId, defaults, services.clock.now())).map(() => pricingDefaultsView(defaults));
}
