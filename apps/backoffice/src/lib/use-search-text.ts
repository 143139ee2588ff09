import { useEffect, useState } from 'react';

/** How long typing must pause before a search runs: one request per word, not per key. */
const SEARCH_PAUSE_MS = 400;

/** A search box's text and, once typing pauses, the trimmed text to search for (products, customers). */
export function useSearchText() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, q };
}
