import type { Services } from '../services.js';

/**
 * Whether this deployment lets execute_iron_condor_autoroll create proposals (`autorollEnabled: true`
 * in the core configuration); off unless switched on. Even on, autoroll never places an order.
 */
export function autorollEnabled(services: Pick<Services, 'config'>): boolean {
  return services.config.autorollEnabled === true;
}
