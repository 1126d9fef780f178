/** What a route carries for the frame around it (router.tsx). */
export interface RouteHandle {
  /** Key in the `shell` namespace naming the page in the document title. */
  titleKey: string;
  /** The catch-all route: no screen has this address. */
  unknownPath?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}
