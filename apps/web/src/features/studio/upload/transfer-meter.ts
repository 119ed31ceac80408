/** How far back the speed looks: long enough to smooth out chunk boundaries, short enough to follow a change. */
export const SPEED_WINDOW_MS = 5_000;
/** Below this much measured time the speed is not known yet (the first progress events say little). */
const MIN_SPAN_MS = 700;

interface Sample {
  at: number;
  bytes: number;
}

/**
 * The speed of a transfer and the time it has left, from its progress over the last few seconds.
 * `reset` starts afresh (after a pause or a dropped connection, the old pace says nothing).
 */
export class TransferMeter {
  private samples: Sample[] = [];

  constructor(private readonly windowMs = SPEED_WINDOW_MS) {}

  /** Records that `bytes` in total had been sent at time `at` (ms). */
  add(at: number, bytes: number): void {
    const last = this.samples.at(-1);
    // The transfer went back (a resumed upload starts from the server's offset): measure from there.
    if (last && bytes < last.bytes) this.samples = [];
    this.samples.push({ at, bytes });
    const from = at - this.windowMs;
    // Keep one sample older than the window, so the window is always covered.
    while (this.samples.length > 2 && this.samples[1]!.at <= from) this.samples.shift();
  }

  reset(): void {
    this.samples = [];
  }

  /** Bytes per second, or null while too little has been measured. */
  speed(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < MIN_SPAN_MS) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Seconds until `total` bytes are sent at the current speed, or null when the speed is not known or nil. */
  secondsLeft(total: number): number | null {
    const speed = this.speed();
    const sent = this.samples.at(-1)?.bytes ?? 0;
    if (speed === null || speed <= 0) return null;
    return Math.max(0, (total - sent) / speed);
  }
}
