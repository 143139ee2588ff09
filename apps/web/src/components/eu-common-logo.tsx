import { messages } from '@farmacia/contract';

const STARS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  return { x: 44 + 13 * Math.sin(angle), y: 33 - 13 * Math.cos(angle) };
});

/**
 * The EU common logo for selling medicines at a distance (Reg. UE 699/2014; D.Lgs. 219/2006 art.
 * 112-quater, ARCHITECTURE §7): the national flag, the EU stars and the invitation to check the
 * site, linking to the Ministry of Health's register of authorised pharmacies. Drawn inline, so
 * it costs no request and never shows broken.
 */
export function EuCommonLogo({ registerUrl }: { registerUrl: string }) {
  return (
    <a className="eu-logo" href={registerUrl} target="_blank" rel="noopener noreferrer">
      <svg viewBox="0 0 200 130" width="150" height="98" role="img" aria-label={messages.catalogue.euLogoAlt}>
        <rect x="1" y="1" width="198" height="128" rx="4" fill="#fff" stroke="#5b5b5b" strokeWidth="2" />
        {[0, 1, 2, 3, 4].map((i) => (
          <rect key={i} x="88" y={14 + i * 9} width="100" height="4" fill="#7a9a3a" />
        ))}
        <rect x="12" y="12" width="64" height="42" fill="#003399" />
        {STARS.map((star) => (
          <circle key={`${star.x}-${star.y}`} cx={star.x} cy={star.y} r="2.2" fill="#ffcc00" />
        ))}
        <rect x="12" y="60" width="21" height="16" fill="#009246" />
        <rect x="33" y="60" width="22" height="16" fill="#fff" stroke="#ccc" strokeWidth=".5" />
        <rect x="55" y="60" width="21" height="16" fill="#ce2b37" />
        <text x="100" y="92" textAnchor="middle" fontSize="11" fontFamily="Arial, sans-serif" fill="#1c2421">
          Clicca per verificare se
        </text>
        <text x="100" y="107" textAnchor="middle" fontSize="11" fontFamily="Arial, sans-serif" fill="#1c2421">
          questo sito web è legale
        </text>
      </svg>
    </a>
  );
}
