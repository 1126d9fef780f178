import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';
import type { ThemeDefinition } from './theme-definition';

type NeutralToken =
  | 'colorBgContainer'
  | 'colorBgLayout'
  | 'colorBorder'
  | 'colorBorderSecondary'
  | 'colorText'
  | 'colorTextSecondary'
  | 'colorTextDescription'
  | 'colorTextHeading'
  | 'colorErrorText'
  | 'colorTextLightSolid'
  | 'colorFillTertiary'
  | 'colorError'
  | 'colorWarning'
  | 'colorSuccess'
  | 'colorInfo'
  | 'boxShadowSecondary'
  | 'boxShadowTertiary'
  | 'borderRadius'
  | 'borderRadiusLG'
  | 'fontFamily'
  | 'fontSize'
  | 'fontSizeLG'
  | 'fontSizeSM'
  | 'lineHeight'
  | 'fontSizeHeading2'
  | 'lineHeightHeading2'
  | 'fontWeightStrong';

/**
 * The design tokens that are the same for every brand, as the component library computes them from
 * `toAntdTheme` (brand-vars.test.ts keeps the two equal): the sign-in page, which loads without the
 * library, themes itself with these.
 */
export const neutralTokens: Pick<GlobalToken, NeutralToken> = {
  colorBgContainer: '#ffffff',
  colorBgLayout: '#f3f5f7',
  colorBorder: '#d9d9d9',
  colorBorderSecondary: '#f0f0f0',
  colorText: 'rgba(0,0,0,0.88)',
  colorTextSecondary: 'rgba(0,0,0,0.65)',
  colorTextDescription: 'rgba(0,0,0,0.45)',
  colorTextHeading: 'rgba(0,0,0,0.88)',
  colorErrorText: '#dc2626',
  colorTextLightSolid: '#fff',
  colorFillTertiary: 'rgba(0,0,0,0.04)',
  colorError: '#dc2626',
  colorWarning: '#d97706',
  colorSuccess: '#16a34a',
  colorInfo: '#2563eb',
  boxShadowSecondary: '0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)',
  boxShadowTertiary: '0 1px 2px 0 rgba(0,0,0,0.05), 0 1px 6px -1px rgba(0,0,0,0.03), 0 2px 4px 0 rgba(0,0,0,0.03)',
  borderRadius: 8,
  borderRadiusLG: 12,
  fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif",
  fontSize: 14,
  fontSizeLG: 16,
  fontSizeSM: 12,
  lineHeight: 1.5714285714285714,
  fontSizeHeading2: 30,
  lineHeightHeading2: 1.2666666666666666,
  fontWeightStrong: 600,
};

/**
 * Brand colours and design tokens as CSS variables for the hand-written surfaces (brand panel,
 * sign-in form, shell frame, cookie bar), so that no stylesheet names a colour of its own. The
 * brand-tinted background (`colorPrimaryBg`) exists only where the component library computed it.
 */
export function brandCssVars(
  brand: ThemeDefinition,
  token: Pick<GlobalToken, NeutralToken> & Partial<Pick<GlobalToken, 'colorPrimaryBg'>>,
): CSSProperties {
  return {
    '--brand-primary': brand.palette.primary,
    '--brand-dark': brand.palette.brandDark,
    '--brand-accent': brand.palette.accent,
    // An uploaded logo (set in /config) is one image for every surface: on the dark brand panels it sits on a light plate.
    ...(brand.logo === brand.logoLight ? { '--brand-logo-plate': token.colorBgContainer, '--brand-logo-plate-padding': '6px 10px' } : {}),
    ...(token.colorPrimaryBg ? { '--color-primary-bg': token.colorPrimaryBg } : {}),
    '--color-bg-container': token.colorBgContainer,
    '--color-bg-layout': token.colorBgLayout,
    '--color-border': token.colorBorder,
    '--color-border-secondary': token.colorBorderSecondary,
    '--color-text': token.colorText,
    '--color-text-secondary': token.colorTextSecondary,
    '--color-text-description': token.colorTextDescription,
    '--color-text-heading': token.colorTextHeading,
    '--color-error-text': token.colorErrorText,
    '--color-text-light': token.colorTextLightSolid,
    '--color-fill': token.colorFillTertiary,
    '--color-error': token.colorError,
    '--color-warning': token.colorWarning,
    '--color-success': token.colorSuccess,
    '--color-info': token.colorInfo,
    '--shadow': token.boxShadowSecondary,
    '--shadow-tertiary': token.boxShadowTertiary,
    '--radius': `${token.borderRadius}px`,
    '--radius-lg': `${token.borderRadiusLG}px`,
    '--font-family': token.fontFamily,
    '--font-size': `${token.fontSize}px`,
    '--font-size-lg': `${token.fontSizeLG}px`,
    '--font-size-sm': `${token.fontSizeSM}px`,
    '--line-height': String(token.lineHeight),
    '--font-size-heading-2': `${token.fontSizeHeading2}px`,
    '--line-height-heading-2': String(token.lineHeightHeading2),
    '--font-weight-strong': String(token.fontWeightStrong),
  } as CSSProperties;
}
