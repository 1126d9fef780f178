import { describe, expect, it } from 'vitest';
import { insideBounds, viewportBounds } from './map-viewport';

describe('viewportBounds', () => {
  it('pads a city view by a fifth and snaps it outward to tenths of a degree', () => {
    // Spans 0.3 × 0.4: padded by 0.06 and 0.08 to -23.76, -46.88, -23.34, -46.32; a quarter of 0.4 → step 0.1.
    expect(viewportBounds({ south: -23.7, west: -46.8, north: -23.4, east: -46.4 })).toBe('-23.8,-46.9,-23.3,-46.3');
  });

  it('asks the same question after a small pan at the same zoom', () => {
    // Moved 0.02 north-east: padded to -23.74, -46.86, -23.32, -46.30, snapped to the same tenths.
    expect(viewportBounds({ south: -23.68, west: -46.78, north: -23.38, east: -46.38 })).toBe('-23.8,-46.9,-23.3,-46.3');
  });

  it('folds a wrapped view across the antimeridian into west > east', () => {
    // Spans 10 × 20, padded to -22, 166, -8, 194; step 1; east 194 folds to -166.
    expect(viewportBounds({ south: -20, west: 170, north: -10, east: 190 })).toBe('-22,166,-8,-166');
  });

  it('a view of the whole world asks for every longitude and the latitudes up to the poles', () => {
    expect(viewportBounds({ south: -85, west: -400, north: 85, east: 400 })).toBe('-90,-180,90,180');
  });

  it('a street view keeps three decimals at most', () => {
    // Spans 0.004 × 0.006: padded to -23.5618, -46.6572, -23.5562, -46.6488; step 0.001.
    expect(viewportBounds({ south: -23.561, west: -46.656, north: -23.557, east: -46.65 })).toBe('-23.562,-46.658,-23.556,-46.648');
  });
});

describe('insideBounds', () => {
  it('tells a position inside a box from one outside it, across the antimeridian too', () => {
    expect(insideBounds('-23.8,-46.9,-23.3,-46.3', -23.56, -46.65)).toBe(true);
    expect(insideBounds('-23.8,-46.9,-23.3,-46.3', -22.9, -43.2)).toBe(false);
    expect(insideBounds('-22,166,-8,-166', -17.7, 178.4)).toBe(true);
    expect(insideBounds('-22,166,-8,-166', -17.7, -170)).toBe(true);
    expect(insideBounds('-22,166,-8,-166', -17.7, 150)).toBe(false);
    expect(insideBounds('-22,166,-8,-166', null, 170)).toBe(false);
  });
});
