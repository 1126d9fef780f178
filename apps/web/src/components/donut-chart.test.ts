import { describe, expect, it } from 'vitest';
import { donutArcs } from './donut-chart';

describe('donutArcs', () => {
  it('several values: each gets its share of the turn, less the gap after it', () => {
    const arcs = donutArcs([1, 1, 2], 0.01);
    expect(arcs.map(([s, l]) => [s, Number(l.toFixed(6))])).toEqual([
      [0, 0.24],
      [0.25, 0.24],
      [0.5, 0.49],
    ]);
  });

  it('a zero value draws nothing and leaves no gap; one value left fills the turn without a gap', () => {
    expect(donutArcs([0, 3, 1], 0.01).map(([s, l]) => [s, Number(l.toFixed(6))])).toEqual([
      [0, 0],
      [0, 0.74],
      [0.75, 0.24],
    ]);
    expect(donutArcs([0, 5], 0.01)).toEqual([
      [0, 0],
      [0, 1],
    ]);
  });

  it('nothing to draw: all arcs empty', () => {
    expect(donutArcs([0, 0], 0.01)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
