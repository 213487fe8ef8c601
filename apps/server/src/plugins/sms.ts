import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

interface SmsMessage {
  phone: string;
  text: string;
  at: Date;
}

/** The SMS gateway is the edge of the world: one adapter per provider. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
  /** Messages sent by this process, newest last (offline provider only; tests and demos read codes here). */
  readonly sent: SmsMessage[];
}

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/**
 * Default offline provider. The text (with its code) goes to `DATA_DIR/sms-outbox.log`, never to the
 * server log, which only says that a message went out.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly sent: SmsMessage[] = [];

  constructor(
    private readonly dataDir: string | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const msg = { phone, text, at: new Date() };
    this.sent.push(msg);
    if (this.sent.length > 1000) this.sent.shift();
    if (this.dataDir) {
      await mkdir(this.dataDir, { recursive: true });
      await appendFile(join(this.dataDir, 'sms-outbox.log'), `${msg.at.toISOString()} ${phone} ${text}\n`);
    }
    this.log.info({ to: maskPhone(phone) }, 'sms sent (offline provider: see DATA_DIR/sms-outbox.log)');
  }
}
