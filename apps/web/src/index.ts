/** @condor/web — condor's pages for people: the HTML login, the approval page and the broker-keys page. */
export { webRoutes } from './web-routes.js';
export type { WebEnv } from './http/web-env.js';
export { BROWSER_COOKIE } from './http/browser-cookie.js';
export { withoutLinkTokens } from './http/link-paths.js';
export { renderPayoffChart } from './chart/payoff-chart.js';
export { renderTicket } from './views/ticket.js';
export { oauthPages } from './oauth/oauth-pages.js';
