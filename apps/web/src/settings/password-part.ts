import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

/** "Change password": the current one, then the new one twice. It logs out every other browser and agent session. */
export const renderPasswordChange = (csrf: string): Markup => markup`<section class="card" id="password" data-role="password-change">
<h2>Change password</h2>
<p class="muted">Changing it logs you out everywhere else: other browsers, agents that logged in with your password, and connected apps (they connect again with your consent). This browser stays logged in, and API keys keep working: revoke any you do not recognise on your desk.</p>
<form method="post" action="/settings/password" autocomplete="off">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf}">
<label for="current-password">Current password</label>
<input id="current-password" name="current_password" type="password" autocomplete="current-password" required>
<label for="new-password">New password (12 to 256 characters)</label>
<input id="new-password" name="new_password" type="password" autocomplete="new-password" minlength="12" maxlength="256" required>
<label for="repeat-password">New password again</label>
<input id="repeat-password" name="repeat_password" type="password" autocomplete="new-password" minlength="12" maxlength="256" required>
<div class="actions"><button type="submit" class="approve">Change password</button></div>
</form>
</section>`;
