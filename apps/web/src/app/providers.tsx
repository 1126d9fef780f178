import { useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import ptBR from 'antd/es/locale/pt_BR';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AppLanguage } from '../lib/languages';
import { useReducedMotion } from '../lib/reduced-motion';
import { toAntdTheme } from '../lib/theme/antd-theme';
import { BrandContext } from '../lib/theme/brand-context';
import { brandCssVars } from '../lib/theme/brand-vars';
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

/** Brand colours and design tokens as CSS variables for the hand-written surfaces (lib/theme/brand-vars.ts). */
function BrandRoot({ brand, children }: { brand: ThemeDefinition; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className={`brand-root brand-${brand.name}`} style={brandCssVars(brand, token)} data-theme={brand.name}>
      {children}
    </div>
  );
}

/** Brand, component library (tokens and locale), toasts, notices and dialogs, and the query cache. */
export function Providers({ brand, children }: { brand: ThemeDefinition; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Asked for less motion (the system setting): dialogs, menus, drawers and toasts appear without
  // zooming or sliding, and a failed submit jumps to its first error instead of scrolling there.
  const reducedMotion = useReducedMotion();
  const antdTheme = useMemo(() => {
    const base = toAntdTheme(brand);
    return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [brand, reducedMotion]);
  return (
    <BrandContext.Provider value={brand}>
      <ConfigProvider
        theme={antdTheme}
        locale={antdLocales[brand.language]}
        // Required fields carry the mark everywhere; a failed submit scrolls the first error to the
        // middle of the screen (clear of the fixed header) and focuses it.
        form={{
          requiredMark: true,
          scrollToFirstError: { behavior: reducedMotion ? 'auto' : 'smooth', block: 'center', focus: true },
        }}
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
