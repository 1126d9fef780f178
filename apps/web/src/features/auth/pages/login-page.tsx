import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { routerLink } from '../../../components/router-link';
import { returnParam } from '../../../lib/return-path';
import { useFeedback } from '../../../lib/use-feedback';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useTranslate } from '../../../lib/use-translate';
import { LoginForm } from '../lite/login-form';

/**
 * The sign-in form inside the app, where a signed-in user lands after signing out or when the
 * session ends: the same form as the page that loads alone, with the app's toasts and router.
 */
export function LoginPage() {
  const t = useTranslate('auth');
  const common = useTranslate('common');
  const languageTag = useLanguageTag();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();

  return (
    <LoginForm
      t={t}
      common={common}
      languageTag={languageTag}
      link={routerLink}
      notify={(kind, text) => void message[kind](text)}
      returnTo={params.get(returnParam)}
      onSignedIn={(target) => {
        queryClient.clear();
        message.success(t('login.success'));
        navigate(target, { replace: true });
      }}
    />
  );
}
