import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the support mail: the sender). Both adapters hand it to nodemailer as is. */
  replyTo?: { name: string; address: string };
  /** Files sent with the message; `cid` ones are shown inside the HTML (`<img src="cid:…">`). */
  attachments?: { filename: string; content: Buffer; cid?: string; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Without MAIL_URL: each message is written as an .eml file under DATA_DIR/mail and logged. */
export class FileMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage) {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to file (MAIL_URL not set)');
  }
}

/** SMTP delivery through MAIL_URL. A failure to reach the server is reported, never hidden. */
export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage) {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
