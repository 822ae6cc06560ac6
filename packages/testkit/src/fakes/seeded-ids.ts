import type { Ids } from '@condor/core';

/** Deterministic ids from a seed (a 32-bit xorshift), shaped like real v4 UUIDs. */
export class SeededIds implements Ids {
  constructor(private state = 0x9e3779b9) {}
  private nextWord(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
  private hex(words: number): string {
    return Array.from({ length: words }, () => this.nextWord().toString(16).padStart(8, '0')).join('');
  }
  uuid(): string {
    const h = this.hex(4);
    const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
  opaqueToken(): string {
    return `rt_${this.hex(8)}`;
  }
}
