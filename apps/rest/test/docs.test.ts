import * as v from 'valibot';
import { CATALOGUE, type AnyOperation } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { renderDocsPage } from '../src/index.js';
import { harness } from './helpers.js';

describe('GET /docs', () => {
  it('is a self-contained HTML page naming every operation with its method, path and errors', async () => {
    const response = await harness().send('GET', '/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    for (const op of CATALOGUE) {
      expect(page).toContain(`<code>${op.name}</code>`);
      expect(page).toContain(`<code>/v1${op.rest.path.replace(/:(\w+)/g, "{$1}")}</code>`);
      for (const code of op.errors) expect(page).toContain(`<code>${code}</code>`);
    }
    expect(page).toContain('<code>password</code>');
    expect(page).not.toMatch(/<script|<link|<img|src=|href="(https?:)?\/\//i);
  });

  it('shows parameters with type, requirement, description and bounds', () => {
    const page = renderDocsPage();
    expect(page).toMatch(/<code>email<\/code><\/td><td>body<\/td><td>string \(email\)<\/td><td>yes<\/td>\s*<td>The account email address\./);
    expect(page).toContain('12–256 characters');
  });

  it('escapes everything taken from the catalogue', () => {
    const hostile: AnyOperation = {
      ...CATALOGUE[0]!,
      title: '<img src=x onerror=alert(1)>',
      description: 'Say "hi" & <b>bye</b>',
      input: v.object({ '<script>': v.pipe(v.string(), v.description("it's <i>")) }),
    };
    const page = renderDocsPage([hostile]);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;');
    expect(page).toContain('it&#39;s &lt;i&gt;');
  });
});
