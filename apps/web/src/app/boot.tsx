import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import type { ThemeDefinition } from '../lib/theme/theme-definition';
import { App } from './app';

/** Starts the app (texts, component library, router) in `container`, for this brand. */
export async function bootApp(brand: ThemeDefinition, container: HTMLElement): Promise<void> {
  await initI18n(brand.language);
  createRoot(container).render(
    <StrictMode>
      <App brand={brand} />
    </StrictMode>,
  );
}
