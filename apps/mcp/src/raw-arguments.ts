/**
 * The SDK refuses a `tools/call` whose `arguments` is not an object with a JSON-RPC protocol error,
 * before any handler runs. The contract wants our own ErrorResult for every shape of input, so the
 * HTTP endpoint wraps such arguments under this key and the tools/call handler unwraps them.
 */
const RAW_ARGUMENTS = '__condor_raw_arguments';

type Message = Record<string, unknown>;

const isRecord = (value: unknown): value is Message => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A request body (one message, or a list of them) with non-object `tools/call` arguments wrapped. */
export const wrapRawArguments = (body: unknown): unknown => (Array.isArray(body) ? body.map(wrapMessage) : wrapMessage(body));

function wrapMessage(message: unknown): unknown {
  if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) return message;
  const params = message.params;
  if (!('arguments' in params) || isRecord(params.arguments)) return message;
  return { ...message, params: { ...params, arguments: { [RAW_ARGUMENTS]: params.arguments } } };
}

/** The arguments exactly as the client sent them; absent arguments are `{}` (a tool without parameters). */
export function unwrapArguments(args: Readonly<Record<string, unknown>> | undefined): unknown {
  if (args === undefined) return {};
  const keys = Object.keys(args);
  return keys.length === 1 && keys[0] === RAW_ARGUMENTS ? args[RAW_ARGUMENTS] : args;
}

/**
 * `transport`, with every incoming message's non-object `tools/call` arguments wrapped before the SDK
 * sees them: the same shim as the HTTP endpoint's, for connection transports (stdio). The SDK installs
 * its message handler by assigning `onmessage`, so that assignment is where the wrapping goes in.
 */
export function acceptingRawArguments<T extends object & { onmessage?: ((message: never, extra?: never) => void) | undefined }>(transport: T): T {
  return new Proxy(transport, {
    set(target, property, value: unknown) {
      if (property !== 'onmessage' || typeof value !== 'function') return Reflect.set(target, property, value);
      const handler = value as (message: unknown, extra?: unknown) => void;
      return Reflect.set(target, property, (message: unknown, extra?: unknown) => {
        handler(wrapRawArguments(message), extra);
      });
    },
  });
}
