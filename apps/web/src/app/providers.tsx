import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import ptBR from 'antd/es/locale/pt_BR';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AppLanguage } from '../lib/languages';
import { toAntdTheme } from '../lib/theme/antd-theme';
import { BrandContext } from '../lib/theme/brand-context';
import type { ThemeDefinition } from '../lib/theme/theme-definition';
import { FeedbackProvider } from './feedback/feedback-provider';
import { createQueryClient } from './query-client';

const antdLocales: Record<AppLanguage, Locale> = {
  br: ptBR,
  en: enUS,
  'es-CO': esES,
  'es-EC': esES,
  'es-UY': esES,
};

/**
 * Exposes brand colours and design tokens as CSS variables for the few hand-written surfaces
 * (brand panel, shell frame, cookie bar), so the stylesheet never hard-codes a colour.
 */
function BrandRoot({ brand, children }: { brand: ThemeDefinition; children: ReactNode }) {
  const { token } = theme.useToken();
  const vars = {
    '--brand-primary': brand.palette.primary,
    '--brand-dark': brand.palette.brandDark,
    '--brand-accent': brand.palette.accent,
    '--color-primary-bg': token.colorPrimaryBg,
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
  return (
    <div className={`brand-root brand-${brand.name}`} style={vars} data-theme={brand.name}>
      {children}
    </div>
  );
}

/** Brand, component library (tokens and locale), toasts, notices and dialogs, and the query cache. */
export function Providers({ brand, children }: { brand: ThemeDefinition; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const antdTheme = useMemo(() => toAntdTheme(brand), [brand]);
  return (
    <BrandContext.Provider value={brand}>
      <ConfigProvider
        theme={antdTheme}
        locale={antdLocales[brand.language]}
        // Required fields carry the mark everywhere; a failed submit scrolls the first error to the
        // middle of the screen (clear of the fixed header) and focuses it.
        form={{ requiredMark: true, scrollToFirstError: { behavior: 'smooth', block: 'center', focus: true } }}
      >
        <FeedbackProvider>
          <QueryClientProvider client={queryClient}>
            <BrandRoot brand={brand}>{children}</BrandRoot>
          </QueryClientProvider>
        </FeedbackProvider>
      </ConfigProvider>
    </BrandContext.Provider>
  );
}
