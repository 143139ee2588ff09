import { euLogoLinkOf, formatDate, accountMenuMessages, appMessages, shopLegalMessages, type ShopLegal } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Loader } from '../../components/ui/loader';
import { EuCommonLogo } from '../../components/eu-common-logo';
import { shopLegalQueryOptions } from '../../lib/shop-api';
import './legal.css';
import { Fact } from '../../components/ui/fact';

const L = shopLegalMessages;

/** The facts of the seller in the order the law lists them; a field the shop left blank is left out. */
function factsOf(legal: ShopLegal): Array<[string, string]> {
  const facts: Array<[string, string | null]> = [
    [L.legalName, legal.legal_name ?? legal.shop_name],
    [L.vatNumber, legal.vat_number],
    [L.registeredOffice, legal.registered_office],
    [L.responsiblePharmacist, legal.responsible_pharmacist],
    [L.pharmacistRegistration, legal.pharmacist_registration],
    [L.ministryAuthorizationCode, legal.ministry_authorization_code],
    [L.ministryAuthorizationDate, legal.ministry_authorization_date ? formatDate(legal.ministry_authorization_date) : null],
  ];
  return facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

/** `/app/legal` (issue 15, decision 0405): the seller's legal information, linked from every screen's footer. */
export function LegalScreen() {
  const { data, isPending, isError } = useQuery(shopLegalQueryOptions);
  const link = euLogoLinkOf(data);
  return (
    <div className="page legal">
      <h1>{L.title}</h1>
      {isPending ? <Loader /> : isError ? <p className="notice">{appMessages.loadFailed}</p> : null}
      {data ? (
        <>
          <dl className="legal__facts">
            {factsOf(data).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {data.email || data.phone ? (
              <Fact term={L.contacts}>
                {data.email ? <a href={`mailto:${data.email}`}>{data.email}</a> : null}
                {data.email && data.phone ? <br /> : null}
                {data.phone ? <a href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>{data.phone}</a> : null}
              </Fact>
            ) : null}
          </dl>
          {link ? (
            <section className="legal__eu" aria-labelledby="legal-eu-title">
              <h2 id="legal-eu-title">{L.ministryListLink}</h2>
              <p>{L.euLogoNote}</p>
              <EuCommonLogo registerUrl={link} />
            </section>
          ) : null}
        </>
      ) : null}
      <h2>{L.documents}</h2>
      <ul className="legal__links">
        <li>
          <Link to="/app/privacy">{accountMenuMessages.privacyPolicy}</Link>
        </li>
        <li>
          <Link to="/app/tos">{accountMenuMessages.terms}</Link>
        </li>
        <li>
          <Link to={'/app/accessibility' as '/'}>{L.accessibility}</Link>
        </li>
      </ul>
    </div>
  );
}
