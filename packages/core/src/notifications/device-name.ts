/** The longest name a device is listed by. */
export const MAX_DEVICE_NAME = 60;

/** Browsers by what their user agent says, the more specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems, the more specific first (Android also says Linux; an iPhone also says Mac OS X). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], agent: string): string | null => table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

/**
 * What a person's device list calls a device: its browser and system from the user agent it was added from
 * ("Chrome on Android"), never the raw header (it is the client's to say anything in), at most `MAX_DEVICE_NAME` characters.
 *
 * @example deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) … Version/17.4 Mobile/15E148 Safari/604.1') // 'Safari on iPhone'
 */
export function deviceName(userAgent: string | null): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  const name = browser === null ? (system === null ? 'A browser' : `A browser on ${system}`) : system === null ? browser : `${browser} on ${system}`;
  return name.slice(0, MAX_DEVICE_NAME);
}
