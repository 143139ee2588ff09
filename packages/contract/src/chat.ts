import { z } from 'zod';
import { fillMessage } from './common/messages.js';
import { chatMessages, validationMessages } from './common/message-groups.js';
import { filledText } from './common/text.js';

/**
 * Virtual assistant (spec §2 FAQ, §3 Chat reply, §7 `GET /chatbot?message`, §8 failure reply).
 */

/** Longest message accepted. */
export const CHAT_MESSAGE_MAX_LENGTH = 500;

/** `GET /chatbot?message=`: the customer's question, trimmed, 1–500 characters. */
export const ChatQuerySchema = z.object({
  message: filledText(chatMessages.messageRequired, { multiline: true })
    .max(CHAT_MESSAGE_MAX_LENGTH, fillMessage(validationMessages.maxLength, { max: CHAT_MESSAGE_MAX_LENGTH })),
});
export type ChatQuery = z.input<typeof ChatQuerySchema>;

/** A button under a reply: its text, and the app path or URL it opens (or the text to send). */
export const ChatButtonSchema = z.object({
  label: z.string(),
  link: z.string().nullable(),
});
export type ChatButton = z.infer<typeof ChatButtonSchema>;

/**
 * One reply of the assistant (spec §3): the text, an optional link with its text, suggested
 * follow-up questions, and buttons.
 */
export const ChatReplySchema = z.object({
  response: z.string(),
  link: z.string().nullable(),
  textLink: z.string().nullable(),
  suggestions: z.array(z.string()),
  buttons: z.array(ChatButtonSchema),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

/** What our server answers: `{ data: ChatReply[] }` (one or more bubbles). */
export const ChatResponseSchema = z.object({ data: z.array(ChatReplySchema) });
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** The spec's failure reply as a bubble. */
export const CHAT_FAILURE_REPLY: ChatReply = {
  response: chatMessages.failure,
  link: null,
  textLink: null,
  suggestions: [],
  buttons: [],
};

/**
 * Spec §7: the answer may be text, an object with response/link/textLink/suggestions, a list of
 * these, or anything else ("the original"). Turns any of them into bubbles; nothing usable gives
 * the failure reply (spec §8).
 */
export function chatReplies(answer: unknown): ChatReply[] {
  const body = isRecord(answer) && 'data' in answer ? answer.data : answer;
  const items = Array.isArray(body) ? body : [body];
  const replies = items.map(toReply).filter((r): r is ChatReply => r !== undefined);
  return replies.length > 0 ? replies : [CHAT_FAILURE_REPLY];
}

function toReply(item: unknown): ChatReply | undefined {
  if (typeof item === 'string') return item.trim() === '' ? undefined : { ...CHAT_FAILURE_REPLY, response: item };
  if (!isRecord(item) || typeof item.response !== 'string' || item.response.trim() === '') return undefined;
  return {
    response: item.response,
    link: typeof item.link === 'string' ? item.link : null,
    textLink: typeof item.textLink === 'string' ? item.textLink : null,
    suggestions: Array.isArray(item.suggestions) ? item.suggestions.filter((s): s is string => typeof s === 'string') : [],
    buttons: Array.isArray(item.buttons)
      ? item.buttons.flatMap((b): ChatButton[] =>
          isRecord(b) && typeof b.label === 'string' ? [{ label: b.label, link: typeof b.link === 'string' ? b.link : null }] : [],
        )
      : [],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
