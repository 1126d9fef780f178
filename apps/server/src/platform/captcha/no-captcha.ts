import type { Captcha } from './captcha';

/** CAPTCHA_PROVIDER=none, for development and tests: every check passes. */
export class NoCaptcha implements Captcha {
  readonly provider = 'none' as const;
  async challenge() {
    return null;
  }
  async verify() {
    return true;
  }
}
