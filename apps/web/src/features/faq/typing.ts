import { CHATBOT_TYPING_LONG_MS, CHATBOT_TYPING_SHORT_MS } from '@farmacia/contract';

const between = ([min, max]: readonly [number, number], random: () => number) => min + Math.round(random() * (max - min));

/**
 * Spec §9 simulated typing: the assistant starts "typing" after a short pause (500–1500 ms) and
 * the answer appears after a longer one (2000–4000 ms), counted from the question, so a slow
 * network adds nothing when it already took that long.
 */
export function typingDelays(random: () => number = Math.random): { startTyping: number; answer: number } {
  return { startTyping: between(CHATBOT_TYPING_SHORT_MS, random), answer: between(CHATBOT_TYPING_LONG_MS, random) };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
