import { type HelpTopic, messages } from '@farmacia/contract';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import '../../components/ui/item-lists.css';
import { MissingPage } from '../../components/ui/missing-page';

const routeApi = getRouteApi('/_app/app/help/$topic');

/** Where each topic's "do it now" link goes (shown only once that screen exists). */
const ACTION_PATH: Record<HelpTopic, string> = {
  prescription: '/app/prescription',
  productphoto: '/app/productPhoto',
  Galenica: '/app/galenica',
  Services: '/app/services',
};

/** A topic spec §2 does not name. */
export function HelpNotFound() {
  return <MissingPage title={messages.help.notFound} to="/app/home" action={messages.app.backToHome} />;
}

/** /app/help/{productphoto|Galenica|Services|prescription}: how to use that part of the app. */
export function HelpScreen() {
  const { topic: key } = routeApi.useParams();
  const router = useRouter();
  const help = messages.help.topics[key];
  const action = ACTION_PATH[key];
  return (
    <article className="page help">
      <h1>{help.title}</h1>
      {help.sections.map((section) => (
        <section key={section.heading} className="help__section">
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      {action in router.routesByPath ? (
        <Link to={action as '/'} className="button button--primary button--block">
          {help.action}
        </Link>
      ) : null}
    </article>
  );
}
