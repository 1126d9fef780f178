import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recoveryMail } from './recovery-mail';

describe('the recovery e-mail', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-mail-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const mail = (webDist: string, name = 'Ana') =>
    recoveryMail({ to: 'ana@sol.com.br', themeName: 'sol', language: 'br', name, code: '042917', minutes: 15, webDist });

  it('with the web app built: the brand wordmark attached inline and shown by its cid', () => {
    fs.mkdirSync(path.join(dist, 'themes/sol'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'themes/sol/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

    const m = mail(dist);

    expect(m.attachments).toEqual([
      {
        filename: 'logo.svg',
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        cid: 'brand-logo',
        contentType: 'image/svg+xml',
      },
    ]);
    expect(m.html).toContain('<img src="cid:brand-logo" alt="Sol"');
    expect(m.html).toContain('#d9480f');
    expect(m.subject).toBe('Seu código de recuperação de senha');
    expect(m.text).toContain('Seu código para redefinir a senha é: 042917');
  });

  it('without the built app: the brand name in its colour instead of the wordmark', () => {
    const m = mail(path.join(dist, 'missing'));

    expect(m.attachments).toBeUndefined();
    expect(m.html).toContain('<span style="font-size:20px;font-weight:700;color:#d9480f">Sol</span>');
  });

  it('a name with markup: escaped in the HTML', () => {
    expect(mail(dist, '<b>Ana</b>').html).toContain('Olá, &#60;b&#62;Ana&#60;/b&#62;.');
  });
});
