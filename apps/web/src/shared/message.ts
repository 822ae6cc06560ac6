import { markup, type Markup } from './markup.js';

export interface Message {
  readonly heading: string;
  readonly text: string;
  readonly tone: 'ok' | 'warn' | 'error';
  /** Shown under the message (a ticket, a form, a link). */
  readonly more?: Markup | null;
}

/** A page's main message: a heading and a sentence, in a box coloured by its tone. */
export const renderMessage = (message: Message): Markup =>
  markup`<section class="card" data-role="message" data-tone="${message.tone}">
<h1>${message.heading}</h1>
<p class="notice ${message.tone}">${message.text}</p>
${message.more ?? ''}
</section>`;
