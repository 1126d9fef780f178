import { createContext, useContext } from 'react';
import type { ThemeDefinition } from './theme-definition';
import { themes } from './themes';

export const BrandContext = createContext<ThemeDefinition>(themes.move);

/** The active tenant brand (logo, palette, country, money, features). */
export function useBrand(): ThemeDefinition {
  return useContext(BrandContext);
}
