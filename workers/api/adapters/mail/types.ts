/** One outgoing message (plain text, optional HTML). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port (DESIGN §5). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
