import { AppError } from '../errors';
import type { Captcha } from './captcha';

const VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Google reCAPTCHA: the response token is checked with Google's verification service. */
export class RecaptchaCaptcha implements Captcha {
  readonly provider = 'recaptcha' as const;
  constructor(
    private readonly secret: string,
    private readonly verifyUrl = VERIFY_URL,
  ) {}

  async challenge(): Promise<unknown> {
    throw new AppError(404, 'NOT_FOUND', 'reCAPTCHA has no server-side challenge');
  }

  async verify(response: string, ip: string): Promise<boolean> {
    if (!response) return false;
    let res: Response;
    try {
      res = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
    } catch (err) {
      throw new AppError(503, 'CAPTCHA_UNREACHABLE', `The reCAPTCHA service cannot be reached: ${(err as Error).message}`);
    }
    if (!res.ok) throw new AppError(503, 'CAPTCHA_UNREACHABLE', `The reCAPTCHA service answered ${res.status}`);
    const body = (await res.json()) as { success?: boolean };
    return body.success === true;
  }
}
