import fs from 'node:fs';
import path from 'node:path';
import { getTheme, type ThemeDefinition } from '@recarga/contracts/themes';
import type { MailMessage } from '../../platform/mail/mailer';
import { t } from '../../platform/i18n';

const LOGO_CID = 'brand-logo';

/** Escapes text for HTML (names come from users). */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The brand's wordmark from the built web app, attached inline; none when the app is not built. */
function logoOf(theme: ThemeDefinition, webDist: string): Buffer | null {
  const file = path.join(webDist, theme.logo.replace(/^\//, ''));
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * The recovery e-mail in the tenant's brand (name, wordmark, colours, company) and language: plain
 * text for every client and HTML with the code set large.
 */
export function recoveryMail(input: {
  to: string;
  themeName: string;
  language: string;
  name: string;
  code: string;
  minutes: number;
  webDist: string;
}): MailMessage {
  const theme = getTheme(input.themeName);
  const lang = input.language;
  const footer = t(lang, 'mail.footer', { company: theme.company.legalName, email: theme.company.email });
  const text = `${t(lang, 'mail.recovery.body', { name: input.name, code: input.code, minutes: input.minutes })}\n\n— ${theme.displayName}\n${footer}`;
  const logo = logoOf(theme, input.webDist);
  const brand = logo
    ? `<img src="cid:${LOGO_CID}" alt="${html(theme.displayName)}" height="32" style="display:block;height:32px">`
    : `<span style="font-size:20px;font-weight:700;color:${theme.palette.primary}">${html(theme.displayName)}</span>`;
  const body = `<!doctype html>
<html lang="${html(lang === 'br' ? 'pt-BR' : lang)}"><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="padding:20px 28px;border-bottom:4px solid ${theme.palette.primary}">${brand}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px;color:${theme.palette.brandDark}">${html(t(lang, 'mail.recovery.heading'))}</h1>
<p style="margin:0 0 12px">${html(t(lang, 'mail.recovery.greeting', { name: input.name }))}</p>
<p style="margin:0 0 16px">${html(t(lang, 'mail.recovery.intro'))}</p>
<p data-code style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;color:${theme.palette.primary}">${html(input.code)}</p>
<p style="margin:0;color:#52606d">${html(t(lang, 'mail.recovery.expires', { minutes: input.minutes }))}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:${theme.palette.brandDark};color:#ffffff;font-size:12px">${html(footer)}</td></tr>
</table></body></html>`;
  return {
    to: input.to,
    subject: t(lang, 'mail.recovery.subject'),
    text,
    html: body,
    attachments: logo ? [{ filename: path.basename(theme.logo), content: logo, cid: LOGO_CID, contentType: 'image/svg+xml' }] : undefined,
  };
}
