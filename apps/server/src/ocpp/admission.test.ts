import { describe, expect, it } from 'vitest';
import { Abandoned, Admission } from './admission';

describe('admission of station messages that write outside the batcher', () => {
  const settle = () => new Promise((r) => setImmediate(r));

  it('at most `limit` at once, the others in arrival order as each one leaves', async () => {
    const admission = new Admission<string>(2, () => false);
    const order: string[] = [];
    const enter = (id: string) => admission.enter(id).then(() => order.push(id));

    void enter('a');
    void enter('b');
    void enter('c');
    void enter('d');
    await settle();
    expect(order).toEqual(['a', 'b']);
    expect(admission.queued).toBe(2);

    admission.leave();
    await settle();
    expect(order).toEqual(['a', 'b', 'c']);
    admission.leave();
    admission.leave();
    await settle();
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(admission.queued).toBe(0);
  });

  it('a waiting message abandoned by its turn is dropped (Abandoned), the next one runs in its place', async () => {
    const gone = new Set<string>();
    const admission = new Admission<string>(1, (id) => gone.has(id));
    const outcome: string[] = [];
    const enter = (id: string) =>
      admission.enter(id).then(
        () => outcome.push(`${id} runs`),
        (err: unknown) => outcome.push(`${id} ${err instanceof Abandoned ? 'dropped' : 'failed'}`),
      );

    void enter('a');
    void enter('b');
    void enter('c');
    await settle();
    gone.add('b');
    admission.leave();
    await settle();

    expect(outcome).toEqual(['a runs', 'b dropped', 'c runs']);
  });

  it('a turn ending drops, in one pass, every waiting message abandoned before the next live one', async () => {
    const gone = new Set<number>();
    const admission = new Admission<number>(1, (n) => gone.has(n));
    const dropped: number[] = [];
    const ran: number[] = [];
    for (let n = 0; n < 3000; n++)
      void admission.enter(n).then(
        () => ran.push(n),
        () => dropped.push(n),
      );
    await settle();
    // 0 runs; of the 2,999 waiting, every socket but 2999's closes.
    for (let n = 1; n < 2999; n++) gone.add(n);

    admission.leave();
    await settle();

    expect(dropped.length).toBe(2998);
    expect(ran).toEqual([0, 2999]);
    expect(admission.queued).toBe(0);
  });
});
