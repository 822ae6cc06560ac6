import type { LegalText } from './legal-text.js';
import { BROKER_AUTHORIZATION } from './broker-authorization.js';
import { EUA } from './eua.js';
import { RISK_DISCLOSURE } from './risk-disclosure.js';

export type { LegalText } from './legal-text.js';

/** Every legal document of the service, in onboarding order. */
export const LEGAL_TEXTS: readonly LegalText[] = [EUA, RISK_DISCLOSURE, BROKER_AUTHORIZATION];
