import { Link } from '@tanstack/react-router';

/** Where a not-found page may send back to: the list or screen the missing thing belongs to. */
type BackTo = '/app/addresses' | '/app/fiscalcodes' | '/app/cart' | '/app/orders' | '/app/home';

/** A page whose record does not exist (or may not be opened here): its title and the way back. */
export function NotFoundPage({ title, to, linkText }: { title: string; to: BackTo; linkText: string }) {
  return (
    <div className="page page--centered">
      <h1>{title}</h1>
      <Link to={to} className="button button--primary">
        {linkText}
      </Link>
    </div>
  );
}
