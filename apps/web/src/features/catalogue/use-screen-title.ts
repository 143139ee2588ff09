import { useEffect } from 'react';

/**
 * Names the browser tab and history entry after the screen (WCAG 2.4.2 Page Titled): 'TACHIPIRINA
 * 500 MG 20 CPR · Farmacia'. The app's own title comes back when the screen goes.
 */
export function useScreenTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    const appTitle = previous.includes(' · ') ? previous.slice(previous.lastIndexOf(' · ') + 3) : previous;
    document.title = `${title} · ${appTitle}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
