/** Human verification: every provider answers the same two questions. */
export interface Captcha {
  readonly provider: 'altcha' | 'recaptcha' | 'none';
  /** A new challenge for the browser widget (ALTCHA only). */
  challenge(): Promise<unknown>;
  /** True when the response proves a human solved the check; each response counts once. */
  verify(response: string, ip: string): Promise<boolean>;
}
