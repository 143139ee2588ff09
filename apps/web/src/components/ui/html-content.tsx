import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

/**
 * Renders HTML from the API (already sanitized by the server, sanitized again here). Links to the
 * app itself ('/app/...') navigate inside the app instead of reloading the page.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || !/^\/(?!\/)/.test(href) || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    // Clicks are delegated only to the links inside, which are keyboard-reachable themselves.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation for the links it contains
    // biome-ignore lint/a11y/useKeyWithClickEvents: links handle Enter natively and bubble a click
    // biome-ignore lint/security/noDangerouslySetInnerHtml: API HTML, sanitized by the server and by sanitizeHtml above
    <div className={['html-content', className ?? ''].filter(Boolean).join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: safe }} />
  );
}
