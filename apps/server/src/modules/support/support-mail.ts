import type { SupportSubject } from '@recarga/contracts/support';
import type { MailMessage } from '../../platform/mail/mailer';

/** A mail that always has a Reply-To (the sender). */
export type SupportMail = MailMessage & { replyTo: NonNullable<MailMessage['replyTo']> };

type Language = 'br' | 'en' | 'es';

const texts: Record<Language, { subjects: Record<SupportSubject, string>; tag: string; contact: string; labels: string[] }> = {
  br: {
    subjects: { general: 'Geral', complaint: 'Reclamação', suggestion: 'Sugestão' },
    tag: 'Suporte',
    contact: 'Contato',
    labels: ['Assunto', 'Remetente', 'E-mail', 'Telefone', 'Rede', 'Usuário', 'Enviado em', 'Mensagem'],
  },
  en: {
    subjects: { general: 'General', complaint: 'Complaint', suggestion: 'Suggestion' },
    tag: 'Support',
    contact: 'Contact',
    labels: ['Subject', 'Sender', 'E-mail', 'Phone', 'Network', 'User', 'Sent at', 'Message'],
  },
  es: {
    subjects: { general: 'General', complaint: 'Queja', suggestion: 'Sugerencia' },
    tag: 'Soporte',
    contact: 'Contacto',
    labels: ['Asunto', 'Remitente', 'Correo', 'Teléfono', 'Red', 'Usuario', 'Enviado el', 'Mensaje'],
  },
};

const languageOf = (tenantLanguage: string): Language => (tenantLanguage === 'en' ? 'en' : tenantLanguage.startsWith('es') ? 'es' : 'br');

export interface SupportMailInput {
  to: string;
  origin: 'dashboard' | 'contact';
  subject: SupportSubject;
  message: string;
  sender: { name: string; email: string; phone?: string | null; userPk?: number | null };
  tenant: { name: string; alias: string; language: string };
  at: Date;
}

/**
 * The support mail in the tenant's language: the subject names the kind and the network, the body
 * the sender (name, e-mail, phone, network, user id) and the message; replies go to the sender.
 */
export function supportMail(input: SupportMailInput): SupportMail {
  const t = texts[languageOf(input.tenant.language)];
  const [subjectL, senderL, emailL, phoneL, networkL, userL, atL, messageL] = t.labels as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const kind = input.origin === 'contact' ? t.contact : t.tag;
  const lines = [
    `${subjectL}: ${t.subjects[input.subject]}`,
    `${senderL}: ${input.sender.name}`,
    `${emailL}: ${input.sender.email}`,
    ...(input.sender.phone ? [`${phoneL}: ${input.sender.phone}`] : []),
    `${networkL}: ${input.tenant.name} (${input.tenant.alias})`,
    ...(input.sender.userPk ? [`${userL}: #${input.sender.userPk}`] : []),
    `${atL}: ${input.at.toISOString()}`,
    '',
    `${messageL}:`,
    input.message,
  ];
  return {
    to: input.to,
    subject: `[${kind}] ${t.subjects[input.subject]} — ${input.tenant.name}`,
    text: lines.join('\n'),
    replyTo: { name: input.sender.name, address: input.sender.email },
  };
}
