import type { Translate } from '../../lib/translate';

/** What a verification widget reports: verified or not, and the value sent as `recaptchaResponse`. */
export interface CaptchaResult {
  verified: boolean;
  response: string;
}

export interface CaptchaHandle {
  /** Starts a new verification (after a failed submit, or a used one-time solution). */
  reset(): void;
}

export interface CaptchaWidgetProps {
  onChange(result: CaptchaResult): void;
  ref?: React.Ref<CaptchaHandle>;
  /**
   * The `common` texts (`captcha.*`) and the BCP-47 tag of the interface language: given, not read
   * from i18next, so that the sign-in page can use the widget without it.
   */
  t: Translate;
  languageTag: string;
}
