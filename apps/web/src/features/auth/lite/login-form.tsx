import { useId, useRef, useState, type FormEvent } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import type { LoginRequest, LoginResponse } from '@recarga/contracts/auth';
import { Captcha, hasCaptcha } from '../../../components/captcha/captcha';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { SvgIcon } from '../../../components/svg-icon';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import type { RenderLink } from '../../../lib/render-link';
import { safeReturnPath } from '../../../lib/return-path';
import { saveSession } from '../../../lib/session';
import type { Translate } from '../../../lib/translate';
import { loginProblems, type LoginField } from './login-rules';
import { AuthHeading } from './auth-heading';

export type Notify = (kind: 'success' | 'error', text: string) => void;

/** POST /api/login/ — the answer's 401 is the call's own result, not an expired session. */
function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.request<LoginResponse>({ method: 'POST', path: 'login/', body, unauthorizedIsAnswer: true });
}

/** Message of the error catalogue for a failed login answer. */
function loginErrorKey(error: unknown): string {
  if (isApiError(error) && error.status === 401) return 'login.errors.unauthorized';
  if (isApiError(error) && error.status === 403) return 'login.errors.forbidden';
  return 'login.errors.generic';
}

interface LoginFormProps {
  /** The `auth` texts and the `common` ones (the verification widget's). */
  t: Translate;
  common: Translate;
  languageTag: string;
  link: RenderLink;
  notify: Notify;
  /** The `next` address of the login link, kept only when it is one of the app's own paths. */
  returnTo: string | null;
  /** Signed in, the session stored: open `target`. */
  onSignedIn(target: string): void;
}

/**
 * The sign-in form, in plain elements: the page that every visitor loads first carries neither
 * the component library nor the router (docs/decisions.md, 2026-11-25). Fields are checked on
 * submit and, once left, as they are typed; the submit waits for the verification.
 */
export function LoginForm({ t, common, languageTag, link, notify, returnTo, onSignedIn }: LoginFormProps) {
  const id = useId();
  const captcha = useCaptcha();
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [checked, setChecked] = useState<Record<LoginField, boolean>>({ email: false, password: false });
  const [reveal, setReveal] = useState(false);
  const [pending, setPending] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const problems = loginProblems(values);
  const shown = (field: LoginField) => (checked[field] ? problems[field] : undefined);

  const change = (field: LoginField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const leave = (field: LoginField) => {
    if (values[field]) setChecked((current) => ({ ...current, [field]: true }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked({ email: true, password: true });
    const first = (['email', 'password'] as const).find((field) => problems[field]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    if (!captcha.verified || pending) return;
    setPending(true);
    try {
      const answer = await login({ email: values.email.trim(), password: values.password, recaptchaResponse: captcha.response });
      if (!answer?.token || !answer.user?.permissions?.length) {
        notify('error', t('login.errors.forbidden'));
        captcha.reset();
        return;
      }
      saveSession(answer.token, answer.user);
      onSignedIn(safeReturnPath(returnTo) ?? '/');
    } catch (error) {
      notify('error', t(loginErrorKey(error)));
      captcha.reset();
    } finally {
      setPending(false);
    }
  };

  const field = (name: LoginField, label: string, control: React.ReactNode) => {
    const problem = shown(name);
    return (
      <div className={`field${problem ? ' field--error' : ''}`}>
        <label className="field__label field__label--required" htmlFor={`login_${name}`}>
          {label}
        </label>
        {control}
        <div className="field__problem" id={`${id}-${name}-problem`} role={problem ? 'alert' : undefined}>
          {problem ? t(problem) : null}
        </div>
      </div>
    );
  };
  const described = (name: LoginField) => (shown(name) ? `${id}-${name}-problem` : undefined);

  return (
    <>
      <AuthHeading title={t('login.title')} lead={t('login.lead')} />
      <form className="login-form" noValidate onSubmit={(event) => void submit(event)}>
        {field(
          'email',
          t('fields.email'),
          <span className="field__control">
            <SvgIcon icon={MailOutlined} className="field__prefix" />
            <input
              ref={inputs.email}
              id="login_email"
              type="email"
              autoComplete="username"
              placeholder={t('fields.emailPlaceholder')}
              maxLength={80}
              required
              aria-required="true"
              aria-invalid={shown('email') ? true : undefined}
              aria-describedby={described('email')}
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
              onBlur={() => leave('email')}
            />
          </span>,
        )}
        {field(
          'password',
          t('fields.password'),
          <span className="field__control">
            <SvgIcon icon={LockOutlined} className="field__prefix" />
            <input
              ref={inputs.password}
              id="login_password"
              type={reveal ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t('fields.passwordPlaceholder')}
              maxLength={128}
              required
              aria-required="true"
              aria-invalid={shown('password') ? true : undefined}
              aria-describedby={described('password')}
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
              onBlur={() => leave('password')}
            />
            <button
              type="button"
              className="field__reveal"
              aria-label={reveal ? t('fields.hidePassword') : t('fields.showPassword')}
              aria-pressed={reveal}
              onClick={() => setReveal((current) => !current)}
            >
              <SvgIcon icon={reveal ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          </span>,
        )}
        <div className="auth-row-end">{link('/auth/recover', t('login.forgotPassword'))}</div>
        {hasCaptcha() ? (
          <div className="field" role="group" aria-labelledby={`${id}-verification`}>
            <span className="field__label field__label--required" id={`${id}-verification`}>
              {t('fields.verification')}
            </span>
            <Captcha ref={captcha.ref} onChange={captcha.onChange} t={common} languageTag={languageTag} />
          </div>
        ) : (
          <Captcha ref={captcha.ref} onChange={captcha.onChange} t={common} languageTag={languageTag} />
        )}
        <button
          type="submit"
          className="button button--primary button--large button--block"
          disabled={!captcha.verified}
          aria-busy={pending || undefined}
        >
          {pending ? <SvgIcon icon={LoadingOutlined} spin /> : null}
          {t('login.submit')}
        </button>
      </form>
    </>
  );
}
