/**
 * Runs a job every `intervalMs` (and once at start when `runAtStart`), never two runs of it at once in this process:
 * a tick that finds the last run still going is skipped. A run that fails is handed to `onFailure` (to log it); the
 * next tick runs as usual. The timer does not keep the process alive.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;
  private halted = false;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly runAtStart: boolean,
    private readonly onFailure: (error: unknown) => void = () => undefined,
  ) {}

  /** Once `stop` was called: a run under way checks it to end early. */
  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    if (this.runAtStart) this.tick();
    this.timer = setInterval(() => {
      this.tick();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Cancels the next runs and waits for one under way. */
  async stop(): Promise<void> {
    this.halted = true;
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.busy) return;
    this.busy = true;
    this.running = this.job()
      .then(
        () => undefined,
        (error: unknown) => {
          this.onFailure(error);
        },
      )
      .finally(() => {
        this.busy = false;
      });
  }
}
