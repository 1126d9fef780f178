import { Link } from 'react-router';
import type { RenderLink } from '../lib/render-link';

/** Links of the components shared with the sign-in page, inside the app: the router's. */
export const routerLink: RenderLink = (to, children) => <Link to={to}>{children}</Link>;
