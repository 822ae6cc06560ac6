/** News and its record are the store's types (ports/news-store.ts); re-exported here for the notifications' own modules. */
export { CHANNELS, NEWS_KINDS, type Channel, type News, type NewsKind, type NewsOutcome, type ToldNews, type Urgency } from '../ports/news-store.js';
