import { useMemo, type CSSProperties } from 'react';
import { theme } from 'antd';
import { brandCssVars } from './brand-vars';
import { useBrand } from './brand-context';

/**
 * The brand's CSS variables for what the component library renders outside the page (the drawer
 * and the dialogs are portals into <body>, out of reach of the variables BrandRoot sets).
 */
export function usePortalVars(): CSSProperties {
  const brand = useBrand();
  const { token } = theme.useToken();
  return useMemo(() => brandCssVars(brand, token), [brand, token]);
}
