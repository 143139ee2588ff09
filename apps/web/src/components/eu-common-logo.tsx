import { catalogueMessages } from '@farmacia/contract';
import logo from './eu-common-logo.png';

/**
 * The EU common logo for selling medicines at a distance (Reg. UE 699/2014; D.Lgs. 219/2006 art.
 * 112-quater, ARCHITECTURE §7): the national flag, the EU stars and the invitation to check the
 * site, linking to the Ministry of Health's register of authorised pharmacies. A PNG drawn by
 * `scripts/draw-eu-logo.mjs` (decision 0655): as an inline SVG its shapes and text were styled,
 * laid out and painted on the page's main thread, the seller strip's largest cost on a slow phone.
 * Built as a hashed asset that the service worker keeps with the app's files, so it shows offline too.
 */
export function EuCommonLogo({ registerUrl }: { registerUrl: string }) {
  return (
    <a className="eu-logo" href={registerUrl} target="_blank" rel="noopener noreferrer">
      <img src={logo} width="150" height="98" alt={catalogueMessages.euLogoAlt} decoding="async" />
    </a>
  );
}
