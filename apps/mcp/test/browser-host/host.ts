/**
 * A test host for the ticket view, as an MCP Apps host runs it: the view in a sandboxed iframe (`srcdoc`,
 * scripts only), an AppBridge speaking the host side of the protocol over postMessage, the tool result sent
 * once the view has initialized, and the view's tools/call handed to the test (`condorCallTool`), which sends it
 * through a real MCP client to condor. Bundled by the test with esbuild; nothing is fetched.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

interface HostWindow extends Window {
  /** Given by the test (page.exposeFunction): runs a tools/call from the view through the real client; the answer as JSON. */
  condorCallTool(name: string, args: Record<string, unknown>): Promise<string>;
  /** Shows `html` in the iframe and, once the view has initialized, sends it `result`. */
  condorShow(html: string, result: CallToolResult): Promise<void>;
  /** The tools the view called, in order. */
  condorCalls: string[];
}

const host = window as unknown as HostWindow;
host.condorCalls = [];

host.condorShow = async (html, result) => {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.width = '640px';
  iframe.style.height = '900px';
  document.body.append(iframe);
  const view = iframe.contentWindow;
  if (view === null) throw new Error('the iframe has no window');
  const bridge = new AppBridge(null, { name: 'condor-test-host', version: '1.0.0' }, { serverTools: {} });
  bridge.oncalltool = async (params) => {
    host.condorCalls.push(params.name);
    return JSON.parse(await host.condorCallTool(params.name, params.arguments ?? {})) as CallToolResult;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.addEventListener('initialized', () => {
      resolve();
    });
  });
  await bridge.connect(new PostMessageTransport(view, view));
  iframe.srcdoc = html;
  await initialized;
  await bridge.sendToolResult(result);
};
