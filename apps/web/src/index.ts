/** @condor/web — condor's pages for people: the HTML login, the approval page and the broker-keys page. */
export { webRoutes } from './web-routes.js';
export type { WebEnv } from './shared/web-env.js';
export { BROWSER_COOKIE } from './shared/browser-cookie.js';
export { withoutLinkTokens } from './shared/link-paths.js';
export { renderPayoffChart } from './chart/payoff-chart.js';
export { renderTicket } from './approval/ticket.js';
export { oauthPages } from './oauth/oauth-pages.js';
export { sendStatusPage, type PageStatus } from './shared/status-page.js';
