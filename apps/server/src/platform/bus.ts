/**
 * Messaging between nodes: publish/subscribe and request/reply with NATS-style subjects
 * (`a.b.c`, wildcards `*` for one token and `>` for the rest). In-process by default; the NATS
 * adapter implements the same interface for a cluster.
 */
export interface Bus {
  publish(subject: string, data: unknown): void;
  subscribe(subject: string, handler: (data: unknown, subject: string) => void): () => void;
  /** Answers requests on a subject (one responder per subject per node). */
  respond(subject: string, handler: (data: unknown) => Promise<unknown>): () => void;
  /** Sends a request and awaits the reply; rejects with BusTimeoutError or BusNoResponderError. */
  request(subject: string, data: unknown, timeoutMs: number): Promise<unknown>;
  close(): Promise<void>;
}

export class BusNoResponderError extends Error {
  constructor(subject: string) {
    super(`no responder for ${subject}`);
  }
}
export class BusTimeoutError extends Error {
  constructor(subject: string, ms: number) {
    super(`no reply on ${subject} within ${ms} ms`);
  }
}

function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

export class InProcessBus implements Bus {
  private readonly subs = new Set<{ pattern: string; handler: (data: unknown, subject: string) => void }>();
  private readonly responders = new Map<string, (data: unknown) => Promise<unknown>>();

  publish(subject: string, data: unknown) {
    for (const sub of this.subs) {
      if (!subjectMatches(sub.pattern, subject)) continue;
      // Delivered asynchronously, like a broker: a slow subscriber never blocks the publisher.
      queueMicrotask(() => {
        try {
          sub.handler(data, subject);
        } catch {
          /* a subscriber's failure is its own */
        }
      });
    }
  }

  subscribe(pattern: string, handler: (data: unknown, subject: string) => void) {
    const sub = { pattern, handler };
    this.subs.add(sub);
    return () => void this.subs.delete(sub);
  }

  respond(subject: string, handler: (data: unknown) => Promise<unknown>) {
    this.responders.set(subject, handler);
    return () => {
      if (this.responders.get(subject) === handler) this.responders.delete(subject);
    };
  }

  async request(subject: string, data: unknown, timeoutMs: number) {
    const handler = this.responders.get(subject);
    if (!handler) throw new BusNoResponderError(subject);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        handler(data),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new BusTimeoutError(subject, timeoutMs)), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close() {
    this.subs.clear();
    this.responders.clear();
  }
}
