import type { PriceStep, WalkStatus } from '../ports/working-order-store.js';

/** How a working order stands, as every page and the MCP App say it (`WorkingOrder.status`). */
export const WALK_STATUS_WORDS = {
  working: 'condor is working the order inside the band you approved',
  filled: 'filled',
  partial: 'partly filled; the rest was cancelled',
  expired: 'not filled in time; cancelled',
  cancelled: 'cancelled at your request',
  ended: 'ended by the broker',
} as const satisfies Record<WalkStatus, string>;

/** Where one price step of a walk stands (`PriceStep.state`). */
export const STEP_STATE_WORDS = {
  requested: 'sent, not yet confirmed by the broker',
  standing: 'sent',
  refused: 'refused by the broker',
} as const satisfies Record<PriceStep['state'], string>;
