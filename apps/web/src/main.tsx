import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { startUp } from './lib/startup';
import { getTheme } from './lib/theme/themes';

async function boot() {
  const settings = await startUp();
  const brand = getTheme(settings.theme);
  await initI18n(brand.language);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App brand={brand} />
    </StrictMode>,
  );
}

void boot();
