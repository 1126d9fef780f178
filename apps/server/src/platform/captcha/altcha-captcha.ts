import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/db';
import type { Captcha } from './captcha';

const CHALLENGE_TTL_MS = 10 * 60_000;

/** Self-hosted proof-of-work captcha (ALTCHA). Solutions are remembered until they expire. */
export class AltchaCaptcha implements Captcha {
  readonly provider = 'altcha' as const;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly hmacKey: string,
    private readonly maxNumber: number,
  ) {}

  challenge() {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.maxNumber,
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  async verify(response: string): Promise<boolean> {
    if (!response) return false;
    let payload: { signature?: string };
    try {
      payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (!payload?.signature || !(await verifySolution(response, this.hmacKey, true).catch(() => false))) return false;
    const now = new Date();
    await this.db.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute();
    const inserted = await this.db
      .insertInto('captcha_solutions')
      .values({ signature: payload.signature, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
