import { euLogoLinkOf, fillMessage, shopLegalMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { EuCommonLogo } from '../../components/eu-common-logo';
import { shopLegalQueryOptions } from '../../lib/shop-api';
import './legal.css';

/**
 * Who sells (ragione sociale, partita IVA, sede legale, Ministry authorization) and the EU common
 * logo linking to the shop's entry in the Ministry's list, under every medicines page (decision
 * 0405). The logo shows only for a shop whose authorization and list link are set.
 */
export function SellerStrip() {
  const { data } = useQuery(shopLegalQueryOptions);
  if (!data) return null;
  const link = euLogoLinkOf(data);
  const seller = data.legal_name ?? data.shop_name;
  return (
    <div className="seller-strip">
      <p className="seller-strip__text">
        {data.vat_number ? fillMessage(shopLegalMessages.sellerLine, { legalName: seller, vatNumber: data.vat_number }) : seller}
        {data.registered_office ? (
          <>
            <br />
            {data.registered_office}
          </>
        ) : null}
        {data.ministry_authorization_code ? (
          <>
            <br />
            {shopLegalMessages.ministryAuthorizationCode}: {data.ministry_authorization_code}
          </>
        ) : null}
      </p>
      {link ? <EuCommonLogo registerUrl={link} /> : null}
    </div>
  );
}
