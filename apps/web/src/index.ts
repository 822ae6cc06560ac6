/** @condor/web — condor's pages for people: the approval page, the broker-keys page and the HTML login. */
export { renderPayoffChart } from './chart/payoff-chart.js';
