import { messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../components/ui/icons';
import { Loader } from '../../components/ui/loader';
import { useLoggedIn } from '../../app/session';
import { logoUrl } from '../../app/version';
import { useApiVersion } from '../../app/version-poll';
import { versionString } from '../../app/version';
import { optionsCleanQueryOptions } from '../shop/shop-api';
import { OpeningHoursCard } from './opening-hours';

/** wa.me wants the number in international form, digits only. */
export function whatsappUrl(number: string, text: string | undefined): string {
  const digits = number.replace(/\D/g, '');
  const international = digits.length <= 10 ? `39${digits}` : digits;
  return `https://wa.me/${international}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/** The first Home (spec §2): shop name and logo, phone, WhatsApp, opening hours, login prompt. */
export function HomeScreen() {
  const loggedIn = useLoggedIn();
  const apiVersion = useApiVersion();
  const { data: options, isPending, isError } = useQuery(optionsCleanQueryOptions);
  const shopName = options?.shop_name ?? messages.app.name;

  return (
    <div className="page home">
      <header className="home__header">
        {apiVersion ? <img className="home__logo" src={logoUrl(versionString(apiVersion))} alt="" width="64" height="64" /> : null}
        <h1 className="home__title">{shopName}</h1>
      </header>

      {isPending ? <Loader /> : null}
      {isError ? <p className="notice">{messages.app.loadFailed}</p> : null}

      {options?.call_number || options?.whatsapp_number ? (
        <section className="card" aria-labelledby="contacts-title">
          <h2 id="contacts-title" className="card__title">
            {messages.home.contacts}
          </h2>
          <ul className="contact-list">
            {options.call_number ? (
              <li>
                <a className="contact-link" href={`tel:${options.call_number.replace(/[^\d+]/g, '')}`}>
                  <Icon name="phone" />
                  <span>
                    {messages.home.call} <span className="contact-link__value">{options.call_number}</span>
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
                    {messages.home.whatsapp} <span className="contact-link__value">{options.whatsapp_number}</span>
                  </span>
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      {options?.open_on ? <OpeningHoursCard hours={options.open_on} /> : null}

      {loggedIn ? null : (
        <section className="card home__login" aria-labelledby="home-login-title">
          <h2 id="home-login-title" className="card__title">
            {messages.home.reservations} · {messages.home.orders}
          </h2>
          <p>{messages.home.loginForCounts}</p>
          <Link to="/auth/login" search={{ redirect: '/app/home' }} className="button button--primary button--block">
            {messages.home.login}
          </Link>
        </section>
      )}
    </div>
  );
}
