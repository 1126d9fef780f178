/** A map's visible box in decimal degrees; Leaflet's west and east may run past ±180 on a wrapped world. */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Each side of the box is widened by this share of its span, so a small pan stays inside the last answer. */
const PAD = 0.2;

const fold = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;

/**
 * The `bounds` the map asks `GET chargepoints` for (south,west,north,east): the visible box padded
 * by a fifth on every side, then snapped outward to a grid a quarter of its span (a power of ten),
 * so that moves within the same area ask the same question and reuse its answer. Longitudes are
 * folded into -180..180; west greater than east then crosses the antimeridian. A box of the whole
 * world's width asks for every longitude.
 */
export function viewportBounds(box: Box): string {
  const latSpan = Math.max(box.north - box.south, 0);
  const lonSpan = Math.max(box.east - box.west, 0);
  const step = 10 ** Math.min(1, Math.max(-3, Math.floor(Math.log10(Math.max(latSpan, lonSpan, 1e-9) / 4) + 1e-6)));
  const decimals = Math.max(0, -Math.round(Math.log10(step)));
  const snapDown = (v: number) => Math.floor(Math.round((v / step) * 1e6) / 1e6) * step;
  const snapUp = (v: number) => Math.ceil(Math.round((v / step) * 1e6) / 1e6) * step;
  const south = Math.max(-90, snapDown(box.south - latSpan * PAD));
  const north = Math.min(90, snapUp(box.north + latSpan * PAD));
  let west = snapDown(box.west - lonSpan * PAD);
  let east = snapUp(box.east + lonSpan * PAD);
  if (east - west >= 360) {
    west = -180;
    east = 180;
  } else {
    west = fold(west);
    east = fold(east);
    if (east === -180) east = 180;
  }
  return [south, west, north, east].map((v) => (Object.is(v, -0) ? 0 : v).toFixed(decimals)).join(',');
}

/** Whether a position lies inside `bounds` as viewportBounds writes them (the antimeridian included). */
export function insideBounds(bounds: string, latitude: number | null, longitude: number | null): boolean {
  if (latitude === null || longitude === null) return false;
  const [south, west, north, east] = bounds.split(',').map(Number) as [number, number, number, number];
  if (latitude < south || latitude > north) return false;
  return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
}
