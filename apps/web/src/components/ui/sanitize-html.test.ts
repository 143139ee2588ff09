import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps harmless formatting', () => {
    expect(sanitizeHtml('<h2>Titolo</h2><p>Testo <strong>forte</strong> e <em>corsivo</em></p><ul><li>uno</li></ul>')).toBe(
      '<h2>Titolo</h2><p>Testo <strong>forte</strong> e <em>corsivo</em></p><ul><li>uno</li></ul>',
    );
  });

  it('drops scripts, styles, frames and forms with their content', () => {
    const out = sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe><form><input></form>');
    expect(out).toBe('<p>a</p>');
  });

  it('removes event handlers, inline styles and dangerous URLs', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" style="color:red">a</p><a href="javascript:alert(1)">b</a><img src="x" onerror="y()"><img src="javascript:z">',
    );
    expect(out).not.toMatch(/onclick|onerror|style=|javascript:/);
    expect(out).toContain('<a>b</a>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<font color="red"><center>Ciao</center></font>')).toBe('Ciao');
  });

  it('opens external links in a new tab safely and keeps app links as they are', () => {
    const out = sanitizeHtml('<a href="https://www.salute.gov.it">Ministero</a> <a href="/app/tos">Termini</a>');
    expect(out).toContain('<a href="https://www.salute.gov.it" target="_blank" rel="noopener noreferrer">Ministero</a>');
    expect(out).toContain('<a href="/app/tos">Termini</a>');
  });

  it('drops comments', () => {
    expect(sanitizeHtml('<p>a<!-- <script>x</script> --></p>')).toBe('<p>a</p>');
  });
});
