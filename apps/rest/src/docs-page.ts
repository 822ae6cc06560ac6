import { CATALOGUE, ERROR_CATALOGUE, type Access, type AnyOperation } from '@condor/core';
import { html, type SafeHtml } from './html.js';
import { describeOperation, type OperationDoc, type ParameterDoc } from './operation-docs.js';
import { SESSION_COOKIE } from './session-cookie.js';

const ACCESS: Record<Access, string> = {
  public: 'No login needed.',
  user: 'Needs a login.',
  trading: 'Needs a login and completed onboarding.',
};

const STYLE = html`
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
code{font:13px ui-monospace,monospace;background:#f2f2f4;padding:0 .25em;border-radius:3px}
section{border-top:1px solid #ddd;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid #eee;padding:.3rem .5rem}
.method{font-weight:700;color:#fff;background:#355;padding:.1em .5em;border-radius:3px}
.muted{color:#666}`;

/**
 * The human documentation of the REST surface: one self-contained HTML page (no scripts, no
 * external resources) generated from the operation catalogue.
 */
export function renderDocsPage(operations: readonly AnyOperation[] = CATALOGUE): string {
  const docs = operations.map(describeOperation);
  return `<!doctype html>\n${html`<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>condor REST API</title><style>${STYLE}</style></head>
<body>
<h1>condor REST API</h1>
<p>Every operation lives under <code>/v1</code> and takes a JSON body (POST, DELETE) or query parameters (GET).
Authenticate with <code>Authorization: Bearer &lt;access_token&gt;</code> from <code>login</code>, or with the
<code>${SESSION_COOKIE}</code> cookie that <code>login</code> sets. Each operation is also an MCP tool of the same name at <code>/mcp</code>.</p>
<p>Every failure is an ErrorResult with exactly the keys <code>error</code>, <code>message</code>, <code>suggestion</code>,
<code>expected</code>, <code>received</code>, <code>see_tool</code> and <code>tier_upgrade_hint</code>. Branch on <code>error</code>.
Machine-readable description: <a href="/openapi.json">/openapi.json</a>.</p>
<nav><ul>${docs.map((doc) => html`<li><a href="#${doc.operation.name}"><code>${doc.operation.name}</code></a> ${doc.operation.title}</li>`)}</ul></nav>
${docs.map(operationSection)}
</body></html>`.value}\n`;
}

const operationSection = (doc: OperationDoc): SafeHtml => html`<section id="${doc.operation.name}">
<h2><code>${doc.operation.name}</code> ${doc.operation.title}</h2>
<p><span class="method">${doc.method}</span> <code>${doc.path}</code> <span class="muted">${ACCESS[doc.operation.access]}</span></p>
<p>${doc.operation.description}</p>
${parameterTable(doc.parameters)}
<h3>Errors</h3>
<table><thead><tr><th>Status</th><th>Code</th><th>Meaning</th></tr></thead><tbody>
${doc.errors.flatMap((group) =>
  group.codes.map((code) => html`<tr><td>${group.status}</td><td><code>${code}</code></td><td>${ERROR_CATALOGUE[code].message}</td></tr>`),
)}
</tbody></table>
</section>
`;

const parameterTable = (parameters: readonly ParameterDoc[]): SafeHtml =>
  parameters.length === 0
    ? html`<h3>Parameters</h3><p class="muted">None.</p>`
    : html`<h3>Parameters</h3>
<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
${parameters.map(
  (p) => html`<tr><td><code>${p.name}</code></td><td>${p.location}</td><td>${p.type}</td><td>${p.required ? 'yes' : 'no'}</td>
<td>${p.description ?? ''}${p.constraints.length > 0 ? html` <span class="muted">(${p.constraints.join('; ')})</span>` : ''}</td></tr>`,
)}
</tbody></table>`;
