import { Link, type LinkProps } from '@tanstack/react-router';

/** A screen for what is not there (a bad link, a row that is not the user's): its title and one way on. */
export function MissingPage({ title, to, action }: { title: string; to: LinkProps['to']; action: string }) {
  return (
    <div className="page page--centered">
      <h1>{title}</h1>
      <Link to={to} className="button button--primary">
        {action}
      </Link>
    </div>
  );
}
