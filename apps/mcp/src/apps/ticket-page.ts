import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The view's entry: the ext-apps App client and the ticket renderer, bundled into one inline script. */
const VIEW_ENTRY = fileURLToPath(new URL('../../view/ticket-app.ts', import.meta.url));

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; font-size: 14px; }
body { margin: 0; padding: 12px; }
.ticket h1 { font-size: 1.15rem; margin: 0 0 8px; }
.legs { margin: 0 0 8px; padding-left: 18px; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 8px; }
.facts dt { color: #6b7280; }
.facts dd { margin: 0; }
.notice { background: #fef3c7; color: #78350f; padding: 6px 8px; border-radius: 4px; }
.flags { background: #fef3c7; color: #78350f; padding: 6px 8px 6px 24px; border-radius: 4px; margin: 0 0 8px; }
.chart { margin: 8px 0; }
.chart svg { width: 100%; height: auto; max-width: 640px; }
.actions { display: flex; gap: 8px; margin: 8px 0; }
.actions button { font: inherit; padding: 6px 16px; border-radius: 6px; border: 1px solid #9ca3af; cursor: pointer; }
.actions button[data-action="approve"] { background: #15803d; color: white; border-color: #15803d; }
.actions button:disabled { opacity: 0.5; cursor: default; }
.elsewhere { color: #6b7280; font-size: 0.9rem; }
.band h2 { font-size: 1rem; margin: 8px 0 4px; }
.band p { margin: 0 0 6px; }
.band-effect { border-collapse: collapse; margin: 0 0 8px; }
.band-effect th, .band-effect td { text-align: left; padding: 2px 12px 2px 0; vertical-align: top; }
.band-effect tbody th { color: #6b7280; font-weight: normal; }
.band-sentence { background: #fef3c7; color: #78350f; padding: 6px 8px; border-radius: 4px; margin: 8px 0; }
.band-approval { font-weight: 600; margin: 4px 0 8px; }
.approved-band { margin: 8px 0; }
`;

/** The page around the bundle; `</script` cannot occur in the script (esbuild escapes it in strings), and is refused if it does. */
export function ticketPage(script: string): string {
  if (/<\/script/i.test(script)) throw new Error('The ticket view bundle contains "</script" and cannot be inlined.');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>condor order ticket</title><style>${STYLE}</style></head>` +
    '<body><main id="ticket">Waiting for the proposal…</main>' +
    `<script>${script}</script></body></html>`
  );
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [VIEW_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    // @condor/web/chart, like every workspace package, is TypeScript source under this condition
    conditions: ['@condor/source'],
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild produced no ticket view bundle.');
  return ticketPage(output.text);
}

let page: Promise<string> | undefined;

/**
 * The ticket view as one self-contained HTML document (no CDN, no external asset), built the first time it
 * is read and kept in memory for the life of the process; a failed build is tried again on the next read.
 */
export function ticketHtml(): Promise<string> {
  page ??= bundle().catch((error: unknown) => {
    page = undefined;
    throw error;
  });
  return page;
}
