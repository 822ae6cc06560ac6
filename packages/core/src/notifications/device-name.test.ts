import { describe, expect, it } from 'vitest';
import { deviceName, MAX_DEVICE_NAME } from './device-name.js';

describe('deviceName', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['curl/8.5.0', 'A browser'],
    ['Something (Windows NT 10.0)', 'A browser on Windows'],
  ])('names %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it('names a device without a user agent, and never repeats what the header says', () => {
    expect(deviceName(null)).toBe('A browser');
    const name = deviceName(`<script>alert(1)</script> Firefox/1 ${'x'.repeat(1000)}`);
    expect(name).toBe('Firefox');
    expect(name.length).toBeLessThanOrEqual(MAX_DEVICE_NAME);
  });
});
