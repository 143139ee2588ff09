import { type ChatReply, chatReplies } from '@farmacia/contract';
import { api } from '../../lib/api-client';

/**
 * `GET /chatbot?message=` (spec §7): the answer may be text, an object, a list or anything else;
 * `chatReplies` turns any of them into bubbles, the failure reply when nothing is usable (§8).
 */
export async function askAssistant(message: string): Promise<ChatReply[]> {
  const answer = await api<unknown>(`/chatbot?message=${encodeURIComponent(message)}`);
  return chatReplies(answer);
}
