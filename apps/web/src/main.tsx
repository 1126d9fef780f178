import './app/base.css';
import { startUp } from './lib/startup';
import { getSession } from './lib/session';

/**
 * Two ways in. Signed out on the sign-in page, the page loads alone: no component library, router
 * or i18next (it is most visitors' first page, and budgets hold it light); it starts the app once
 * signed in. Anywhere else, the app. Both downloads start at once, beside the start-up request.
 */
const signingIn = /^\/auth\/login\/?$/.test(window.location.pathname) && !getSession();
const loginPage = signingIn ? import('./app/login-entry') : null;
const app = signingIn ? null : import('./app/boot');

async function boot() {
  const { brand } = await startUp();
  const root = document.getElementById('root')!;
  if (loginPage) await (await loginPage).showLoginPage(brand, root);
  else await (await app!).bootApp(brand, root);
}

void boot();
