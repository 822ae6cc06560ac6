import type { Mail } from '../ports/news-channels.js';
import type { News } from './news.js';

const escaped = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page a piece of news opens, absolute where condor knows its public address. */
export const newsUrl = (path: string, publicUrl: string | undefined): string => `${publicUrl ?? ''}${path}`;

const WHY = 'You get this mail because you chose it on condor’s settings page; change what you get there.';
const WHY_SECURITY = 'condor always mails news about your account’s security.';

/** A piece of news as a mail: what happened, the page to open, and why the person gets it. Nothing in it authorises anything. */
export function newsMail(news: News, to: string, publicUrl: string | undefined): Mail {
  const url = newsUrl(news.path, publicUrl);
  const why = news.kind === 'security' ? WHY_SECURITY : WHY;
  return {
    to,
    subject: `condor: ${news.title}`,
    text: `${news.body}\n\nOpen: ${url}\n\n${why}\n`,
    html: `<p>${escaped(news.body)}</p><p><a href="${escaped(url)}">Open condor</a></p><p style="color:#666">${escaped(why)}</p>`,
  };
}

/** The mail that proves an address: a single-use link that verifies it and does nothing else. */
export function verificationMail(to: string, url: string): Mail {
  const text = 'Confirm that this address is yours, so condor can mail you the news you choose on its settings page.';
  return {
    to,
    subject: 'condor: confirm your email address',
    text: `${text}\n\n${url}\n\nThe link works once, for 24 hours. If you did not create a condor account, ignore this mail.\n`,
    html: `<p>${escaped(text)}</p><p><a href="${escaped(url)}">Confirm my address</a></p><p style="color:#666">The link works once, for 24 hours. If you did not create a condor account, ignore this mail.</p>`,
  };
}
