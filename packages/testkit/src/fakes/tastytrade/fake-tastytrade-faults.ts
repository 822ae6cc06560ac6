/** Which requests a scripted fault applies to; an empty match takes the next request. */
export interface Match {
  readonly method?: string;
  /** A part of the path, or a pattern it matches. */
  readonly path?: string | RegExp;
}

/** An answer given in place of the real one. */
export interface Script extends Match {
  readonly status: number;
  readonly body: unknown;
  /** Handle the request first (an order is placed), then answer with the fault. */
  readonly afterHandling: boolean;
  /** The message repeats what the request carried (its Authorization header and body), as a careless server might. */
  readonly echo?: boolean;
}

/** A real answer held back. */
export interface Delay extends Match {
  readonly ms: number;
}

/** The faults scripted for coming requests, each used by the first request it matches. */
export class ScriptedFaults {
  private readonly scripts: Script[] = [];
  private readonly delays: Delay[] = [];

  script(script: Script): void {
    this.scripts.push(script);
  }

  delay(delay: Delay): void {
    this.delays.push(delay);
  }

  /** The first script matching the request, taken off the queue. */
  takeScript(method: string, path: string): Script | undefined {
    return take(this.scripts, method, path);
  }

  /** The first delay matching the request, taken off the queue. */
  takeDelay(method: string, path: string): Delay | undefined {
    return take(this.delays, method, path);
  }
}

function take<T extends Match>(queue: T[], method: string, path: string): T | undefined {
  const index = queue.findIndex((entry) => matches(entry, method, path));
  return index < 0 ? undefined : queue.splice(index, 1)[0];
}

function matches(match: Match, method: string, path: string): boolean {
  if (match.method !== undefined && match.method !== method) return false;
  if (match.path === undefined) return true;
  return typeof match.path === 'string' ? path.includes(match.path) : match.path.test(path);
}
