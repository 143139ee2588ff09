import { type ChatReply, messages } from '@farmacia/contract';
import type { ShopFacts } from './knowledge.js';

/**
 * Optional second opinion: an OpenAI-compatible chat-completions endpoint (CHATBOT_LLM_URL),
 * asked only when the retrieval assistant found nothing. It gets the shop's facts and FAQ as
 * context and must answer in Italian about the pharmacy only; any failure (timeout, error, an
 * empty or refusing answer) falls back to the spec's failure reply. Never required.
 */
export interface LlmConfig {
  url: string;
  model: string;
  apiKey: string | undefined;
}

const MAX_CONTEXT_CHARS = 6000;
const MAX_ANSWER_CHARS = 800;

export function systemPrompt(facts: ShopFacts): string {
  const lines = [
    `Sei l'assistente virtuale della farmacia "${facts.name}". Rispondi in italiano, in modo breve e cortese, solo a domande sulla farmacia, i suoi servizi, prodotti, orari e sull'uso dell'app.`,
    'Non dare diagnosi né consigli su dosaggi o terapie: invita a chiedere al farmacista o al medico.',
    `Se non sai rispondere con le informazioni qui sotto, rispondi esattamente: "${messages.chat.failure}"`,
    facts.hours ? `Orari: ${facts.hours.text}.` : '',
    facts.phone ? `Telefono: ${facts.phone}.` : '',
    facts.address ? `Indirizzo: ${facts.address}.` : '',
    facts.services.length > 0 ? `Servizi prenotabili: ${facts.services.map((s) => s.name).join(', ')}.` : '',
    'Domande frequenti:',
    ...facts.faq.map((f) => `D: ${f.question}\nR: ${f.answer}`),
  ];
  return lines.filter(Boolean).join('\n').slice(0, MAX_CONTEXT_CHARS);
}

export async function askLlm(config: LlmConfig, facts: ShopFacts, message: string): Promise<ChatReply | undefined> {
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        max_tokens: 300,
        messages: [
          { role: 'system', content: systemPrompt(facts) },
          { role: 'user', content: message },
        ],
      }),
      signal: AbortSignal.timeout(8000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return undefined;
    const text = content.trim().slice(0, MAX_ANSWER_CHARS);
    if (!text || text === messages.chat.failure) return undefined;
    return { response: text, link: null, textLink: null, suggestions: [], buttons: [] };
  } catch {
    return undefined;
  }
}
