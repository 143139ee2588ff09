import { appMessages } from '@farmacia/contract';
import { useRouterState } from '@tanstack/react-router';
import { AfterPaint } from '../components/ui/after-paint';
import { isCurrentPath, PlainLink } from '../components/ui/plain-link';
import { useAfterStart } from './after-start';
import { OptionalChunk, optionalChunk } from './optional-chunk';

/**
 * The seller's identity and the EU logo: their own chunk, so the first load stays in budget; one
 * that failed to load (offline) leaves the footer without it rather than failing the app.
 */
const sellerStrip = optionalChunk(() => import('../features/legal/seller-strip').then((m) => ({ default: m.SellerStrip })));

const LEGAL_PATH = '/app/legal';

/**
 * The pages that offer medicines for sale at a distance (issue 15): Regulation (EU) 699/2014 wants
 * the EU common logo and the seller's identity on each of them.
 */
const MEDICINE_PAGES = /^\/app\/(home|search|category|product|promotions|cart|checkout)(\/|$)/;

export const offersMedicines = (pathname: string) => MEDICINE_PAGES.test(pathname);

/**
 * The footer of every screen (decision 0405): the link to the seller's legal information, and on
 * the pages that sell medicines the seller's identity and the EU common logo.
 */
export function LegalFooter() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The strip's lazy import (Vite's preload helper adding its chunks' preloads, ~1 ms each) comes
  // after the start (after-start.ts), and a frame after the tabs' first badge: in the same render
  // they were a task of 8 ms at 1× on the signed-in pages (issue 22, decision 0678).
  const strip = useAfterStart();
  return (
    <footer className="legal-footer">
      {strip && offersMedicines(pathname) ? (
        <AfterPaint>
          <OptionalChunk source={sellerStrip} />
        </AfterPaint>
      ) : null}
      {/* A plain anchor: a TanStack Link built its location at every start (decision 0671). */}
      <PlainLink href={LEGAL_PATH} className="legal-footer__link" current={isCurrentPath(pathname, LEGAL_PATH)}>
        {appMessages.legalInfo}
      </PlainLink>
    </footer>
  );
}
