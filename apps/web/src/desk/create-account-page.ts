import { markup, type Markup } from '../shared/markup.js';

export interface CreateAccountForm {
  /** The email to fill in again after a refusal; the password never is. */
  readonly email?: string | null;
  readonly error?: string | null;
}

/** The form that creates an account and logs this browser in; the agent then onboards it with the person's keys. */
export const renderCreateAccount = (form: CreateAccountForm): Markup => markup`<section class="card" data-role="create-account">
<h1>Create your condor account</h1>
<p class="muted">You log in here to approve orders and to manage your agents’ keys. Give your agent an API key from your desk, never this password.</p>
${form.error ? markup`<p class="notice error" role="alert" data-role="create-account-error">${form.error}</p>` : ''}
<form method="post" action="/create-account">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${form.email ?? ''}">
<label for="password">Password (at least 12 characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required>
<div class="actions"><button type="submit" class="approve">Create account</button> <a class="button" href="/login?next=%2F">I have an account</a></div>
</form>
</section>`;
