import { type ChatReply, chatMessages } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { askAssistant } from './chat-api';
import { sleep, typingDelays } from './typing';

interface Bubble {
  id: number;
  from: 'user' | 'assistant';
  reply: ChatReply;
}

const STARTERS = ['Quali sono gli orari?', 'Chi è di turno oggi?', 'Avete la tachipirina?', 'Come prenoto un servizio?'];

let nextId = 1;
const userBubble = (text: string): Bubble => ({
  id: nextId++,
  from: 'user',
  reply: { response: text, link: null, textLink: null, suggestions: [], buttons: [] },
});

/** An app path opens in the app; tel:, mailto: and web addresses open outside it. */
function ChatLink({ to, children, className }: { to: string; children: string; className?: string }) {
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link to={to as '/'} className={className}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(to);
  return (
    <a href={to} className={className} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

/**
 * The virtual assistant (spec §2 FAQ, §3 Chat reply): the customer's questions and the replies
 * with their link, buttons and suggested questions; replies appear after the simulated typing
 * delays of spec §9, announced to screen readers through a live region.
 */
export function AssistantChat() {
  const [bubbles, setBubbles] = useState<Bubble[]>([
    { id: 0, from: 'assistant', reply: { response: chatMessages.welcome, link: null, textLink: null, suggestions: STARTERS, buttons: [] } },
  ]);
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const end = useRef<HTMLDivElement>(null);

  // Keep the newest bubble (or the typing dots) in view.
  useEffect(() => {
    if (bubbles.length > 0 || typing) end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [bubbles, typing]);

  const send = async (message: string) => {
    const question = message.trim();
    if (!question || busy) return;
    setError(undefined);
    setText('');
    setBusy(true);
    setBubbles((list) => [...list, userBubble(question)]);
    const delays = typingDelays();
    const asked = Date.now();
    const answer = askAssistant(question).catch((e: unknown) => e);
    await sleep(delays.startTyping);
    setTyping(true);
    const result = await answer;
    await sleep(delays.answer - (Date.now() - asked));
    setTyping(false);
    if (Array.isArray(result)) {
      for (const [i, reply] of (result as ChatReply[]).entries()) {
        if (i > 0) await sleep(delays.startTyping);
        setBubbles((list) => [...list, { id: nextId++, from: 'assistant', reply }]);
      }
    } else if (isApiError(result) && result.status !== 0) {
      setError(result.status === 422 ? (Object.values(result.errors)[0]?.at(-1) ?? result.message) : result.message);
    }
    setBusy(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(chatMessages.messageRequired);
      return;
    }
    void send(text);
  };

  const last = bubbles.at(-1);
  return (
    <section className="card chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{chatMessages.assistantTitle}</h2>
      <div className="chat__log" role="log" aria-live="polite" aria-relevant="additions">
        {bubbles.map((b) => (
          <div key={b.id} className={`chat__bubble chat__bubble--${b.from}`}>
            <span className="visually-hidden">{b.from === 'user' ? chatMessages.you : chatMessages.assistant}: </span>
            <p className="chat__text">{b.reply.response}</p>
            {b.reply.link ? (
              <ChatLink to={b.reply.link} className="chat__link">
                {b.reply.textLink ?? b.reply.link}
              </ChatLink>
            ) : null}
            {b.reply.buttons.length > 0 ? (
              <div className="chat__buttons">
                {b.reply.buttons.map((button) =>
                  button.link ? (
                    <ChatLink key={button.label + button.link} to={button.link} className="button button--secondary chat__button">
                      {button.label}
                    </ChatLink>
                  ) : (
                    <Button key={button.label} variant="secondary" className="chat__button" onClick={() => void send(button.label)}>
                      {button.label}
                    </Button>
                  ),
                )}
              </div>
            ) : null}
          </div>
        ))}
        {typing ? (
          <div className="chat__bubble chat__bubble--assistant chat__typing">
            <span className="chat__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden">{chatMessages.typing}</span>
          </div>
        ) : null}
        <div ref={end} />
      </div>
      {last?.from === 'assistant' && last.reply.suggestions.length > 0 && !busy ? (
        <fieldset className="chat__suggestions">
          <legend className="visually-hidden">{chatMessages.suggestions}</legend>
          {last.reply.suggestions.map((s) => (
            <button key={s} type="button" className="chat__suggestion" onClick={() => void send(s)}>
              {s}
            </button>
          ))}
        </fieldset>
      ) : null}
      <form className="chat__form" onSubmit={onSubmit} noValidate>
        <label htmlFor="chat-input" className="visually-hidden">
          {chatMessages.inputLabel}
        </label>
        <input
          id="chat-input"
          className="field__input chat__input"
          value={text}
          maxLength={500}
          placeholder={chatMessages.placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'chat-error' : undefined}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button type="submit" busy={busy}>
          {chatMessages.send}
        </Button>
      </form>
      {error ? (
        <p className="field__error" id="chat-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
