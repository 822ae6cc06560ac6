import { CHANNELS, NEWS_KIND_WORDS, NEWS_KINDS, isFixedChoice, preferenceField, type Channel, type DeviceView, type NewsKind, type NotificationSettingsView } from '@condor/core';
import { isoTime } from '@condor/core/words';
import { minuteWords } from '../desk/desk-words.js';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

/** Where the page's script sends the subscription its browser made. */
export const DEVICES_PATH = '/settings/devices';

const CHANNEL_WORDS: Readonly<Record<Channel, string>> = { push: 'On my devices', mail: 'By mail' };

const csrfField = (csrf: string): Markup => markup`<input type="hidden" name="${CSRF_FIELD}" value="${csrf}">`;

const deviceRow = (device: DeviceView, csrf: string): Markup => markup`<tr data-role="device" data-device="${device.id}">
<td data-role="device-name">${device.name}</td>
<td data-role="device-added">${minuteWords(isoTime(device.addedAt))}</td>
<td data-role="device-last-push">${device.lastPushAt === null ? 'no push yet' : minuteWords(isoTime(device.lastPushAt))}</td>
<td><form method="post" action="${DEVICES_PATH}/remove" class="inline">${csrfField(csrf)}<input type="hidden" name="id" value="${device.id}"><button type="submit" class="reject" data-remove-device>Remove</button></form></td>
</tr>`;

/** "Turn on notifications on this device" (needs the page's script: only the browser makes a push subscription) and the devices that have them. */
function renderDevices(view: NotificationSettingsView, csrf: string): Markup {
  if (view.pushKey === null) return markup`<p class="notice warn" data-role="push-off">Notifications on devices are not set up on this condor: it has no key to sign them with. condor can reach you by mail only.</p>`;
  return markup`<noscript><p data-role="needs-js">Turning notifications on needs JavaScript: your browser subscribes on this page.</p></noscript>
<div data-role="turn-on" data-key="${view.pushKey}" data-csrf="${csrf}" data-path="${DEVICES_PATH}" hidden>
<div class="actions"><button type="button" class="approve">Turn on notifications on this device</button></div>
</div>
<p role="status" data-role="turn-on-status"></p>
${
  view.devices.length === 0
    ? markup`<p class="muted" data-role="no-devices">No device has notifications on.</p>`
    : markup`<table data-role="devices"><thead><tr><th>Device</th><th>Added</th><th>Last push</th><th></th></tr></thead><tbody>${view.devices.map((device) => deviceRow(device, csrf))}</tbody></table>`
}`;
}

const choiceBox = (view: NotificationSettingsView, kind: NewsKind, channel: Channel): Markup => {
  const name = preferenceField(kind, channel);
  const on = view.preferences[kind][channel];
  return isFixedChoice(kind, channel)
    ? markup`<td><input type="checkbox" name="${name}" value="yes" checked disabled aria-label="${CHANNEL_WORDS[channel]}: always" data-fixed> <span class="muted">always</span></td>`
    : markup`<td><input type="checkbox" name="${name}" value="yes"${on ? markup` checked` : ''} aria-label="${CHANNEL_WORDS[channel]}"></td>`;
};

/** Which news the person gets on which channel, per kind; the always-mailed kinds' mail box is ticked and cannot be unticked. */
const renderPreferences = (view: NotificationSettingsView, csrf: string): Markup => markup`<h3>What condor tells you, and where</h3>
<form method="post" action="/settings/notifications" data-role="news-preferences">
${csrfField(csrf)}
<table><thead><tr><th>News</th>${CHANNELS.map((channel) => markup`<th>${CHANNEL_WORDS[channel]}</th>`)}</tr></thead>
<tbody>${NEWS_KINDS.map((kind) => markup`<tr data-kind="${kind}"><td>${NEWS_KIND_WORDS[kind]}</td>${CHANNELS.map((channel) => choiceBox(view, kind, channel))}</tr>`)}</tbody></table>
<div class="actions"><button type="submit" class="approve">Save</button></div>
</form>`;

/** The account's address: verified, or a button that mails the link; or that this condor has no mail. */
function renderAddress(view: NotificationSettingsView, csrf: string): Markup {
  const address = view.address;
  if (address === null) return markup``;
  if (!address.mailConfigured) return markup`<p class="notice warn" data-role="mail-off">Mail is not set up on this condor: it cannot mail you (${address.email}) any news.</p>`;
  if (address.verified) return markup`<p data-role="address" data-verified="yes">Your address ${address.email} is verified: condor mails you the news you choose.</p>`;
  return markup`<p data-role="address" data-verified="no">Your address ${address.email} is not verified yet: until you open the link condor mails you, it mails there only what it always mails (security news, a broker refusing your link).</p>
<form method="post" action="/settings/verification-mail">${csrfField(csrf)}<div class="actions"><button type="submit" data-role="send-verification">Send the verification mail</button></div></form>`;
}

/** The notifications part of the settings page (design §18): devices, choices, the address. */
export const renderNotifications = (view: NotificationSettingsView, csrf: string): Markup => markup`<section class="card" id="notifications" data-role="notifications">
<h2>Notifications</h2>
<p class="muted">condor tells you at once when a proposal waits for your approval, a position needs attention, an order ends or a broker link stops. A notification only says what happened and opens the page where you act; it never approves anything. On an iPhone or iPad, add condor to your Home Screen first (Share, then Add to Home Screen) and turn notifications on from there.</p>
${renderDevices(view, csrf)}
${renderAddress(view, csrf)}
${renderPreferences(view, csrf)}
</section>`;
