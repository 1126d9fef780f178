import { createElement, type ReactNode } from 'react';

/**
 * How a screen that also loads without the router draws a link: the router's `<Link>` inside the
 * app, a plain anchor on the sign-in page (its next page loads the app anyway).
 */
export type RenderLink = (to: string, children: ReactNode) => ReactNode;

export const plainLink: RenderLink = (to, children) => createElement('a', { href: to }, children);
