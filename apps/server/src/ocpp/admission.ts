/** A station message left unhandled: its socket closed while the node shuts down (the station sends it again). */
export class Abandoned extends Error {
  constructor() {
    super('The central system is shutting down');
  }
}

/**
 * Station messages that write outside the write batcher (StartTransaction, StopTransaction,
 * Authorize…) take a turn here, at most `limit` at once, the others waiting in arrival order. The
 * queue is the node's own, not the connection pool's: when it leaves, a message still waiting whose
 * socket is gone is dropped at its turn (`abandoned`) instead of being written with nobody to answer.
 * A fleet that stops 20,000 recharges at once and disconnects kept a closing node writing them for
 * half a minute.
 */
export class Admission<T> {
  private running = 0;
  private waiting: { item: T; resolve: () => void; reject: (err: Error) => void }[] = [];
  private head = 0;

  constructor(
    private readonly limit: number,
    private readonly abandoned: (item: T) => boolean,
  ) {}

  /** Resolves when `item` may run (call `leave` after); rejects with Abandoned when it is dropped. */
  enter(item: T): Promise<void> {
    if (this.running < this.limit && this.head === this.waiting.length) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiting.push({ item, resolve, reject }));
  }

  /** Ends a turn: the next waiting messages run, and those abandoned before it are dropped on the way. */
  leave() {
    this.running--;
    this.next();
  }

  /** Messages waiting their turn. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  private next() {
    while (this.running < this.limit && this.head < this.waiting.length) {
      const w = this.waiting[this.head++]!;
      if (this.abandoned(w.item)) {
        w.reject(new Abandoned());
        continue;
      }
      this.running++;
      w.resolve();
    }
    // The queue is an array read from `head`; it is cut back once read through, or half read.
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
  }
}
