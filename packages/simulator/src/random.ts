/**
 * A small seedable pseudo-random source (mulberry32). The simulator draws every random
 * decision from one of these so that a run given a seed is repeatable.
 */
export class Random {
  private state: number;

  constructor(seed: number = Math.floor(Math.random() * 2 ** 32)) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Exponentially distributed value with the given mean (waiting times between independent events). */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A new independent source derived from this one (one per station in a fleet). */
  fork(): Random {
    return new Random(Math.floor(this.next() * 2 ** 32));
  }
}
