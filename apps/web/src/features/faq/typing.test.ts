import { describe, expect, it } from 'vitest';
import { typingDelays } from './typing';

describe('typingDelays (spec §9)', () => {
  it('starts typing within 500–1500 ms and answers within 2000–4000 ms', () => {
    expect(typingDelays(() => 0)).toEqual({ startTyping: 500, answer: 2000 });
    expect(typingDelays(() => 1)).toEqual({ startTyping: 1500, answer: 4000 });
    const { startTyping, answer } = typingDelays(() => 0.5);
    expect(startTyping).toBe(1000);
    expect(answer).toBe(3000);
  });
});
