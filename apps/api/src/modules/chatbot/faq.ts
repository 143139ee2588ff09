import { contentTokens } from './text.js';

/**
 * The shop's FAQ page (content key `faq`, sanitized HTML) as question/answer pairs. A question is
 * a heading (h1–h6), a `<dt>`, a `<summary>`, or a paragraph made only of bold text; its answer is
 * everything up to the next question. Headings that are titles (no answer follows) are skipped.
 */

export interface FaqEntry {
  question: string;
  /** The answer as plain text. */
  answer: string;
  /** The first link of the answer that stays inside the app (e.g. /app/services), with its text. */
  link: { href: string; text: string } | null;
  /** Stems of the question (what a customer's message is compared with). */
  questionTokens: string[];
  /** Stems of the answer (a weaker signal). */
  answerTokens: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of an HTML fragment: tags removed, block ends as line breaks, spaces collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|dd|dt|tr)>/gi, '\n')
      .replace(/<li[^>]*>/gi, '• ')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const QUESTION =
  /<(h[1-6]|dt|summary)\b[^>]*>([\s\S]*?)<\/\1>|<p\b[^>]*>\s*<(strong|b)\b[^>]*>([\s\S]*?)<\/\3>\s*<\/p>/gi;

function firstAppLink(html: string): FaqEntry['link'] {
  for (const m of html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = decodeEntities(m[1] ?? '');
    if (href.startsWith('/app/')) return { href, text: htmlToText(m[2] ?? '') || href };
  }
  return null;
}

export function parseFaq(html: string): FaqEntry[] {
  const marks = [...html.matchAll(QUESTION)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    question: htmlToText(m[2] ?? m[4] ?? ''),
  }));
  const entries: FaqEntry[] = [];
  marks.forEach((mark, i) => {
    const answerHtml = html.slice(mark.end, marks[i + 1]?.start ?? html.length);
    const answer = htmlToText(answerHtml);
    if (!mark.question || !answer) return;
    entries.push({
      question: mark.question,
      answer,
      link: firstAppLink(answerHtml),
      questionTokens: contentTokens(mark.question),
      answerTokens: contentTokens(answer),
    });
  });
  return entries;
}
