import { appMessages, homeMessages, scanMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../../lib/session';
import { logoUrl, versionString } from '../../app/version';
import { useShopKey } from '../../lib/current-shop';
import { useApiVersion } from '../../app/version-poll';
import { Icon } from '../../components/ui/icons';
import { AfterPaint } from '../../components/ui/after-paint';
import { Loader } from '../../components/ui/loader';
import { hrefOf, PlainLink } from '../../components/ui/plain-link';
import { optionsCleanQueryOptions } from '../../lib/shop-api';
import { HomeActivity } from './home-activity';
import { HomeCarousel } from './home-carousel';
import { OpeningHoursCard } from './opening-hours';
import { AssistantCard, FeaturedServices, QuickActions } from './quick-actions';
import { ShopPicker } from './shop-picker';
import { TitledCard } from '../../components/ui/titled-card';
import './home.css';

/** '393331112233' → '+39 333 111 2233' (a mobile number as Italians write it); anything else as given. */
export function displayPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('39')) {
    return `+39 ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
  }
  return number;
}

/** wa.me wants the number in international form, digits only. */
export function whatsappUrl(number: string, text: string | undefined): string {
  const digits = number.replace(/\D/g, '');
  const international = digits.length <= 10 ? `39${digits}` : digits;
  return `https://wa.me/${international}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/**
 * Spec §1 and §2 Home: shop name and logo, the slides, quick buttons, phone, WhatsApp, opening
 * hours, featured services, the customer's counts (or 'Accedi'), the assistant card and the shop
 * picker.
 */
/**
 * The shop's logo, versioned by the API version (spec §7). Its own component: the version poll's
 * first answer re-renders the logo only, not the whole home (decision 0355). The box is kept while
 * the version loads, so the page does not shift when it comes.
 */
function HomeLogo() {
  const apiVersion = useApiVersion();
  const shop = useShopKey();
  return apiVersion ? (
    <img className="home__logo" src={logoUrl(versionString(apiVersion), shop)} alt="" width="64" height="64" />
  ) : (
    <span className="home__logo home__logo--pending" aria-hidden="true" />
  );
}

export function HomeScreen() {
  const loggedIn = useLoggedIn();
  const { data: options, isPending, isError } = useQuery(optionsCleanQueryOptions);
  const shopName = options?.shop_name ?? appMessages.name;

  return (
    <div className="page home">
      <header className="home__header">
        <HomeLogo />
        <h1 className="home__title">{shopName}</h1>
      </header>

      {/* The slides' box while the options load: the buttons below do not move when they arrive. */}
      {isPending ? (
        <div className="home__slides-pending">
          <Loader />
        </div>
      ) : null}
      {isError ? <p className="notice">{appMessages.loadFailed}</p> : null}

      {options?.slides_image?.length ? <HomeCarousel slides={options.slides_image} /> : null}

      <QuickActions />
      {/* Issue 20: the home's way to Search's scanner (the scanner loads there, not with the home). */}
      <PlainLink href={hrefOf('/app/search', { scan: '1' })} className="button button--secondary home__scan">
        {scanMessages.homeScan}
      </PlainLink>

      {/* What the options fill in comes at once when they arrive, so nothing below moves twice (CLS).
          Below the fold, it renders in two steps after the top's frame (AfterPaint, decision 0594):
          the start then has no long task of the whole screen's commit and layout. */}
      {isPending ? null : (
        <AfterPaint pendingClassName="home__later">
          {options?.call_number || options?.whatsapp_number ? (
            <TitledCard id="contacts-title" title={homeMessages.contacts}>
              <ul className="contact-list">
                {options.call_number ? (
                  <li>
                    <a className="contact-link" href={`tel:${options.call_number.replace(/[^\d+]/g, '')}`}>
                      <Icon name="phone" />
                      <span>
                        {homeMessages.call} <span className="contact-link__value">{options.call_number}</span>
                      </span>
                    </a>
                  </li>
                ) : null}
                {options.whatsapp_number ? (
                  <li>
                    <a
                      className="contact-link"
                      href={whatsappUrl(options.whatsapp_number, options.whatsapp_text)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Icon name="chat" />
                      <span>
                        {homeMessages.whatsapp} <span className="contact-link__value">{displayPhone(options.whatsapp_number)}</span>
                      </span>
                    </a>
                  </li>
                ) : null}
              </ul>
            </TitledCard>
          ) : null}

          {options?.open_on ? <OpeningHoursCard hours={options.open_on} /> : null}

          {loggedIn ? (
            <HomeActivity />
          ) : (
            <TitledCard id="home-login-title" className="home__login" title={<>{homeMessages.reservations} · {homeMessages.orders}</>}>
              <p>{homeMessages.loginForCounts}</p>
              <PlainLink href={hrefOf('/auth/login', { redirect: '/app/home' })} className="button button--primary button--block">
                {homeMessages.login}
              </PlainLink>
            </TitledCard>
          )}

          <AfterPaint pendingClassName="home__later">
            {options?.select_service?.length ? <FeaturedServices services={options.select_service} /> : null}

            <AssistantCard chatbot={options?.chatbot} />

            <ShopPicker />
          </AfterPaint>
        </AfterPaint>
      )}
    </div>
  );
}
