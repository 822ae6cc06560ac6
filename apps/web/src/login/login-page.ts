import { markup, type Markup } from '../shared/markup.js';

export interface LoginForm {
  /** Where to go after logging in (already checked to be a path on this server). */
  readonly next: string;
  /** The email to fill in again after a failed attempt; the password never is. */
  readonly email?: string | null;
  readonly error?: string | null;
}

/** condor's HTML login: the only way to start the browser session the approval and keys pages need. */
export const renderLogin = (form: LoginForm): Markup =>
  markup`<section class="card">
<h1>Log in to condor</h1>
<p class="muted">Approving an order or entering broker keys needs you, in this browser: your AI agent cannot do this for you.</p>
${form.error ? markup`<p class="notice error" role="alert" data-role="login-error">${form.error}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="next" value="${form.next}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${form.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit" class="approve">Log in</button></div>
</form>
</section>`;
