/** Sends one text message; rejects when the message could not be handed over. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}
