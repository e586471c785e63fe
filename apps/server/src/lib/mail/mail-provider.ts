import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. Every message is also written to the outbox by the caller, whatever the provider. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** The default: the outbox row and the log are the delivery, so the demo works with no mail server. */
export function createOutboxMailProvider(log: (message: MailMessage) => void): MailProvider {
  return {
    name: 'outbox',
    async send(message) {
      log(message);
    },
  };
}

/** Real delivery through an SMTP server (nodemailer). */
export function createSmtpMailProvider(url: string, from: string): MailProvider & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transport.close();
    },
  };
}
