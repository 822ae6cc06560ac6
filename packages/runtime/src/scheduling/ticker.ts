/**
 * Runs a job every `intervalMs` (and once at start when `runAtStart`), never two runs of it at once in this process:
 * a tick that finds the last run still going is skipped. The job handles its own failures (it must not reject). The
 * timer does not keep the process alive.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly job: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly runAtStart: boolean,
  ) {}

  start(): void {
    if (this.runAtStart) this.tick();
    this.timer = setInterval(() => {
      this.tick();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Cancels the next runs and waits for one under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.busy) return;
    this.busy = true;
    this.running = this.job().finally(() => {
      this.busy = false;
    });
  }
}
