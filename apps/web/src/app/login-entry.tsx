import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { CookieBar } from './layout/cookie-bar';
import { languageTag } from '../lib/languages';
import { plainLink } from '../lib/render-link';
import { announceSignIn } from '../lib/sign-in-notice';
import { brandCssVars, neutralTokens } from '../lib/theme/brand-vars';
import type { ThemeDefinition } from '../lib/theme/theme-definition';
import { createTranslate, type Translate } from '../lib/translate';
import { AuthFrame } from '../features/auth/lite/auth-frame';
import { LoginForm } from '../features/auth/lite/login-form';
import { loadLoginTexts } from '../features/auth/lite/login-texts';
import { useToasts } from '../features/auth/lite/toasts';

interface LoginScreenProps {
  brand: ThemeDefinition;
  texts: { auth: Translate; common: Translate; shell: Translate };
  onSignedIn(target: string): void;
}

/** The sign-in page as it loads alone: brand frame, form, toasts and cookie bar, themed by CSS variables. */
function LoginScreen({ brand, texts, onSignedIn }: LoginScreenProps) {
  const { notify, holder } = useToasts();
  const tag = languageTag(brand.language);
  useEffect(() => {
    document.title = `${texts.shell('titles.login')} — ${brand.displayName}`;
  }, [texts, brand.displayName]);
  return (
    <div className={`brand-root brand-${brand.name}`} style={brandCssVars(brand, neutralTokens)} data-theme={brand.name}>
      <a className="skip-link" href="#main-content">
        {texts.shell('skipToContent')}
      </a>
      <AuthFrame t={texts.auth} brand={brand} link={plainLink}>
        <LoginForm
          t={texts.auth}
          common={texts.common}
          languageTag={tag}
          link={plainLink}
          notify={notify}
          returnTo={new URLSearchParams(window.location.search).get('next')}
          onSignedIn={onSignedIn}
        />
      </AuthFrame>
      {holder}
      <CookieBar t={texts.shell} link={plainLink} />
    </div>
  );
}

let appModule: Promise<typeof import('./boot')> | null = null;
/** The app's code, fetched once: at the visitor's first interaction, or at the sign-in at the latest. */
export function loadApp() {
  appModule ??= import('./boot');
  return appModule;
}

/**
 * What the visitor does first on the page (a key, a tap, a click): a sign-in is likely, so the app's
 * code is fetched meanwhile. Never during the load itself (issue 40 item 20): the page is idle with
 * its own code only, and a verification that completes alone (no captcha) or a password manager's
 * filling is not an interaction. Focus is not counted either: the page may move it by itself.
 */
const firstInteraction = ['pointerdown', 'keydown'] as const;
function prefetchAppAtFirstInteraction(target: EventTarget) {
  const start = () => {
    for (const type of firstInteraction) target.removeEventListener(type, start, true);
    void loadApp();
  };
  for (const type of firstInteraction) target.addEventListener(type, start, { capture: true, passive: true });
}

/** Shows the sign-in page in `container`; once signed in, opens the target address in the app. */
export async function showLoginPage(brand: ThemeDefinition, container: HTMLElement): Promise<void> {
  const loaded = await loadLoginTexts(brand.language);
  const texts = { auth: createTranslate(loaded.auth), common: createTranslate(loaded.common), shell: createTranslate(loaded.shell) };
  document.documentElement.lang = languageTag(brand.language);
  const root = createRoot(container);
  prefetchAppAtFirstInteraction(window);
  const onSignedIn = (target: string) => {
    void loadApp().then(async ({ bootApp }) => {
      announceSignIn();
      window.history.replaceState(null, '', target);
      root.unmount();
      await bootApp(brand, container);
    });
  };
  root.render(
    <StrictMode>
      <LoginScreen brand={brand} texts={texts} onSignedIn={onSignedIn} />
    </StrictMode>,
  );
}
