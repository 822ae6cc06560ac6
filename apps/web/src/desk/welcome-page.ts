import { markup, type Markup } from '../shared/markup.js';

/** What a visitor without a session sees at `/`: what condor is, and the way in. */
export const renderWelcome = (): Markup => markup`<section class="card" data-role="welcome">
<h1>condor</h1>
<p>condor finds, proposes and manages iron condors on options, for you and the AI agent you work with. Your agent searches the chains, backtests a strategy and proposes an order; condor checks it against its risk rules and works it at the broker inside the price band you approve.</p>
<p><strong>Nothing is ever traded without you.</strong> Every order waits for your approval here, in your browser, where your agent cannot act for you. Your desk shows what waits for you, your positions with their alerts, the orders condor is working and the agents connected to your account.</p>
<div class="actions">
<a class="button approve" href="/login?next=%2F" data-role="log-in">Log in</a>
<a class="button" href="/create-account" data-role="create-account">Create an account</a>
</div>
</section>`;
