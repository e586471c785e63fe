export interface SmsMessage {
  /** E.164 without spaces, e.g. +821012345678. */
  to: string;
  text: string;
}

/** Sends SMS. Every message is also written to the outbox by the caller, whatever the provider. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default: the outbox row and the log are the delivery, so the demo works with no SMS gateway.
 * A gateway provider implements the same interface.
 */
export function createOutboxSmsProvider(log: (message: SmsMessage) => void): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      log(message);
    },
  };
}
