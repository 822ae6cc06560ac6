const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, as 'YYYY-MM-DD'. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The next 00:00 UTC strictly after `ms` — when daily quotas reset. */
export const nextUtcMidnight = (ms: number): number => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
