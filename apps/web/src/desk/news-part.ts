import type { DeskSection, NewsView } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { minuteWords, partNote } from './desk-words.js';

const row = (item: NewsView): Markup => markup`<tr data-role="desk-news" data-status="${item.status}">
<td><a href="${item.path}">${item.title}</a></td>
<td>${minuteWords(item.at)}</td>
<td data-role="news-how">${item.how}</td>
</tr>`;

/** The latest notifications condor sent the person (design §18): what each said, when, how it went, and its page. */
export const renderNews = (news: DeskSection<NewsView>): Markup => markup`<section class="card" data-role="desk-notifications">
<h2>Notifications <a class="more" href="/settings#notifications">devices and choices</a></h2>
${partNote(news, 'condor has sent you no notification yet.')}
${news.items.length === 0 ? '' : markup`<table><thead><tr><th>What</th><th>When</th><th>How it went</th></tr></thead><tbody>${news.items.map(row)}</tbody></table>`}
</section>`;
